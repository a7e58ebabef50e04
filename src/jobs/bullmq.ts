// The BullMQ backend: task-run ids travel through Redis queues `cpu` and `models` to
// `pagelens worker` processes on any number of machines. A fan-out is a BullMQ flow: the page
// runs are children of the finalize run. Workers still claim each run in the database, so a
// delivery twice (stalled-job recovery, reconciler re-dispatch) runs the step at most once.
import { FlowProducer, Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { DatabaseHandle } from '../db/connection.js';
import type { TaskRunsTable } from '../db/types.js';
import { nowIso } from '../util.js';
import type { QueueName } from './kinds.js';
import type { QueueBackend, RunningWorker, WorkerOptions } from './queue.js';
import { claimById } from './repository.js';

interface TaskData {
  taskRunId: string;
}

export interface BullmqSettings {
  redisUrl: string;
  prefix: string;
  lockMs: number;
}

const QUEUES: readonly QueueName[] = ['cpu', 'models'];

// Unique per delivery attempt: retries and re-deliveries (new available_at) are new BullMQ jobs.
const jobIdFor = (run: TaskRunsTable): string => `${run.id}-${run.retry_count}-${Date.parse(run.available_at)}`;

/** redis://[:password@]host:port[/db] as options, so BullMQ opens (and closes) its own connections. */
export function redisOptions(url: string): ConnectionOptions {
  const u = new URL(url);
  const db = Number(u.pathname.replace(/^\//, '') || '0');
  return {
    host: u.hostname || '127.0.0.1',
    port: Number(u.port || '6379'),
    db: Number.isInteger(db) ? db : 0,
    maxRetriesPerRequest: null,
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
  };
}

export class BullmqQueue implements QueueBackend {
  readonly name = 'bullmq' as const;
  private readonly queues: Map<QueueName, Queue<TaskData>>;
  private readonly flows: FlowProducer;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly settings: BullmqSettings,
  ) {
    const opts = { connection: redisOptions(settings.redisUrl), prefix: settings.prefix };
    this.queues = new Map(QUEUES.map((q) => [q, new Queue<TaskData>(q, opts)]));
    this.flows = new FlowProducer(opts);
  }

  private queue(name: string): Queue<TaskData> {
    const q = this.queues.get(name as QueueName);
    if (!q) throw new Error(`unknown queue ${name}`);
    return q;
  }

  private async markDispatched(runs: TaskRunsTable[]): Promise<void> {
    const ids = runs.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await this.database.db
        .updateTable('task_runs')
        .set({ dispatched_at: nowIso() })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }

  async dispatch(runs: TaskRunsTable[], parent?: TaskRunsTable): Promise<void> {
    const keep = { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } };
    if (parent) {
      await this.flows.add({
        name: 'task',
        queueName: parent.queue,
        data: { taskRunId: parent.id },
        opts: { jobId: jobIdFor(parent), ...keep },
        children: runs.map((r) => ({
          name: 'task',
          queueName: r.queue,
          data: { taskRunId: r.id },
          // A child that fails in Redis must not hold finalize back: the database decides.
          opts: { jobId: jobIdFor(r), ignoreDependencyOnFailure: true, ...keep },
        })),
      });
      await this.markDispatched([...runs, parent]);
      return;
    }
    for (const r of runs) {
      await this.queue(r.queue).add('task', { taskRunId: r.id }, { jobId: jobIdFor(r), ...keep });
    }
    await this.markDispatched(runs);
  }

  async cancel(jobId: string): Promise<void> {
    // Waiting deliveries of a cancelled job would be claimed as no-ops anyway; drop them early.
    const runs = await this.database.db
      .selectFrom('task_runs')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('status', '=', 'cancelled')
      .execute();
    for (const r of runs) {
      const job = await this.queue(r.queue).getJob(jobIdFor(r));
      if (job && (await job.isWaiting())) await job.remove().catch(() => undefined);
    }
  }

  async inspect(): Promise<{ waiting: number; active: number }> {
    let waiting = 0;
    let active = 0;
    for (const q of this.queues.values()) {
      const counts = await q.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
      waiting += (counts.waiting ?? 0) + (counts.prioritized ?? 0);
      active += counts.active ?? 0;
    }
    return { waiting, active };
  }

  async startWorker(options: WorkerOptions): Promise<RunningWorker> {
    let active = 0;
    const workers = options.queues.map(
      (q) =>
        new Worker<TaskData>(
          q,
          async (job) => {
            const run = await claimById(this.database.db, job.data.taskRunId, options.workerId);
            if (!run) return; // already taken, finished or cancelled
            active++;
            try {
              await options.execute(run);
            } finally {
              active--;
            }
          },
          {
            connection: redisOptions(this.settings.redisUrl),
            prefix: this.settings.prefix,
            concurrency: options.concurrency,
            lockDuration: this.settings.lockMs,
            stalledInterval: Math.max(1000, Math.floor(this.settings.lockMs / 2)),
          },
        ),
    );
    await Promise.all(workers.map((w) => w.waitUntilReady()));
    return {
      stop: async () => {
        await Promise.all(workers.map((w) => w.close()));
      },
      active: () => active,
    };
  }

  async close(): Promise<void> {
    await this.flows.close();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
