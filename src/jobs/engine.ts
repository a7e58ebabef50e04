// Executes one claimed task run and moves its job forward: prepare fans out page runs, the last
// finished page releases finalize, finalize (or a single run) settles the job. Every transition
// is guarded by the run's lease, so a retried or cancelled run can never write twice.
import type { FastifyBaseLogger } from 'fastify';
import type { Db, JobStatusesTable, TaskRunsTable } from '../db/types.js';
import { nowIso, errorMessage } from '../util.js';
import { StepStopped, type JobKind, type JobKindRegistry, type StepContext } from './kinds.js';
import * as store from './repository.js';

export interface EngineDeps<Ports = unknown> {
  /** Handed to every step (database, storage, engines, settings: see src/context.ts). */
  ports: Ports;
  db: Db;
  /** How often a step that failed on an infrastructure hiccup is retried. */
  taskMaxRetries: number;
  kinds: JobKindRegistry<Ports>;
  log: FastifyBaseLogger;
  /** Hands runs that became queued to the queue backend (after the commit that made them so). */
  dispatch(runs: TaskRunsTable[], parent?: TaskRunsTable): Promise<void>;
}

function stepContext<Ports>(deps: EngineDeps<Ports>, run: TaskRunsTable, job: JobStatusesTable): StepContext<Ports> {
  const { db } = deps;
  const guard = async (trx: Db): Promise<void> => {
    const lease = await store.holdsLease(trx, run);
    if (lease !== 'ok') throw new StepStopped(lease);
  };
  return {
    ports: deps.ports,
    jobId: job.id,
    documentId: job.document_id,
    async commit(fn) {
      return db.transaction().execute(async (trx) => {
        await guard(trx);
        return fn(trx);
      });
    },
    async checkpoint() {
      await guard(db);
    },
  };
}

/** Settles a job: done, or error naming what failed. Conditional so a cancel is never overwritten. */
const settleJob = (trx: Db, jobId: string, status: 'done' | 'error', message: string | null): Promise<void> =>
  store.endJob(trx, jobId, status, message);

function describePages(pages: number[]): string {
  const shown = pages.slice(0, 20).join(', ');
  return pages.length > 20 ? `${shown} and ${pages.length - 20} more` : shown;
}

export async function failedPages(db: Db, jobId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('task_runs')
    .select('page_number')
    .where('job_id', '=', jobId)
    .where('task', '=', 'page')
    .where('status', '=', 'error')
    .orderBy('page_number')
    .execute();
  return rows.map((r) => r.page_number ?? 0);
}

/**
 * Marks a page run finished (done or error), counts it on the job and, when it was the last
 * page, releases the finalize run. Returns the finalize run when it became queued.
 */
export async function finishPage(
  trx: Db,
  run: TaskRunsTable,
  outcome: { status: 'done' } | { status: 'error'; message: string },
): Promise<TaskRunsTable | undefined> {
  const ok = await store.finishRun(trx, run, outcome.status, outcome.status === 'error' ? outcome.message : null);
  if (!ok) return undefined;
  return countFinishedPage(trx, run, outcome);
}

/** Counts one finished page on its job (also used when the reconciler gives up on a page). */
export async function countFinishedPage(
  trx: Db,
  run: TaskRunsTable,
  outcome: { status: 'done' } | { status: 'error'; message: string },
): Promise<TaskRunsTable | undefined> {
  if (outcome.status === 'error') await store.recordPageFailure(trx, run.job_id, run.page_number ?? 0, outcome.message);
  const job = await store.countPage(trx, run.job_id, outcome.status === 'error');
  if (job.finished_pages < job.total_pages || job.status !== 'processing') return undefined;
  const released = await trx
    .updateTable('task_runs')
    .set({ status: 'queued', available_at: nowIso(), dispatched_at: null })
    .where('job_id', '=', run.job_id)
    .where('task', '=', 'finalize')
    .where('status', '=', 'waiting')
    .returningAll()
    .executeTakeFirst();
  return released;
}

async function runStep<Ports>(deps: EngineDeps<Ports>, kind: JobKind<unknown, Ports>, run: TaskRunsTable, job: JobStatusesTable): Promise<void> {
  const { db } = deps;
  const ctx = stepContext(deps, run, job);
  const payload = kind.parse(JSON.parse(job.payload) as unknown);
  const task = run.task as store.TaskName;
  switch (task) {
    case 'run': {
      if (kind.mode !== 'single') throw new Error(`kind ${kind.name} has no single run step`);
      await kind.run(ctx, payload);
      await ctx.commit(async (trx) => {
        await store.finishRun(trx, run, 'done');
        await settleJob(trx, job.id, 'done', null);
      });
      return;
    }
    case 'prepare': {
      if (kind.mode !== 'fanout') throw new Error(`kind ${kind.name} does not fan out`);
      const { pages } = await kind.prepare(ctx, payload);
      const now = nowIso();
      const pageRuns = Array.from({ length: pages }, (_, i) =>
        store.runRow({ jobId: job.id, task: 'page', pageNumber: i + 1, queue: kind.queue, status: 'queued' }, now),
      );
      const finalize = store.runRow(
        { jobId: job.id, task: 'finalize', pageNumber: null, queue: kind.queue, status: pages === 0 ? 'queued' : 'waiting' },
        now,
      );
      await ctx.commit(async (trx) => {
        await store.insertRuns(trx, [...pageRuns, finalize]);
        await store.setTotalPages(trx, job.id, pages, now);
        await store.finishRun(trx, run, 'done');
      });
      if (pages === 0) await deps.dispatch([finalize]);
      else await deps.dispatch(pageRuns, finalize);
      return;
    }
    case 'page': {
      if (kind.mode !== 'fanout') throw new Error(`kind ${kind.name} does not fan out`);
      const pageNumber = run.page_number ?? 0;
      let outcome: { status: 'done' } | { status: 'error'; message: string } = { status: 'done' };
      try {
        await kind.page(ctx, payload, pageNumber);
      } catch (err) {
        if (err instanceof StepStopped) throw err;
        outcome = { status: 'error', message: errorMessage(err) };
        deps.log.warn({ job_id: job.id, page: pageNumber, err: outcome.message }, 'page failed');
      }
      const released = await ctx.commit((trx) => finishPage(trx, run, outcome));
      if (released) await deps.dispatch([released]);
      return;
    }
    case 'finalize': {
      if (kind.mode !== 'fanout') throw new Error(`kind ${kind.name} does not fan out`);
      const failed = await failedPages(db, job.id);
      await kind.finalize(ctx, payload, failed);
      await ctx.commit(async (trx) => {
        await store.finishRun(trx, run, 'done');
        const message = failed.length > 0 ? `${failed.length} page(s) failed: ${describePages(failed)}` : null;
        await settleJob(trx, job.id, failed.length > 0 ? 'error' : 'done', message);
      });
      return;
    }
  }
}

const TRANSIENT_CODES = new Set(['40001', '40P01', '57P01', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT']);

/** Infrastructure hiccups (a busy database, a dropped connection) that a retry can get past (the run is queued again). */
export function isTransient(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || TRANSIENT_CODES.has(code))) return true;
  return /Connection terminated|database is locked/i.test(errorMessage(err));
}

async function requeue(db: Db, run: TaskRunsTable): Promise<TaskRunsTable | undefined> {
  return db
    .updateTable('task_runs')
    .set({ status: 'queued', worker_id: null, retry_count: run.retry_count + 1, available_at: nowIso(), dispatched_at: null })
    .where('id', '=', run.id)
    .where('status', '=', 'running')
    .where('attempts', '=', run.attempts)
    .returningAll()
    .executeTakeFirst();
}

/** Runs a task run this worker has claimed. Never throws: every outcome is recorded. */
export async function executeRun<Ports>(deps: EngineDeps<Ports>, run: TaskRunsTable): Promise<void> {
  const { db } = deps;
  const job = await store.loadJob(db, run.job_id);
  if (!job || job.status === 'cancelled' || job.status === 'done' || job.status === 'error') {
    await store.finishRun(db, run, 'cancelled');
    return;
  }
  const kind = deps.kinds.get(job.kind);
  if (job.status === 'queued') await store.markProcessing(db, job);
  try {
    if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
    await runStep(deps, kind, run, job);
  } catch (err) {
    if (err instanceof StepStopped) {
      if (err.reason === 'cancelled') await store.finishRun(db, run, 'cancelled');
      deps.log.info({ job_id: job.id, run_id: run.id, reason: err.reason }, 'task run stopped');
      return;
    }
    if (isTransient(err) && run.retry_count < deps.taskMaxRetries) {
      // The step's writes rolled back; give the run to whichever worker is free next.
      const requeued = await requeue(db, run).catch(() => undefined);
      deps.log.warn({ job_id: job.id, run_id: run.id, err: errorMessage(err) }, 'transient failure; task run requeued');
      if (requeued) await deps.dispatch([requeued]);
      return;
    }
    // A failing prepare, finalize or single run fails the whole job.
    const message = errorMessage(err);
    deps.log.error({ job_id: job.id, run_id: run.id, task: run.task, err: message }, 'task run failed');
    await db.transaction().execute(async (trx) => {
      if (!(await store.finishRun(trx, run, 'error', message))) return;
      await store.cancelOpenRuns(trx, job.id);
      await settleJob(trx, job.id, 'error', `${run.task} failed: ${message}`);
    });
  }
}
