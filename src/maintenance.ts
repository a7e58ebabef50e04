// Background maintenance, started by every long-running process (`serve`, with or without its
// workers, and `pagelens worker`). Shared work - retention sweeps, retried blob deletions,
// expired upload URLs, orphan blobs in the (shared) blob store - runs in exactly one process at a
// time: the holder of a database lease. Crash leftovers on this machine's disk (partial uploads,
// temp blobs, empty blob folders) are swept by each process, at start and then periodically.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.js';
import { sweepExpiredComponentUploads } from './components/create-service.js';
import { sweepExpiredUploads } from './documents/upload-url.js';
import { sweepOrphans } from './fsck/fsck.js';
import { sweepLeftovers as sweepDisk, type LeftoverCounts } from './fsck/leftovers.js';
import { IDEMPOTENCY_KEY_TTL_S } from './http/idempotency.js';
import { pruneKeys } from './http/idempotency-keys.js';
import { releaseLease, takeLease } from './maintenance-lease.js';
import { sweepExpired } from './retention/sweeper.js';
import { errorMessage, newId } from './util.js';

export const MAINTENANCE_LEASE = 'maintenance';

export interface Background {
  /** This process's name in maintenance_leases. */
  holder: string;
  /** How many shared maintenance passes this process ran (tests, logs). */
  passes(): number;
  stop(): Promise<void>;
}

const leftoverCutoff = (ctx: AppContext, now: Date): Date => new Date(now.getTime() - ctx.config.leftoverAgeSeconds * 1000);

/** Removes crash leftovers older than PAGELENS_LEFTOVER_AGE_S from DATA_DIR/tmp and the local blob store. */
export async function sweepLeftovers(ctx: AppContext, now = new Date()): Promise<LeftoverCounts> {
  return sweepDisk(ctx, leftoverCutoff(ctx, now));
}

async function sharedPass(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const summary = await sweepExpired(ctx, new Date(), log);
  if (summary.deleted.length > 0 || summary.blobs > 0) {
    log.info({ documents: summary.deleted.length, blobs: summary.blobs }, 'retention sweep done');
  }
  const now = new Date();
  const uploads = (await sweepExpiredUploads(ctx.database.db, ctx.storage, now)) + (await sweepExpiredComponentUploads(ctx.database.db, ctx.storage, now));
  if (uploads > 0) log.info({ uploads }, 'expired upload URLs cleaned up');
  await pruneKeys(ctx.database.db, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_S * 1000).toISOString());
  // Blobs a crash left without a record (an upload or page killed between the write and the
  // commit), on any backend; only those older than PAGELENS_LEFTOVER_AGE_S.
  const orphans = await sweepOrphans(ctx, leftoverCutoff(ctx, now));
  if (orphans.orphans > 0) log.info({ blobs: orphans.orphans }, 'orphan blobs deleted');
  if (orphans.dangling > 0) log.warn({ records: orphans.dangling }, 'records point at blobs that are gone; run pagelens fsck');
}

/**
 * Every process ticks every min(60 s, PAGELENS_RETENTION_SWEEP_INTERVAL_S) and asks for the lease
 * (held for three ticks, so a dead holder is replaced within about three ticks); the holder runs
 * the shared pass once per sweep interval.
 */
export function startBackground(ctx: AppContext, log: FastifyBaseLogger): Background {
  const holder = `${hostname()}-${process.pid}-${newId().slice(0, 8)}`;
  const intervalMs = ctx.config.retentionSweepIntervalSeconds * 1000;
  const tickMs = Math.min(60_000, intervalMs);
  let lastShared = 0;
  let lastLeftovers = 0;
  let passes = 0;
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = (async () => {
      try {
        if (Date.now() - lastLeftovers >= intervalMs) {
          lastLeftovers = Date.now();
          const left = await sweepLeftovers(ctx);
          if (left.dataTmp + left.blobTmp + left.emptyDirs > 0) log.info(left, 'crash leftovers swept');
        }
        const held = await takeLease(ctx.database.db, MAINTENANCE_LEASE, holder, 3 * tickMs);
        if (held && Date.now() - lastShared >= intervalMs) {
          lastShared = Date.now();
          passes++;
          await sharedPass(ctx, log);
        }
        if (!held) lastShared = 0; // when this process takes over, it runs at once
      } catch (err) {
        log.warn({ err: errorMessage(err) }, 'maintenance tick failed');
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  tick();
  return {
    holder,
    passes: () => passes,
    async stop() {
      clearInterval(timer);
      await running;
      await releaseLease(ctx.database.db, MAINTENANCE_LEASE, holder).catch(() => undefined);
    },
  };
}
