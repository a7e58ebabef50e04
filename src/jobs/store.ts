// Task-run and worker queries. The database is the only source of truth for jobs: queue
// backends only carry task-run ids, and every state change here is a guarded, atomic update.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { Database, Db, TaskRunsTable } from '../db/types.js';
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
