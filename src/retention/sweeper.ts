// Deletes documents whose retention expired, exactly as DELETE /documents does: records and
// derived rows in one transaction (the blob prefix queued in the blob_deletions outbox), then the
// blobs after commit. Runs from the worker's periodic tick and from `pagelens retention sweep`.
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { deleteDocumentRecords } from '../documents/service.js';
import { drainBlobDeletions, runBlobDeletion } from '../documents/blob-deletions.js';
import { errorMessage } from '../util.js';
import * as repo from './repository.js';
import { expiresAt } from './service.js';

/** The slice of a pino / Fastify logger the sweeper writes to. */
export interface SweepLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SweptDocument {
  id: string;
  name: string;
  organization_id: string;
  expired_at: string;
}

export interface SweepSummary {
  deleted: SweptDocument[];
  /** Blob files removed: those of the swept documents plus earlier deletions that were retried. */
  blobs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Documents whose created_at + shortest retain_days is at or before `now`. */
async function expiredDocuments(ctx: AppContext, now: Date): Promise<repo.RetentionCandidate[]> {
  const { db } = ctx.database;
  const shortest = await repo.shortestRetainDays(db);
  if (shortest === null) return [];
  // No document created after now - shortest days can have expired: a cheap text filter in SQL.
  const cutoff = new Date(now.getTime() - shortest * DAY_MS).toISOString();
  const candidates = await repo.retentionCandidates(db, cutoff);
  return candidates.filter((c) => expiresAt(c.created_at, c.days).getTime() <= now.getTime());
}

export async function sweepExpired(ctx: AppContext, now: Date, log: SweepLog): Promise<SweepSummary> {
  const { db } = ctx.database;
  const summary: SweepSummary = { deleted: [], blobs: 0 };
  for (const candidate of await expiredDocuments(ctx, now)) {
    try {
      const swept = await inTransaction(
        db,
        async ({ trx, after }) => {
          // Re-check inside the transaction: a policy may have been detached since the scan.
          const [current] = await repo.retentionCandidates(trx, candidate.created_at, candidate.id);
          if (!current || expiresAt(current.created_at, current.days).getTime() > now.getTime()) return null;
          const policy = await repo.shortestPolicyOf(trx, current.id);
          await deleteDocumentRecords(trx, current.id, (outboxId, prefix) =>
            after.add(async () => {
              summary.blobs += await runBlobDeletion(db, ctx.storage, outboxId, prefix);
            }),
          );
          return {
            document: {
              id: current.id,
              name: current.name,
              organization_id: current.organization_id,
              expired_at: expiresAt(current.created_at, current.days).toISOString(),
            },
            policy: policy ? { id: policy.id, name: policy.name, retain_days: Number(policy.retain_days) } : null,
          };
        },
        (err) => log.warn({ err: errorMessage(err), document_id: candidate.id }, 'blob deletion failed; will retry'),
      );
      if (!swept) continue;
      // Logged after commit, so the log never reports a deletion that was rolled back.
      const { document } = swept;
      log.info(
        { document_id: document.id, name: document.name, organization_id: document.organization_id, policy: swept.policy },
        'retention expired: document deleted',
      );
      summary.deleted.push(swept.document);
    } catch (err) {
      // One failing document must not stop the sweep; it is picked up again next time.
      log.warn({ err: errorMessage(err), document_id: candidate.id }, 'retention sweep failed for a document');
    }
  }
  try {
    summary.blobs += await drainBlobDeletions(db, ctx.storage);
  } catch (err) {
    log.warn({ err: errorMessage(err) }, 'retrying queued blob deletions failed; will retry');
  }
  return summary;
}
