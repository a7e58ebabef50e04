// A worker: registers itself, heartbeats, reconciles, and executes the runs its backend
// delivers. `pagelens worker` runs one per process; tests may run one in-process.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { errorMessage, newId } from '../util.js';
import { executeRun, type EngineDeps } from './engine.js';
import type { QueueName } from './kinds.js';
import type { JobSystem } from './system.js';
import { reconcile } from './reconciler.js';
import * as store from './repository.js';

export interface JobWorker {
  id: string;
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  concurrency?: number;
  queues?: readonly QueueName[];
}

export type WorkerSettings = Pick<
  Config,
  'workerConcurrency' | 'workerHeartbeatSeconds' | 'workerStaleSeconds' | 'taskMaxRetries' | 'taskRunRetentionDays' | 'redispatchAfterSeconds'
>;

/** What a worker runs on: the ports its steps get, which also carry its database, settings and job system. */
export interface WorkerHost<Ports> {
  database: DatabaseHandle;
  config: WorkerSettings;
  jobs: JobSystem<Ports>;
}

export async function startJobWorker<Ports extends WorkerHost<Ports>>(
  app: Ports,
  log: FastifyBaseLogger,
  options: JobWorkerOptions = {},
): Promise<JobWorker> {
  const { db } = app.database;
  const { queue } = app.jobs;
  const id = `${hostname()}-${process.pid}-${newId().slice(0, 8)}`;
  const queues = options.queues ?? ['cpu', 'models'];
  const concurrency = options.concurrency ?? app.config.workerConcurrency;
  await store.registerWorker(db, { id, host: hostname(), pid: process.pid, backend: queue.name, queues, concurrency });
  const current = new Set<string>();
  const deps: EngineDeps<Ports> = {
    ports: app,
    db,
    taskMaxRetries: app.config.taskMaxRetries,
    kinds: app.jobs.kinds,
    log,
    dispatch: (runs, parent) => queue.dispatch(runs, parent),
  };

  let ticking: Promise<void> | null = null;
  const tick = (): void => {
    if (ticking) return;
    ticking = (async () => {
      try {
        await store.heartbeat(db, id, current.size > 0 ? [...current].join(',') : null);
        const report = await reconcile(db, app.config, queue);
        if (report.retried + report.failed + report.redispatched > 0) log.warn(report, 'reconciled task runs');
      } catch (err) {
        log.warn({ err: errorMessage(err) }, 'worker heartbeat failed');
      } finally {
        ticking = null;
      }
    })();
  };
  const timer = setInterval(tick, app.config.workerHeartbeatSeconds * 1000);
  timer.unref();
  tick();

  const running = await queue.startWorker({
    log,
    workerId: id,
    queues,
    concurrency,
    execute: async (run) => {
      const label = `${run.task}${run.page_number === null ? '' : `:${run.page_number}`}@${run.job_id}`;
      current.add(label);
      const started = Date.now();
      try {
        await executeRun(deps, run);
      } finally {
        current.delete(label);
        // One line per page (and per other step) at info: what ran, where, and how long.
        log.info(
          { job_id: run.job_id, task: run.task, page: run.page_number, ms: Date.now() - started, worker_id: id },
          run.task === 'page' ? 'page done' : `${run.task} done`,
        );
      }
    },
  });
  log.info({ worker_id: id, backend: queue.name, queues, concurrency }, 'worker started');
  return {
    id,
    async stop() {
      clearInterval(timer);
      await running.stop();
      await ticking;
      await store.stopWorker(db, id);
    },
  };
}
