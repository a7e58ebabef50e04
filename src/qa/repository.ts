// Queries for threads, questions and evidences. Threads and questions are read through the
// owner's id only, so another user's ids behave as missing.
import type { Caller } from '../auth/caller.js';
import type { Db, EvidencesTable, QuestionsTable, ThreadsTable } from '../db/types.js';
import { readableDocuments } from '../documents/access.js';
import { jobStates as jobStatesOf } from '../jobs/repository.js';

export type ThreadRow = Omit<ThreadsTable, 'id'> & { id: number };
export type QuestionRow = Omit<QuestionsTable, 'id'> & { id: number };
export type EvidenceRow = Omit<EvidencesTable, 'id'> & { id: number };

export const findThread = (db: Db, ownerId: string, id: number): Promise<ThreadRow | undefined> =>
  db.selectFrom('threads').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();

export async function listThreads(db: Db, ownerId: string, limit: number, offset: number): Promise<{ rows: ThreadRow[]; total: number }> {
  const rows = await db
    .selectFrom('threads')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db.selectFrom('threads').select((eb) => eb.fn.countAll<string | number>().as('n')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export const findQuestion = (db: Db, userId: string, id: number): Promise<QuestionRow | undefined> =>
  db.selectFrom('questions').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const findQuestionById = (db: Db, id: number): Promise<QuestionRow | undefined> =>
  db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();

export const questionsOfThread = (db: Db, threadId: number): Promise<QuestionRow[]> =>
  db.selectFrom('questions').selectAll().where('thread_id', '=', threadId).execute();

export const evidencesOf = (db: Db, questionIds: number[]): Promise<EvidenceRow[]> =>
  questionIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom('evidences').selectAll().where('question_id', 'in', questionIds).orderBy('question_id').orderBy('sequence_number').execute();

export async function jobStates(db: Db, jobIds: string[]): Promise<Map<string, { status: string; error: string | null }>> {
  const rows = await jobStatesOf(db, jobIds);
  return new Map(rows.map((r) => [r.id, { status: r.status, error: r.error_message }]));
}

/** The answering jobs of a thread's questions. */
export async function questionJobIds(db: Db, threadId: number): Promise<string[]> {
  const rows = await db.selectFrom('questions').select('job_status_id').where('thread_id', '=', threadId).execute();
  return rows.flatMap((r) => (r.job_status_id ? [r.job_status_id] : []));
}

/**
 * The question's documents the asker may read now, as the answering job runs: documents deleted,
 * made private by another owner, moved out of the asker's organization, or an asker who left the
 * organization (their current organization decides) drop out. A removed asker reads nothing.
 */
export async function stillReadableDocuments(db: Db, q: QuestionRow): Promise<string[]> {
  const asked = JSON.parse(q.document_ids) as string[];
  if (asked.length === 0) return [];
  const user = await db.selectFrom('users').select(['id', 'organization_id', 'email', 'is_admin']).where('id', '=', q.user_id).executeTakeFirst();
  if (!user) return [];
  // The job acts for the asker; no token is involved.
  const asker: Caller = { userId: user.id, organizationId: user.organization_id, email: user.email, isAdmin: Number(user.is_admin) === 1, tokenId: '' };
  const rows = await readableDocuments(db, asker).select('documents.id').where('documents.id', 'in', asked).execute();
  const readable = new Set(rows.map((r) => r.id));
  return asked.filter((id) => readable.has(id));
}
