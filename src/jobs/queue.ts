// The queue backend port (PAGELENS_QUEUE=local|bullmq). The database stays the source of truth:
// a backend only delivers task-run ids to workers, and workers claim runs in the database.
import type { TaskRunsTable } from '../db/types.js';
import type { QueueName } from './kinds.js';

/** Where a backend reports what an operator must see (a pino logger fits). */
export interface QueueLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WorkerOptions {
  log?: QueueLog;
  workerId: string;
  queues: readonly QueueName[];
  concurrency: number;
  /** Called with each claimed run; resolves when the run is recorded. */
  execute(run: TaskRunsTable): Promise<void>;
  onIdle?(): void;
}

export interface RunningWorker {
  /** Stops taking work and waits for the runs in progress. */
  stop(): Promise<void>;
  /** How many runs this worker is executing now. */
  active(): number;
}

export interface QueueBackend {
  readonly name: 'local' | 'bullmq';
  /** Hands queued runs to workers; with a parent, the parent runs after all of them (a flow). */
  dispatch(runs: TaskRunsTable[], parent?: TaskRunsTable): Promise<void>;
  /** Drops whatever the backend still holds for a cancelled job (the database already says cancelled). */
  cancel(jobId: string): Promise<void>;
  /** Backend-side counts, for /queue-status. */
  inspect(): Promise<{ waiting: number; active: number }>;
  startWorker(options: WorkerOptions): Promise<RunningWorker>;
  /** Readiness: throws when the backend cannot take work now (within its timeout). */
  check(): Promise<void>;
  close(): Promise<void>;
}
