// Rules for reading and cancelling jobs. A job is visible to its owner and to whoever can see
// its document; everything else is a 404.
import type { Caller } from '../auth/caller.js';
import type { Config } from '../config.js';
import type { Db, JobStatusesTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { conflict, notFound } from '../http/errors.js';
import type { QueueBackend } from './queue.js';
import { JOB_STATES } from './states.js';
import type { JobStatusWire, ListJobsFilters, QueueStatusParams } from './schemas.js';
import * as repo from './repository.js';

export function toWire(j: JobStatusesTable): JobStatusWire {
  const end = j.finished_at ? Date.parse(j.finished_at) : null;
  const start = j.started_at ? Date.parse(j.started_at) : null;
  return {
    id: j.id,
    kind: j.kind,
    status: j.status as JobStatusWire['status'],
    progress: j.progress,
    document_id: j.document_id,
    document_name: j.document_name,
    error_message: j.error_message,
    owner_id: j.owner_id,
    total_pages: j.total_pages,
    finished_pages: j.finished_pages,
    failed_pages: j.failed_pages,
    attempts: j.attempts,
    created_at: j.created_at,
    updated_at: j.updated_at,
    started_at: j.started_at,
    finished_at: j.finished_at,
    duration_ms: start !== null && end !== null ? end - start : null,
  };
}

export async function getJob(db: Db, caller: Caller, id: string): Promise<JobStatusesTable> {
  const job = await repo.getReadableJob(db, caller, id);
  if (!job) throw notFound('Job status not found');
  return job;
}

export async function listJobs(db: Db, caller: Caller, f: ListJobsFilters) {
  const { rows, total } = await repo.listReadableJobs(db, caller, f);
  return { job_statuses: rows.map(toWire), total, limit: f.limit, offset: f.offset };
}

export async function summary(db: Db, caller: Caller) {
  const rows = await repo.countReadableJobsByStatus(db, caller);
  const counts = { queued: 0, processing: 0, done: 0, error: 0, cancelled: 0 };
  for (const r of rows) {
    const state = JOB_STATES.find((s) => s === r.status);
    if (state) counts[state] = Number(r.n);
  }
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
}

/**
 * Cancels a queued or processing job: its queued runs never start, running ones stop at their
 * next step boundary (their writes are refused). Cancelling a cancelled job returns it
 * unchanged; a job that already ended done or error is a 409.
 */
export async function cancelJob({ trx, after }: UnitOfWork, caller: Caller, id: string, queue: QueueBackend) {
  const job = await getJob(trx, caller, id);
  if (job.status === 'cancelled') return job;
  if (job.status === 'done' || job.status === 'error') throw conflict(`Job already finished with status ${job.status}`);
  await repo.endJob(trx, id, 'cancelled', `cancelled by ${caller.email}`);
  await repo.cancelOpenRuns(trx, id);
  after.add(() => queue.cancel(id));
  return getJob(trx, caller, id);
}

export async function pageRuns(db: Db, caller: Caller, id: string) {
  const job = await getJob(db, caller, id);
  const runs = await db
    .selectFrom('task_runs')
    .selectAll()
    .where('job_id', '=', id)
    .where('task', '=', 'page')
    .orderBy('page_key')
    .execute();
  const failures = await db
    .selectFrom('page_failures')
    .selectAll()
    .where('job_id', '=', id)
    .orderBy('page_number')
    .orderBy('created_at')
    .execute();
  const failuresByPage = new Map<number, Array<{ message: string; created_at: string }>>();
  for (const f of failures) {
    failuresByPage.set(f.page_number, [...(failuresByPage.get(f.page_number) ?? []), { message: f.message, created_at: f.created_at }]);
  }
  const degraded = new Map<number, Array<{ component_id: string; message: string }>>();
  if (job.document_id) {
    const rows = await db
      .selectFrom('visual_components')
      .innerJoin('components', 'components.id', 'visual_components.component_id')
      .select(['visual_components.page_number', 'visual_components.id', 'components.error'])
      .where('visual_components.document_id', '=', job.document_id)
      .where('components.status', '=', 'degraded')
      .execute();
    for (const r of rows) {
      const list = degraded.get(r.page_number) ?? [];
      list.push({ component_id: r.id, message: r.error ?? 'extraction degraded' });
      degraded.set(r.page_number, list);
    }
  }
  const pageRunsOut = runs.map((r) => ({
    page_number: r.page_number ?? 0,
    status: r.status,
    attempts: r.attempts,
    retry_count: r.retry_count,
    worker_id: r.worker_id,
    started_at: r.started_at,
    finished_at: r.finished_at,
    duration_ms: r.duration_ms,
    error: r.error,
    failures: failuresByPage.get(r.page_number ?? 0) ?? [],
    degraded_components: degraded.get(r.page_number ?? 0) ?? [],
  }));
  // Pruned history: the persisted failures still say which pages failed and why.
  const historyRetained = runs.length > 0 || job.total_pages === 0;
  if (!historyRetained) {
    for (const [page, list] of failuresByPage) {
      pageRunsOut.push({
        page_number: page,
        status: 'error',
        attempts: 0,
        retry_count: 0,
        worker_id: null,
        started_at: null,
        finished_at: list.at(-1)?.created_at ?? null,
        duration_ms: null,
        error: list.at(-1)?.message ?? null,
        failures: list,
        degraded_components: degraded.get(page) ?? [],
      });
    }
  }
  return { job_status_id: id, total_pages: job.total_pages, history_retained: historyRetained, page_runs: pageRunsOut };
}

export async function queueStatus(db: Db, caller: Caller, q: QueueStatusParams, queue: QueueBackend, config: Config) {
  const tasks = await repo.openTasksOfReadableJobs(db, caller, { limit: q.tasks_limit, offset: q.tasks_offset });
  const workerTotal = await db.selectFrom('workers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const workers = await db
    .selectFrom('workers')
    .selectAll()
    .orderBy('stopped_at', 'desc')
    .orderBy('started_at', 'desc')
    .limit(q.workers_limit)
    .offset(q.workers_offset)
    .execute();
  const staleBefore = new Date(Date.now() - config.workerStaleSeconds * 1000).toISOString();
  return {
    backend: queue.name,
    backend_counts: await queue.inspect(),
    tasks: {
      items: tasks.rows.map(({ job_id, ...t }) => ({ ...t, job_status_id: job_id })),
      total: tasks.total,
      offset: q.tasks_offset,
      limit: q.tasks_limit,
    },
    workers: {
      items: workers.map((w) => ({
        id: w.id,
        host: w.host,
        pid: w.pid,
        backend: w.backend,
        queues: JSON.parse(w.queues) as string[],
        concurrency: w.concurrency,
        current_task: w.current_task,
        started_at: w.started_at,
        last_heartbeat: w.last_heartbeat_at,
        alive: w.stopped_at === null && w.last_heartbeat_at >= staleBefore,
      })),
      total: Number(workerTotal.n),
      offset: q.workers_offset,
      limit: q.workers_limit,
    },
  };
}

/** The job's record as it is now (for the event stream of a job already shown to the caller). */
export const reloadJob = (db: Db, id: string): Promise<JobStatusesTable | undefined> => repo.loadJob(db, id);
