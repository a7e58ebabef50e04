// `answer_question` (queue 'models'): plan -> retrieve num_chunks chunks (full text, fused with
// semantic retrieval when embeddings are configured; only documents the asker can still read) ->
// read each for evidence (num_chunks_processed counts up, and the job's progress with it) -> final
// answer citing evidence ids. current_state follows: queued, planning, retrieving, reading,
// answering, done (error and cancelled come from the job). Every write goes through ctx.commit,
// so a cancelled job writes nothing more.
import { Value } from 'typebox/value';
import type { StepPorts } from '../context.js';
import type { SingleKind, StepContext } from '../jobs/kinds.js';
import { setProgress } from '../jobs/repository.js';
import { createAnswerEngine, type AnswerMode, type AnswerProvider, type CitedEvidence, type Plan, type Usage } from '../providers/answer/index.js';
import { searchChunks } from '../search/chunk-search.js';
import { fuseByRank } from '../search/fusion.js';
import { recordEmbeddingUsage, retrieveChunks } from '../search/semantic.js';
import { nowIso } from '../util.js';
import { pageLines, passageOf, recordUsage, wantsProseLook } from './answering.js';
import { namesQuery } from './names-query.js';
import { findQuestionById, stillReadableDocuments, type QuestionRow } from './repository.js';
import { ANSWER_JOB_KIND, AnswerPayload, type AnswerPayloadT } from './answer-job.js';
import type { QuestionState } from './schemas.js';


const KINDS_OF: Record<string, string[] | undefined> = { all: undefined, text: ['text'], table: ['table'], chart: ['chart'], component: ['component'] };

async function setState(ctx: StepContext<StepPorts>, id: number, changes: { current_state?: QuestionState; plan?: string; num_chunks_processed?: number; final_answer?: string }): Promise<void> {
  await ctx.commit((trx) => trx.updateTable('questions').set({ ...changes, updated_at: nowIso() }).where('id', '=', id).execute());
}

async function usage(ctx: StepContext<StepPorts>, q: QuestionRow, u: Usage | null, documentId: string | null = null): Promise<void> {
  if (!u) return;
  await ctx.commit((trx) =>
    recordUsage(trx, ctx.ports.config.llm.prices, u, { organizationId: q.organization_id, documentId, questionId: q.id, purpose: 'question_answering' }),
  );
}

export const answerQuestionKind: SingleKind<AnswerPayloadT, StepPorts> = {
  name: ANSWER_JOB_KIND,
  queue: 'models',
  mode: 'single',
  parse(payload) {
    const value = Value.Default(AnswerPayload, structuredClone(payload));
    if (!Value.Check(AnswerPayload, value)) throw new Error('invalid answer_question payload');
    return value;
  },
  async run(ctx, p) {
    const { db, dialect } = ctx.ports.database;
    const q = await findQuestionById(db, p.question_id);
    if (!q) return; // the thread was deleted
    const engine = createAnswerEngine(ctx.ports.config.llm, q.llm_provider as AnswerProvider);
    // A retry starts over: evidences of an earlier attempt go.
    await ctx.commit((trx) => trx.deleteFrom('evidences').where('question_id', '=', q.id).execute());

    await setState(ctx, q.id, { current_state: 'planning', num_chunks_processed: 0 });
    const planned = await engine.plan(q.question_text);
    await usage(ctx, q, planned.usage);
    const plan: Plan = planned.value;
    await setState(ctx, q.id, { current_state: 'retrieving', plan: JSON.stringify(plan) });

    // Visibility is checked again now, not only when the question was asked.
    const documentIds = await stillReadableDocuments(db, q);
    const retrieved = await retrieveChunks(
      db,
      dialect,
      { query: [q.question_text, ...plan.search_terms].join(' '), documentIds, limit: q.num_chunks, kinds: KINDS_OF[q.chunk_type] },
      ctx.ports.engines.embedder,
      { scanCap: ctx.ports.config.embeddings.maxScan },
    );
    const { semantic } = retrieved;
    // Passages naming what the question is about rank beside those sharing its other words.
    const names = namesQuery(q.question_text);
    const kinds = KINDS_OF[q.chunk_type] ? { kinds: KINDS_OF[q.chunk_type] } : {};
    // The offline reader is cheap, so it reads twice as many passages naming the question's subject.
    const namedLimit = q.llm_provider === 'offline' ? 2 * q.num_chunks : q.num_chunks;
    const named = names === '' ? [] : await searchChunks(db, dialect, { query: names, documentIds, limit: namedLimit, ...kinds });
    // Each part of a multi-part question is also looked up on its own (with the question's names):
    // the words of one part must not crowd out the passage that answers the other.
    const perPart =
      plan.sub_questions.length > 1
        ? await Promise.all(plan.sub_questions.map((part) => searchChunks(db, dialect, { query: `${part} ${names}`, documentIds, limit: q.num_chunks, ...kinds })))
        : [];
    // The offline reader is cheap: it reads every list whole; a model reads num_chunks of the fused ranking.
    const lists = [retrieved.hits, named, ...perPart];
    const hits = q.llm_provider === 'offline' ? lists.flat().filter((h, i, all) => all.findIndex((o) => o.chunkId === h.chunkId) === i) : fuseByRank(lists, q.num_chunks);
    if (semantic.status === 'used') {
      await ctx.commit((trx) => recordEmbeddingUsage(trx, ctx.ports.config.llm.prices, semantic, { organizationId: q.organization_id, questionId: q.id }));
    }
    await setState(ctx, q.id, { current_state: 'reading' });

    const evidences: CitedEvidence[] = [];
    let processed = 0;
    const seen = new Set<string>();
    const readHits = async (list: typeof hits, total: number): Promise<void> => {
      const pages = await pageLines(db, list);
      for (const hit of list) {
        await ctx.checkpoint();
        const read = await engine.read(q.question_text, plan, passageOf(hit, pages));
        // Chunks of one page share context (table headers): keep each evidence once (per question part).
        read.value = read.value.filter((e) => {
          const key = `${e.documentId}:${e.pageNumber}:${e.part ?? 0}:${e.evidence}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        await usage(ctx, q, read.usage, hit.documentId);
        processed++;
        await ctx.commit(async (trx) => {
          for (const e of read.value) {
            const now = nowIso();
            const row = await trx
              .insertInto('evidences')
              .values({
                question_id: q.id,
                evidence: e.evidence,
                reasoning: e.reasoning,
                sequence_number: evidences.length + 1,
                document_id: e.documentId,
                page_number: e.pageNumber,
                bboxes: JSON.stringify(e.bboxes),
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            evidences.push({ ...e, id: row.id });
          }
          await trx.updateTable('questions').set({ num_chunks_processed: processed, updated_at: nowIso() }).where('id', '=', q.id).execute();
          // The job's progress is the share of retrieved chunks read (100 only once it is done).
          await setProgress(trx, ctx.jobId, Math.min(99, Math.floor((processed * 100) / total)));
        });
      }
    };
    await readHits(hits, hits.length);
    await setState(ctx, q.id, { current_state: 'answering' });
    let answered = await engine.answer(q.question_text, evidences, q.answer_mode as AnswerMode);
    // Table rows that repeat their caption can crowd prose out of the rankings: when the offline
    // reader found nothing (or nothing for a part), it also reads the best prose passages ranked
    // on their own, once, and answers again.
    if (wantsProseLook(q.llm_provider, q.chunk_type, answered.value)) {
      const read = new Set(hits.map((h) => h.chunkId));
      const prose = (await searchChunks(db, dialect, { query: [q.question_text, ...plan.search_terms].join(' '), documentIds, limit: q.num_chunks, kinds: ['text'] })).filter((h) => !read.has(h.chunkId));
      if (prose.length > 0) {
        await setState(ctx, q.id, { current_state: 'reading' });
        await readHits(prose, hits.length + prose.length);
        await setState(ctx, q.id, { current_state: 'answering' });
        answered = await engine.answer(q.question_text, evidences, q.answer_mode as AnswerMode);
      }
    }
    await usage(ctx, q, answered.usage);
    await setState(ctx, q.id, { current_state: 'done', final_answer: JSON.stringify(answered.value) });
  },
};
