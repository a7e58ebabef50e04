// Question answering quality (offline engine by default): generated reports with known facts
// (eval/qa-set.ts) go through the real pipeline of an in-process app, then every question is asked
// through the HTTP API (POST /threads/{id}/questions, polled with GET /questions/{id}) over all
// documents at once, and scored: token F1 (SQuAD) of final_answer.text against the gold answer,
// whether the cited evidence is on the gold document and page, and "not in the documents" for
// the unanswerable ones. Questions split into a dev third (used to tune the thresholds in
// src/providers/answer/extractive.ts) and a held-out two thirds.
// Usage: node dist-bench/eval/qa.js [--docs 25]; PAGELENS_LLM_* settings select a model service,
// PAGELENS_EMBEDDINGS_* an embeddings endpoint: retrieval then fuses full text with semantic hits
// (the eval waits for every document's embed_chunks job and fails if one did not finish).
import { tokenF1 } from '../src/providers/answer/text.js';
import { generateQaSet, pdfOf, type Category, type QaItem } from './qa-set.js';
import { sleep, withEvalService } from './qa-service.js';

interface Answer {
  current_state: string;
  final_answer: { text: string; citations: number[]; not_found: boolean } | null;
  evidences: Array<{ id: number; document_id: string; page_number: number | null }>;
}

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

interface Scored {
  item: QaItem;
  split: 'dev' | 'held-out';
  f1: number;
  pageCorrect: boolean;
  notFound: boolean;
}

function report(rows: Scored[], label: string): void {
  const answerable = rows.filter((r) => r.item.answer !== null);
  const unanswerable = rows.filter((r) => r.item.answer === null);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  const line = (name: string, rs: Scored[]) =>
    rs[0]?.item.answer === null
      ? `  ${name.padEnd(14)} n=${String(rs.length).padStart(3)}  not-in-documents correct ${mean(rs.map((r) => (r.notFound ? 1 : 0))).toFixed(3)}`
      : `  ${name.padEnd(14)} n=${String(rs.length).padStart(3)}  F1 ${mean(rs.map((r) => r.f1)).toFixed(3)}  evidence page ${mean(rs.map((r) => (r.pageCorrect ? 1 : 0))).toFixed(3)}  wrongly not-found ${mean(rs.map((r) => (r.notFound ? 1 : 0))).toFixed(3)}`;
  console.log(`${label}:`);
  console.log(line('answerable', answerable));
  for (const c of ['text', 'table', 'chart'] as Category[]) console.log(line(c, answerable.filter((r) => r.item.category === c)));
  console.log(line('unanswerable', unanswerable));
}

async function main(): Promise<void> {
  const docCount = arg('docs', 25);
  const { docs, items } = generateQaSet(docCount);
  await withEvalService('qa', async ({ config, ctx, api, process: processDocs }) => {
    const t0 = performance.now();
    const docIds = await processDocs(docs.map((doc) => ({ name: doc.name, pdf: pdfOf(doc) })));
    const processedS = (performance.now() - t0) / 1000;
    console.log(`processed ${docs.length} documents (${docs.length * 4} pages) in ${processedS.toFixed(1)} s`);
    if (config.embeddings.enabled) {
      const t2 = performance.now();
      for (;;) {
        const embedJobs = await ctx.database.db.selectFrom('job_statuses').select(['status', 'error_message']).where('kind', '=', 'embed_chunks').execute();
        const failed = embedJobs.find((j) => j.status === 'error' || j.status === 'cancelled');
        if (failed) throw new Error(`embedding failed: ${failed.error_message ?? failed.status}`);
        if (embedJobs.length === docs.length && embedJobs.every((j) => j.status === 'done')) break;
        await sleep(100);
      }
      const vectors = await ctx.database.db.selectFrom('chunk_embeddings').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      console.log(`embedded ${Number(vectors.n)} chunks with ${config.embeddings.model ?? ''} in ${((performance.now() - t2) / 1000).toFixed(1)} s`);
    }
    console.log(`retrieval: ${config.embeddings.enabled ? `full text + embeddings (${config.embeddings.model ?? ''}), reciprocal rank fusion k=60` : 'full text only (PAGELENS_EMBEDDINGS_MODEL unset)'}`);

    const thread = await api<{ thread_id: number }>('POST', '/threads', { name: 'eval' });
    const scored: Scored[] = [];
    const t1 = performance.now();
    const BATCH = 8;
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const asked = await Promise.all(
        batch.map((item) => api<{ question: { id: number } }>('POST', `/threads/${thread.thread_id}/questions`, { question_text: item.question, document_ids: docIds })),
      );
      const answers = await Promise.all(
        asked.map(async ({ question }) => {
          for (;;) {
            const q = await api<Answer>('GET', `/questions/${question.id}`);
            if (['done', 'error', 'cancelled'].includes(q.current_state)) return q;
            await sleep(20);
          }
        }),
      );
      batch.forEach((item, k) => {
        const a = answers[k]!;
        const fa = a.final_answer;
        const notFound = fa?.not_found ?? true;
        const cited = a.evidences.filter((e) => fa?.citations.includes(e.id));
        scored.push({
          item,
          split: (i + k) % 3 === 0 ? 'dev' : 'held-out',
          f1: item.answer === null || notFound || !fa ? 0 : tokenF1(fa.text, item.answer),
          pageCorrect: item.doc !== null && cited.some((e) => e.document_id === docIds[item.doc!] && e.page_number === item.page),
          notFound,
        });
      });
    }
    const askS = (performance.now() - t1) / 1000;
    console.log(`asked ${items.length} questions in ${askS.toFixed(1)} s (${((askS * 1000) / items.length).toFixed(0)} ms each, ${BATCH} at a time); engine ${config.llm.kind === 'none' ? 'offline' : config.llm.kind}`);
    report(scored.filter((s) => s.split === 'dev'), 'dev split');
    report(scored.filter((s) => s.split === 'held-out'), 'held-out split');
    report(scored, 'all');
    const misses = scored.filter((s) => (s.item.answer !== null && s.f1 < 0.5) || (s.item.answer === null && !s.notFound)).slice(0, 12);
    for (const m of misses) console.log(`  miss [${m.split}] ${m.item.question} gold=${m.item.answer ?? '(none)'} f1=${m.f1.toFixed(2)} notFound=${m.notFound}`);
  });
}

await main();
