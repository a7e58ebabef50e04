// The BullMQ backend: task-run ids travel through Redis queues `cpu` and `models` to
// `pagelens worker` processes on any number of machines. A fan-out is a BullMQ flow: the page
// runs are children of the finalize run. Workers still claim each run in the database, so a
// delivery twice (stalled-job recovery, reconciler re-dispatch) runs the step at most once.
import { DelayedError, FlowProducer, Queue, RedisConnection, Worker, type ConnectionOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { DatabaseHandle } from '../db/connection.js';
import type { TaskRunsTable } from '../db/types.js';
import { nowIso } from '../util.js';
import type { QueueName } from './kinds.js';
import type { QueueBackend, RunningWorker, WorkerOptions } from './queue.js';
import { claimById, runExists } from './repository.js';

interface TaskData {
  taskRunId: string;
}

export interface BullmqSettings {
  redisUrl: string;
  prefix: string;
  lockMs: number;
  /** Milliseconds any one call to Redis may take (connecting included) before it fails. */
  timeoutMs: number;
}

/** How long a worker leaves a message it cannot run before another worker may take it. */
const FOREIGN_RUN_DELAY_MS = 5000;

const QUEUES: readonly QueueName[] = ['cpu', 'models'];

// Unique per delivery attempt: retries and re-deliveries (new available_at) are new BullMQ jobs.
const jobIdFor = (run: TaskRunsTable): string => `${run.id}-${run.retry_count}-${Date.parse(run.available_at)}`;

/**
 * The Redis URL as connection options, read by ioredis itself (redis://, rediss:// with TLS,
 * user, password, /db and query options such as ?family=6), so BullMQ opens and closes its own
 * connections from them. The client made here is never connected: it only parses, and its
 * `lazyConnect` stays here. Passed on, it made BullMQ connect by hand: the first refused attempt
 * failed the connection for good (no reconnect once Redis is back), and closing one still
 * connecting rejected a promise nobody waits for (an unhandled rejection, which ends the process).
 */
export function redisOptions(url: string): RedisOptions {
  const parsed: RedisOptions = { ...new Redis(url, { lazyConnect: true }).options };
  delete parsed.lazyConnect;
  return { ...parsed, maxRetriesPerRequest: null };
}

/** The URL without its password, for messages. */
function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the configured Redis';
  }
}

/**
 * One connection attempt (no retries, no offline queue) and a PING, each within `ms`; the client
 * is closed either way. A worker checks Redis this way before it makes its BullMQ connections, so
 * an unreachable Redis fails the start with its own error instead of leaving connections behind.
 */
export async function probeRedis(url: string, ms: number): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ms,
    commandTimeout: ms,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  let lastError: Error | undefined;
  client.on('error', (err: Error) => {
    lastError = err;
  });
  try {
    await withTimeout(ms, 'a connection', client.connect());
    await withTimeout(ms, 'PING', client.ping());
  } catch (err) {
    const reason = (lastError ?? (err instanceof Error ? err : new Error(String(err)))).message;
    throw new Error(`Redis at ${shownUrl(url)} is unreachable: ${reason}`);
  } finally {
    client.disconnect();
  }
}

/**
 * BullMQ reports a connection that fails after it was closed (closed while still connecting) as
 * an 'error' event after it has removed every listener; Node turns that into an unhandled
 * rejection. A closed connection keeps a listener that drops it.
 */
class QuietConnection extends RedisConnection {
  override async close(force?: boolean): Promise<void> {
    try {
      await super.close(force);
    } finally {
      this.on('error', () => undefined);
    }
  }
}

/**
 * The producer side (API, dispatch from steps): a call fails fast instead of waiting in an
 * offline queue while Redis is away; the run stays in the outbox and the reconciler sends it.
 */
function producerConnection(settings: BullmqSettings): ConnectionOptions {
  return {
    ...redisOptions(settings.redisUrl),
    connectTimeout: settings.timeoutMs,
    commandTimeout: settings.timeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  };
}

/** Workers block on Redis for work (no command timeout there); connecting still has one. */
function workerConnection(settings: BullmqSettings): ConnectionOptions {
  return { ...redisOptions(settings.redisUrl), connectTimeout: settings.timeoutMs };
}

/**
 * BullMQ waits for its connection before the first command, however long Redis stays away;
 * every call this backend makes goes through here so that it fails after `ms` instead.
 */
export async function withTimeout<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer ${what} within ${ms} ms`)), ms);
  });
  work.catch(() => undefined); // a late failure of an abandoned call is not unhandled
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

export class BullmqQueue implements QueueBackend {
  readonly name = 'bullmq' as const;
  private readonly queues: Map<QueueName, Queue<TaskData>>;
  private readonly flows: FlowProducer;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly settings: BullmqSettings,
  ) {
    const opts = { connection: producerConnection(settings), prefix: settings.prefix };
    this.queues = new Map(QUEUES.map((q) => [q, new Queue<TaskData>(q, opts, QuietConnection)]));
    this.flows = new FlowProducer(opts, QuietConnection);
    // Connection errors surface as failed calls (and /readyz); without a listener ioredis prints them.
    for (const q of this.queues.values()) q.on('error', () => undefined);
    this.flows.on('error', () => undefined);
  }

  private timed<T>(what: string, work: Promise<T>): Promise<T> {
    return withTimeout(this.settings.timeoutMs, what, work);
  }

  /** Readiness: Redis answers a command within the timeout. */
  async check(): Promise<void> {
    await this.timed('a readiness check', this.queue('cpu').getJobCounts('waiting'));
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
      await this.timed('a flow', this.flows.add({
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
      }));
      await this.markDispatched([...runs, parent]);
      return;
    }
    for (const r of runs) {
      await this.timed('an add', this.queue(r.queue).add('task', { taskRunId: r.id }, { jobId: jobIdFor(r), ...keep }));
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
      const job = await this.timed('a lookup', this.queue(r.queue).getJob(jobIdFor(r)));
      if (job && (await this.timed('a state lookup', job.isWaiting()))) await this.timed('a remove', job.remove()).catch(() => undefined);
    }
  }

  async inspect(): Promise<{ waiting: number; active: number }> {
    let waiting = 0;
    let active = 0;
    for (const q of this.queues.values()) {
      const counts = await this.timed('job counts', q.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children'));
      waiting += (counts.waiting ?? 0) + (counts.prioritized ?? 0);
      active += counts.active ?? 0;
    }
    return { waiting, active };
  }

  async startWorker(options: WorkerOptions): Promise<RunningWorker> {
    await probeRedis(this.settings.redisUrl, this.settings.timeoutMs);
    let active = 0;
    const workers = options.queues.map(
      (q) =>
        new Worker<TaskData>(
          q,
          async (job, token) => {
            const run = await claimById(this.database.db, job.data.taskRunId, options.workerId);
            if (!run) {
              if (await runExists(this.database.db, job.data.taskRunId)) return; // taken, finished or cancelled
              // Not in this worker's database: it was started with another PAGELENS_DATABASE_URL.
              // Say so, and put the message back for a worker that shares the API's database.
              options.log?.error(
                { task_run_id: job.data.taskRunId, queue: q, worker_id: options.workerId },
                'received a task run this database does not know (is PAGELENS_DATABASE_URL the one the API uses?); left for another worker',
              );
              await job.moveToDelayed(Date.now() + FOREIGN_RUN_DELAY_MS, token);
              throw new DelayedError();
            }
            active++;
            try {
              await options.execute(run);
            } finally {
              active--;
            }
          },
          {
            connection: workerConnection(this.settings),
            prefix: this.settings.prefix,
            concurrency: options.concurrency,
            lockDuration: this.settings.lockMs,
            stalledInterval: Math.max(1000, Math.floor(this.settings.lockMs / 2)),
          },
          QuietConnection,
        ),
    );
    for (const w of workers) w.on('error', (err) => options.log?.warn({ err: err.message, worker_id: options.workerId }, 'Redis connection error'));
    try {
      await this.timed('the worker connection', Promise.all(workers.map((w) => w.waitUntilReady())));
    } catch (err) {
      await Promise.all(workers.map((w) => w.close(true).catch(() => undefined)));
      throw err;
    }
    return {
      stop: async () => {
        await Promise.all(workers.map((w) => w.close()));
      },
      active: () => active,
    };
  }

  async close(): Promise<void> {
    // Closing waits for pending commands; with Redis gone that is forever, so bound it too.
    await this.timed('close', Promise.all([this.flows.close(), ...[...this.queues.values()].map((q) => q.close())])).catch(() => {
      for (const c of [this.flows, ...this.queues.values()]) void c.disconnect().catch(() => undefined);
    });
  }
}
