// Rules for threads and questions: both belong to the user who created them and are invisible
// (404) to everyone else. A question names its documents by ids, a knowledge base or a folder;
// every document it names must be readable by the caller. Asking creates the question and its
// answering job in one transaction.
import type { Caller } from '../auth/caller.js';
import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { readableDocuments } from '../documents/access.js';
import { toWire as documentsToWire, type WireDeps } from '../documents/service.js';
import { getFolder } from '../folders/service.js';
import { notFound, validationError } from '../http/errors.js';
import { createJob } from '../jobs/create.js';
import { cancelOpenRuns, endJob, openJobIds } from '../jobs/repository.js';
import type { JobSubmitter } from '../jobs/create.js';
import { answerQuestionJob } from './answer-job.js';
import { getKnowledgeBase } from '../knowledge-bases/service.js';
import { defaultProvider, providerAvailable } from '../providers/answer/index.js';
import { nowIso } from '../util.js';
import * as repo from './repository.js';
import type { QuestionCreate, QuestionState, QuestionWire, ThreadSummaryWire, ThreadWire } from './schemas.js';

const DEFAULT_THREAD_NAME = 'New thread';

/** Ids are 32-bit keys on PostgreSQL: anything outside cannot exist (and must not reach the query). */
const isKey = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

export async function getThread(db: Db, caller: Caller, id: number): Promise<repo.ThreadRow> {
  const thread = isKey(id) ? await repo.findThread(db, caller.userId, id) : undefined;
  if (!thread) throw notFound('Thread not found');
  return thread;
}

export async function getQuestion(db: Db, caller: Caller, id: number): Promise<repo.QuestionRow> {
  const q = isKey(id) ? await repo.findQuestion(db, caller.userId, id) : undefined;
  if (!q) throw notFound('Question not found');
  return q;
}

export const listThreads = (db: Db, caller: Caller, limit: number, offset: number) => repo.listThreads(db, caller.userId, limit, offset);

export async function createThread({ trx }: UnitOfWork, caller: Caller, name: string | undefined): Promise<repo.ThreadRow> {
  const clean = (name ?? DEFAULT_THREAD_NAME).trim();
  if (clean === '') throw validationError(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  const now = nowIso();
  const row = await trx
    .insertInto('threads')
    .values({ organization_id: caller.organizationId, owner_id: caller.userId, name: clean, question_positions: '[]', created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

export async function renameThread({ trx }: UnitOfWork, caller: Caller, id: number, name: string): Promise<repo.ThreadRow> {
  await getThread(trx, caller, id);
  const clean = name.trim();
  if (clean === '') throw validationError(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  await trx.updateTable('threads').set({ name: clean, updated_at: nowIso() }).where('id', '=', id).execute();
  return getThread(trx, caller, id);
}

/** Deletes the thread and its questions and evidences; their running jobs are cancelled. */
export async function deleteThread({ trx, after }: UnitOfWork, caller: Caller, id: number, jobs: JobSubmitter): Promise<void> {
  await getThread(trx, caller, id);
  for (const jobId of await openJobIds(trx, await repo.questionJobIds(trx, id))) {
    await endJob(trx, jobId, 'cancelled', 'the thread was deleted');
    await cancelOpenRuns(trx, jobId);
    after.add(() => jobs.queue.cancel(jobId));
  }
  await trx.deleteFrom('threads').where('id', '=', id).execute();
}

/** The documents a question is asked over, all readable by the caller (404 otherwise). */
async function resolveDocuments(db: Db, caller: Caller, input: QuestionCreate): Promise<{ scope: Record<string, unknown>; ids: string[] }> {
  const given = [input.document_ids, input.knowledge_base_id, input.folder_id].filter((v) => v !== undefined).length;
  if (given !== 1) {
    throw validationError(['body'], 'Give exactly one of document_ids, knowledge_base_id or folder_id', 'value_error');
  }
  if (input.document_ids) {
    const rows = await readableDocuments(db, caller).select('documents.id').where('documents.id', 'in', input.document_ids).execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = input.document_ids.find((d) => !found.has(d));
    if (missing) throw notFound(`Document not found: ${missing}`);
    return { scope: { document_ids: input.document_ids }, ids: input.document_ids };
  }
  if (input.knowledge_base_id) {
    await getKnowledgeBase(db, caller, input.knowledge_base_id);
    const rows = await readableDocuments(db, caller)
      .innerJoin('document_knowledge_bases as dkb', 'dkb.document_id', 'documents.id')
      .select('documents.id')
      .where('dkb.knowledge_base_id', '=', input.knowledge_base_id)
      .orderBy('documents.created_at')
      .execute();
    return { scope: { knowledge_base_id: input.knowledge_base_id }, ids: rows.map((r) => r.id) };
  }
  const folderId = input.folder_id ?? '';
  await getFolder(db, caller, folderId);
  const rows = await readableDocuments(db, caller).select('documents.id').where('documents.folder_id', '=', folderId).orderBy('documents.created_at').execute();
  return { scope: { folder_id: folderId }, ids: rows.map((r) => r.id) };
}

export async function askQuestion(
  uow: UnitOfWork,
  caller: Caller,
  threadId: number,
  input: QuestionCreate,
  deps: { config: Config; jobs: JobSubmitter },
): Promise<{ question: repo.QuestionRow; jobId: string }> {
  const { trx } = uow;
  const thread = await getThread(trx, caller, threadId);
  const text = input.question_text.trim();
  if (text === '') throw validationError(['body', 'question_text'], 'String should have at least 1 character', 'string_too_short');
  const provider = input.llm_provider ?? defaultProvider(deps.config.llm);
  if (!providerAvailable(deps.config.llm, provider)) {
    throw validationError(['body', 'llm_provider'], `llm_provider ${provider} is not configured on this server (PAGELENS_LLM_PROVIDER=${deps.config.llm.kind})`, 'value_error');
  }
  const { scope, ids } = await resolveDocuments(trx, caller, input);
  const now = nowIso();
  const question = await trx
    .insertInto('questions')
    .values({
      thread_id: thread.id,
      organization_id: caller.organizationId,
      user_id: caller.userId,
      question_text: text,
      scope: JSON.stringify(scope),
      document_ids: JSON.stringify(ids),
      plan: null,
      final_answer: null,
      answer_mode: input.answer_mode ?? 'concise',
      llm_provider: provider,
      chunk_type: input.chunk_type ?? 'all',
      num_chunks: input.num_chunks ?? 8,
      num_chunks_processed: 0,
      current_state: 'queued',
      job_status_id: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const jobId = await createJob(uow, deps.jobs, answerQuestionJob(caller, question));
  await trx.updateTable('questions').set({ job_status_id: jobId }).where('id', '=', question.id).execute();
  const positions = [...(JSON.parse(thread.question_positions) as number[]), question.id];
  await trx.updateTable('threads').set({ question_positions: JSON.stringify(positions), updated_at: now }).where('id', '=', thread.id).execute();
  return { question: { ...question, job_status_id: jobId }, jobId };
}

/** The state shown: a cancelled or failed job ends an unfinished question in that state. */
function shownState(q: repo.QuestionRow, job: { status: string } | undefined): QuestionState {
  const state = q.current_state as QuestionState;
  if (state === 'done' || state === 'error' || state === 'cancelled') return state;
  if (job?.status === 'cancelled') return 'cancelled';
  if (job?.status === 'error') return 'error';
  return state;
}

export async function questionsToWire(db: Db, caller: Caller, deps: WireDeps, rows: repo.QuestionRow[]): Promise<QuestionWire[]> {
  const evidences = await repo.evidencesOf(db, rows.map((r) => r.id));
  const jobs = await repo.jobStates(db, rows.map((r) => r.job_status_id).filter((j): j is string => j !== null));
  const allIds = [...new Set(rows.flatMap((r) => JSON.parse(r.document_ids) as string[]))];
  const docs = allIds.length ? await readableDocuments(db, caller).selectAll('documents').where('documents.id', 'in', allIds).execute() : [];
  const wired = new Map((await documentsToWire(db, deps, docs)).map((d) => [d.id, d]));
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    thread_id: r.thread_id,
    question_text: r.question_text,
    documents: (JSON.parse(r.document_ids) as string[]).flatMap((id) => wired.get(id) ?? []),
    plan: r.plan === null ? null : (JSON.parse(r.plan) as QuestionWire['plan']),
    evidences: evidences
      .filter((e) => e.question_id === r.id)
      .map((e) => ({
        id: e.id,
        question_id: e.question_id,
        evidence: e.evidence,
        reasoning: e.reasoning,
        sequence_number: e.sequence_number,
        document_id: e.document_id,
        page_number: e.page_number,
        bboxes: e.bboxes === null ? null : (JSON.parse(e.bboxes) as number[][]),
        created_at: e.created_at,
        updated_at: e.updated_at,
      })),
    final_answer: r.final_answer === null ? null : (JSON.parse(r.final_answer) as QuestionWire['final_answer']),
    answer_mode: r.answer_mode,
    llm_provider: r.llm_provider,
    chunk_type: r.chunk_type,
    num_chunks: r.num_chunks,
    num_chunks_processed: r.num_chunks_processed,
    current_state: shownState(r, r.job_status_id ? jobs.get(r.job_status_id) : undefined),
    job_status_id: r.job_status_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export const threadSummary = (t: repo.ThreadRow): ThreadSummaryWire => ({
  thread_id: t.id,
  name: t.name,
  created_at: t.created_at,
  updated_at: t.updated_at,
  question_positions: JSON.parse(t.question_positions) as number[],
});

export async function threadToWire(db: Db, caller: Caller, deps: WireDeps, t: repo.ThreadRow): Promise<ThreadWire> {
  const summary = threadSummary(t);
  const rows = await repo.questionsOfThread(db, t.id);
  const byId = new Map((await questionsToWire(db, caller, deps, rows)).map((q) => [q.id, q]));
  return { ...summary, questions: summary.question_positions.flatMap((id) => byId.get(id) ?? []) };
}
