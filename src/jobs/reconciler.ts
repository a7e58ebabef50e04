// Periodic repair, run by every worker process: finds workers whose heartbeat stopped and takes
// their running task runs back (retry up to PAGELENS_TASK_MAX_RETRIES, then fail the page or
// job with a clear message), re-dispatches queued runs that never reached the backend, and
// prunes task-run history past PAGELENS_TASK_RUN_RETENTION_DAYS.
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database, TaskRunsTable } from '../db/types.js';
import { nowIso } from '../util.js';
import { countFinishedPage } from './engine.js';
import type { QueueBackend } from './queue.js';
import * as store from './repository.js';

export interface ReconcileReport {
  deadWorkers: number;
  retried: number;
  failed: number;
  redispatched: number;
  pruned: number;
}

const secondsAgo = (s: number): string => new Date(Date.now() - s * 1000).toISOString();

async function markDeadWorkers(db: Kysely<Database>, staleSeconds: number): Promise<number> {
  const res = await db
    .updateTable('workers')
    .set({ stopped_at: nowIso(), current_task: null })
    .where('stopped_at', 'is', null)
    .where('last_heartbeat_at', '<', secondsAgo(staleSeconds))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Running task runs whose worker is stopped, vanished or never registered. */
async function orphanedRuns(db: Kysely<Database>): Promise<TaskRunsTable[]> {
  return db
    .selectFrom('task_runs')
    .selectAll('task_runs')
    .leftJoin('workers', 'workers.id', 'task_runs.worker_id')
    .where('task_runs.status', '=', 'running')
    .where((eb) => eb.or([eb('workers.id', 'is', null), eb('workers.stopped_at', 'is not', null)]))
    .limit(1000)
    .execute();
}

async function recover(
  db: Kysely<Database>,
  run: TaskRunsTable,
  maxRetries: number,
): Promise<{ outcome: 'retried' | 'failed' | 'skipped'; released?: TaskRunsTable; requeued?: TaskRunsTable }> {
  return db.transaction().execute(async (trx) => {
    const guard = (q: ReturnType<typeof trx.updateTable<'task_runs'>>) =>
      q.where('id', '=', run.id).where('status', '=', 'running').where('attempts', '=', run.attempts);
    if (run.retry_count < maxRetries) {
      const requeued = await guard(
        trx.updateTable('task_runs').set({
          status: 'queued',
          worker_id: null,
          retry_count: run.retry_count + 1,
          available_at: nowIso(),
          dispatched_at: null,
        }),
      )
        .returningAll()
        .executeTakeFirst();
      return requeued ? { outcome: 'retried' as const, requeued } : { outcome: 'skipped' as const };
    }
    const message = `worker died ${run.retry_count + 1} time(s) while running ${
      run.task === 'page' ? `page ${String(run.page_number)}` : run.task
    }; gave up after ${maxRetries} retries`;
    const failed = await guard(
      trx.updateTable('task_runs').set({ status: 'error', error: message, finished_at: nowIso() }),
    ).executeTakeFirst();
    if (Number(failed.numUpdatedRows) === 0) return { outcome: 'skipped' as const };
    if (run.task === 'page') {
      const released = await countFinishedPage(trx, run, { status: 'error', message });
      return { outcome: 'failed' as const, ...(released ? { released } : {}) };
    }
    await store.cancelOpenRuns(trx, run.job_id);
    await store.endJob(trx, run.job_id, 'error', message);
    return { outcome: 'failed' as const };
  });
}

export async function reconcile(
  db: Kysely<Database>,
  config: Pick<Config, 'workerStaleSeconds' | 'taskMaxRetries' | 'taskRunRetentionDays' | 'redispatchAfterSeconds'>,
  queue: QueueBackend,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { deadWorkers: 0, retried: 0, failed: 0, redispatched: 0, pruned: 0 };
  report.deadWorkers = await markDeadWorkers(db, config.workerStaleSeconds);
  const toDispatch: TaskRunsTable[] = [];
  for (const run of await orphanedRuns(db)) {
    const r = await recover(db, run, config.taskMaxRetries);
    if (r.outcome === 'retried') report.retried++;
    if (r.outcome === 'failed') report.failed++;
    if (r.requeued) toDispatch.push(r.requeued);
    if (r.released) toDispatch.push(r.released);
  }
  if (queue.name === 'bullmq') {
    // Outbox recovery: runs committed as queued whose hand-over to Redis did not happen, and runs
    // handed over PAGELENS_REDISPATCH_AFTER_S ago but never taken (Redis lost them, or a worker
    // without this database dropped them). A fresh available_at gives the
    // re-delivery a new BullMQ job id; the claim in the database keeps it at most once.
    const lost = await db
      .updateTable('task_runs')
      .set({ available_at: nowIso() })
      .where('status', '=', 'queued')
      .where((eb) =>
        eb.or([
          eb.and([eb('dispatched_at', 'is', null), eb('available_at', '<', secondsAgo(5))]),
          eb('dispatched_at', '<', secondsAgo(config.redispatchAfterSeconds)),
        ]),
      )
      .returningAll()
      .execute();
    report.redispatched = lost.length;
    toDispatch.push(...lost.filter((l) => !toDispatch.some((d) => d.id === l.id)));
  }
  if (toDispatch.length > 0) await queue.dispatch(toDispatch);
  const pruned = await db
    .deleteFrom('task_runs')
    .where('finished_at', '<', secondsAgo(config.taskRunRetentionDays * 86_400))
    .where('status', 'in', [...store.FINISHED_RUN])
    .executeTakeFirst();
  report.pruned = Number(pruned.numDeletedRows);
  await db.deleteFrom('workers').where('stopped_at', '<', secondsAgo(7 * 86_400)).execute();
  return report;
}
