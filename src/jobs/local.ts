// The local backend: the database is the queue. Workers (threads of control in any process
// sharing the database) claim queued runs atomically — FOR UPDATE SKIP LOCKED on PostgreSQL,
// the single writer lock on SQLite — so several processes or machines never take the same run.
import { EventEmitter } from 'node:events';
import type { DatabaseHandle } from '../db/connection.js';
import type { TaskRunsTable } from '../db/types.js';
import { errorMessage } from '../util.js';
import type { QueueBackend, RunningWorker, WorkerOptions } from './queue.js';
import { claimNext } from './repository.js';

export class LocalQueue implements QueueBackend {
  readonly name = 'local' as const;
  private readonly wake = new EventEmitter();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly pollMs: number,
    private readonly onError: (message: string) => void = () => undefined,
  ) {
    this.wake.setMaxListeners(0);
  }

  async dispatch(runs: TaskRunsTable[], parent?: TaskRunsTable): Promise<void> {
    // Rows are already queued in the database; wake this process's idle loops at once.
    // Other processes find them at their next poll. A parent (finalize) waits in the database.
    if (runs.length > 0 || parent) this.wake.emit('work');
  }

  async check(): Promise<void> {
    // The database is the queue; /readyz checks it on its own.
  }

  async cancel(): Promise<void> {
    // Nothing is held outside the database.
  }

  async inspect(): Promise<{ waiting: number; active: number }> {
    const rows = await this.database.db
      .selectFrom('task_runs')
      .select(['status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .groupBy('status')
      .execute();
    const count = (s: string): number => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { waiting: count('queued'), active: count('running') };
  }

  async startWorker(options: WorkerOptions): Promise<RunningWorker> {
    let stopping = false;
    let active = 0;
    const idle = (): Promise<void> =>
      new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.wake.off('work', done);
          resolve();
        };
        const timer = setTimeout(done, this.pollMs);
        this.wake.on('work', done);
      });
    const loop = async (): Promise<void> => {
      while (!stopping) {
        let run: TaskRunsTable | undefined;
        try {
          run = await claimNext(this.database.db, this.database.dialect, options.workerId, options.queues);
        } catch (err) {
          this.onError(`claim failed: ${errorMessage(err)}`);
        }
        if (!run) {
          options.onIdle?.();
          await idle();
          continue;
        }
        active++;
        try {
          await options.execute(run);
        } finally {
          active--;
        }
      }
    };
    const loops = Array.from({ length: options.concurrency }, () => loop());
    return {
      stop: async () => {
        stopping = true;
        this.wake.emit('work');
        await Promise.all(loops);
      },
      active: () => active,
    };
  }

  async close(): Promise<void> {
    this.wake.emit('work');
  }
}
