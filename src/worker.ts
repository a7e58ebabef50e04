// Background work that runs beside the API (or alone): the retention sweeper and blob GC.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { drainBlobDeletions } from './storage/gc.js';
import { errorMessage } from './util.js';

export interface Background {
  stop(): Promise<void>;
}

/** Periodic maintenance: committed blob deletions that failed earlier are retried here. */
export function startBackground(ctx: AppContext, log: FastifyBaseLogger): Background {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = (async () => {
      try {
        const blobs = await drainBlobDeletions(ctx.database.db, ctx.storage);
        if (blobs > 0) log.info({ blobs }, 'retried blob deletions');
      } catch (err) {
        log.warn({ err: errorMessage(err) }, 'maintenance tick failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, ctx.config.retentionSweepIntervalSeconds * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
