// The jobs domain's queries: job statuses, task runs, workers and page failures. Every query of
// job_statuses in the code base is here. The database is the only source of truth for jobs:
// queue backends only carry task-run ids, and every state change here is a guarded, atomic update.
import { sql, type Kysely } from 'kysely';
import type { Caller } from '../auth/caller.js';
import type { Dialect } from '../db/connection.js';
import { readableDocuments } from '../documents/access.js';
import type { Database, Db, JobStatusesTable, TaskRunsTable } from '../db/types.js';
import { newId, nowIso } from '../util.js';
import type { QueueName } from './kinds.js';

export type TaskName = 'prepare' | 'page' | 'finalize' | 'run';
export type RunStatus = 'queued' | 'waiting' | 'running' | 'done' | 'error' | 'cancelled';
export const FINISHED_RUN: readonly RunStatus[] = ['done', 'error', 'cancelled'];

export interface NewRun {
  jobId: string;
  task: TaskName;
  pageNumber: number | null;
  queue: QueueName;
  status: 'queued' | 'waiting';
}

export function runRow(r: NewRun, now = nowIso()): TaskRunsTable {
  return {
    id: newId(),
    job_id: r.jobId,
    task: r.task,
    page_number: r.pageNumber,
    page_key: r.pageNumber ?? -1,
    queue: r.queue,
    status: r.status,
    worker_id: null,
    attempts: 0,
    retry_count: 0,
    available_at: now,
    dispatched_at: null,
    created_at: now,
    started_at: null,
    finished_at: null,
    duration_ms: null,
    error: null,
  };
}

export async function insertRuns(db: Db, runs: TaskRunsTable[]): Promise<void> {
  // Chunked: SQLite limits the number of bound parameters in one statement.
  for (let i = 0; i < runs.length; i += 50) {
    await db.insertInto('task_runs').values(runs.slice(i, i + 50)).execute();
  }
}

/** Atomically takes the oldest queued task run of the given queues for this worker. */
export async function claimNext(
  db: Kysely<Database>,
  dialect: Dialect,
  workerId: string,
  queues: readonly QueueName[],
): Promise<TaskRunsTable | undefined> {
  const now = nowIso();
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<TaskRunsTable>`
    update task_runs
       set status = 'running', worker_id = ${workerId}, attempts = attempts + 1, started_at = ${now}
     where id = (
       select id from task_runs
        where status = 'queued' and queue in (${sql.join(queues)}) and available_at <= ${now}
        order by created_at, page_key
        limit 1 ${lock})
       and status = 'queued'
    returning *`.execute(db);
  return result.rows[0];
}

/** Takes one specific task run if it is still queued (BullMQ delivers ids; the DB decides). */
export async function claimById(db: Kysely<Database>, runId: string, workerId: string): Promise<TaskRunsTable | undefined> {
  const now = nowIso();
  const result = await sql<TaskRunsTable>`
    update task_runs
       set status = 'running', worker_id = ${workerId}, attempts = attempts + 1, started_at = ${now}
     where id = ${runId} and status = 'queued'
    returning *`.execute(db);
  return result.rows[0];
}

/** Whether this database has the run at all (a worker may be pointed at the wrong one). */
export async function runExists(db: Kysely<Database>, runId: string): Promise<boolean> {
  const row = await db.selectFrom('task_runs').select('id').where('id', '=', runId).executeTakeFirst();
  return row !== undefined;
}

/** The guard every write of a step goes through: this worker still holds this attempt. */
export async function holdsLease(db: Db, run: TaskRunsTable): Promise<'ok' | 'cancelled' | 'lost'> {
  const row = await db
    .selectFrom('task_runs')
    .innerJoin('job_statuses', 'job_statuses.id', 'task_runs.job_id')
    .select(['task_runs.status', 'task_runs.worker_id', 'task_runs.attempts', 'job_statuses.status as job_status'])
    .where('task_runs.id', '=', run.id)
    .executeTakeFirst();
  if (!row) return 'cancelled'; // the job (or its document) was deleted
  if (row.job_status === 'cancelled' || row.status === 'cancelled') return 'cancelled';
  if (row.status !== 'running' || row.worker_id !== run.worker_id || row.attempts !== run.attempts) return 'lost';
  return 'ok';
}

export async function finishRun(
  db: Db,
  run: TaskRunsTable,
  status: 'done' | 'error' | 'cancelled',
  error: string | null = null,
): Promise<boolean> {
  const now = new Date();
  const started = run.started_at ? Date.parse(run.started_at) : now.getTime();
  const res = await db
    .updateTable('task_runs')
    .set({ status, finished_at: now.toISOString(), duration_ms: now.getTime() - started, error })
    .where('id', '=', run.id)
    .where('status', '=', 'running')
    .where('worker_id', '=', run.worker_id)
    .where('attempts', '=', run.attempts)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function recordPageFailure(db: Db, jobId: string, pageNumber: number, message: string): Promise<void> {
  await db
    .insertInto('page_failures')
    .values({ id: newId(), job_id: jobId, page_number: pageNumber, message, created_at: nowIso() })
    .execute();
}

/** Cancels every not-yet-finished task run of a job (queued ones then never start). */
export async function cancelOpenRuns(db: Db, jobId: string): Promise<void> {
  await db
    .updateTable('task_runs')
    .set({ status: 'cancelled', finished_at: nowIso() })
    .where('job_id', '=', jobId)
    .where('status', 'in', ['queued', 'waiting'])
    .execute();
}

export interface WorkerInfo {
  id: string;
  host: string;
  pid: number;
  backend: string;
  queues: readonly QueueName[];
  concurrency: number;
}

export async function registerWorker(db: Db, w: WorkerInfo): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('workers')
    .values({
      id: w.id,
      host: w.host,
      pid: w.pid,
      backend: w.backend,
      queues: JSON.stringify(w.queues),
      concurrency: w.concurrency,
      current_task: null,
      started_at: now,
      last_heartbeat_at: now,
      stopped_at: null,
    })
    .execute();
}

export async function heartbeat(db: Db, workerId: string, currentTask: string | null): Promise<void> {
  await db
    .updateTable('workers')
    .set({ last_heartbeat_at: nowIso(), current_task: currentTask })
    .where('id', '=', workerId)
    .where('stopped_at', 'is', null)
    .execute();
}

export async function stopWorker(db: Db, workerId: string): Promise<void> {
  await db.updateTable('workers').set({ stopped_at: nowIso(), current_task: null }).where('id', '=', workerId).execute();
}

// ---- job_statuses ----

export const OPEN_JOB: readonly string[] = ['queued', 'processing'];

export async function insertJobStatus(db: Db, row: JobStatusesTable): Promise<void> {
  await db.insertInto('job_statuses').values(row).execute();
}

export async function loadJob(db: Db, jobId: string): Promise<JobStatusesTable | undefined> {
  return db.selectFrom('job_statuses').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** Moves a queued job to processing (first run started); conditional, so a cancel stays. */
export async function markProcessing(db: Db, job: JobStatusesTable): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('job_statuses')
    .set({ status: 'processing', started_at: now, updated_at: now, attempts: job.attempts + 1 })
    .where('id', '=', job.id)
    .where('status', '=', 'queued')
    .execute();
}

/** Ends an open job: done (progress 100), error or cancelled. Never overwrites an ended job. */
export async function endJob(db: Db, jobId: string, status: 'done' | 'error' | 'cancelled', message: string | null): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('job_statuses')
    .set({ status, error_message: message, finished_at: now, updated_at: now, ...(status === 'done' ? { progress: 100 } : {}) })
    .where('id', '=', jobId)
    .where('status', 'in', OPEN_JOB)
    .execute();
}

export async function setTotalPages(db: Db, jobId: string, pages: number, now = nowIso()): Promise<void> {
  await db.updateTable('job_statuses').set({ total_pages: pages, updated_at: now }).where('id', '=', jobId).execute();
}

export async function setProgress(db: Db, jobId: string, progress: number): Promise<void> {
  await db.updateTable('job_statuses').set({ progress, updated_at: nowIso() }).where('id', '=', jobId).execute();
}

/**
 * Counts one finished (or failed) page and sets the progress (at most 99: finalize still has to
 * run); returns the job's page counters and status after it. One statement: the job row is hot
 * (every page of the job updates it), so it is locked for one round trip, not three.
 */
export async function countPage(db: Db, jobId: string, failed: boolean) {
  const finished = sql<number>`(finished_pages + 1)`;
  return db
    .updateTable('job_statuses')
    .set((eb) => ({
      finished_pages: eb('finished_pages', '+', 1),
      failed_pages: eb('failed_pages', '+', failed ? 1 : 0),
      progress: sql<number>`case when total_pages <= 0 then 0 when ${finished} * 100 / total_pages < 99 then ${finished} * 100 / total_pages else 99 end`,
      updated_at: nowIso(),
    }))
    .where('id', '=', jobId)
    .returning(['total_pages', 'finished_pages', 'status'])
    .executeTakeFirstOrThrow();
}

/** Open jobs of these kinds on a document, oldest first. */
export async function openJobsOfDocument(db: Db, documentId: string, kinds: readonly string[]) {
  return db
    .selectFrom('job_statuses')
    .select(['id', 'kind', 'payload'])
    .where('document_id', '=', documentId)
    .where('status', 'in', OPEN_JOB)
    .where('kind', 'in', kinds)
    .orderBy('created_at')
    .execute();
}

/** Ids of documents with an open job of this kind (a subquery). */
export function documentsWithOpenJob(db: Db, kind: string) {
  return db
    .selectFrom('job_statuses')
    .select('document_id')
    .where('kind', '=', kind)
    .where('status', 'in', OPEN_JOB)
    .where('document_id', 'is not', null);
}

/** Status and error of each job (jobs that no longer exist are left out). */
export async function jobStates(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('job_statuses').select(['id', 'status', 'error_message']).where('id', 'in', ids).execute();
}

/** Those of these jobs that are still open. */
export async function openJobIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('job_statuses').select('id').where('id', 'in', ids).where('status', 'in', OPEN_JOB).execute();
  return rows.map((r) => r.id);
}

/** Job statuses visible to the caller: their own jobs and the jobs of documents they can read. */
export function readableJobs(db: Db, caller: Caller) {
  return db
    .selectFrom('job_statuses')
    .where('job_statuses.organization_id', '=', caller.organizationId)
    .where((eb) =>
      eb.or([
        eb('job_statuses.owner_id', '=', caller.userId),
        eb('job_statuses.document_id', 'in', readableDocuments(db, caller).select('documents.id')),
      ]),
    );
}

export async function getReadableJob(db: Db, caller: Caller, id: string): Promise<JobStatusesTable | undefined> {
  return readableJobs(db, caller).selectAll('job_statuses').where('job_statuses.id', '=', id).executeTakeFirst();
}

/** Escapes LIKE wildcards so `q` is matched literally. */
const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the caller's jobs, newest first, with the total before paging. */
export async function listReadableJobs(db: Db, caller: Caller, f: { status?: string; q?: string; limit: number; offset: number }) {
  let base = readableJobs(db, caller);
  if (f.status !== undefined) base = base.where('job_statuses.status', '=', f.status);
  if (f.q !== undefined && f.q.trim() !== '') {
    const pattern = likePattern(f.q.trim());
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['job_statuses.document_name']), 'like', eb.val(pattern)),
        eb(eb.fn('lower', [eb.fn.coalesce('job_statuses.error_message', eb.val(''))]), 'like', eb.val(pattern)),
      ]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('job_statuses')
    .orderBy('job_statuses.created_at', 'desc')
    .orderBy('job_statuses.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function countReadableJobsByStatus(db: Db, caller: Caller) {
  return readableJobs(db, caller)
    .select(['job_statuses.status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('job_statuses.status')
    .execute();
}

/** Open task runs of the caller's jobs, oldest first, with their job's kind and name. */
export async function openTasksOfReadableJobs(db: Db, caller: Caller, page: { limit: number; offset: number }) {
  const visible = readableJobs(db, caller).select('job_statuses.id');
  const base = db
    .selectFrom('task_runs')
    .innerJoin('job_statuses', 'job_statuses.id', 'task_runs.job_id')
    .where('task_runs.status', 'in', ['queued', 'running'])
    .where('task_runs.job_id', 'in', visible);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'task_runs.id',
      'task_runs.job_id',
      'job_statuses.kind',
      'job_statuses.document_name',
      'task_runs.task',
      'task_runs.page_number',
      'task_runs.status',
      'task_runs.queue',
      'task_runs.worker_id',
      'task_runs.retry_count',
      'task_runs.created_at',
      'task_runs.started_at',
    ])
    .orderBy('task_runs.created_at')
    .orderBy('task_runs.page_key')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(total.n) };
}
