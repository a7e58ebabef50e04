// Background work that runs beside the API (or alone): the retention sweeper and blob GC.
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { sweepExpiredComponentUploads } from './components/create-service.js';
import { sweepExpiredUploads } from './documents/upload-url.js';
import { sweepExpired } from './retention/sweeper.js';
import { errorMessage } from './util.js';

export interface Background {
  stop(): Promise<void>;
}

/**
 * Periodic maintenance: expired documents are swept, blob deletions that failed earlier are
 * retried, and upload URLs that expired unused are forgotten with their blobs.
 */
export function startBackground(ctx: AppContext, log: FastifyBaseLogger): Background {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = (async () => {
      try {
        const summary = await sweepExpired(ctx, new Date(), log);
        if (summary.deleted.length > 0 || summary.blobs > 0) {
          log.info({ documents: summary.deleted.length, blobs: summary.blobs }, 'retention sweep done');
        }
        const now = new Date();
        const uploads = (await sweepExpiredUploads(ctx.database.db, ctx.storage, now)) + (await sweepExpiredComponentUploads(ctx.database.db, ctx.storage, now));
        if (uploads > 0) log.info({ uploads }, 'expired upload URLs cleaned up');
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
