// The blob deletion outbox (table blob_deletions): a deletion is recorded in the transaction that
// makes the blobs unreferenced, carried out right after the commit, and retried by the sweeper
// when storage was unavailable, so no blob outlives its record for long.
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/types.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newId, nowIso } from '../util.js';

/** Queues a blob prefix for deletion inside the transaction that makes it unreferenced. */
export async function queueBlobDeletion(db: Db, prefix: string): Promise<string> {
  const id = newId();
  await db.insertInto('blob_deletions').values({ id, prefix, created_at: nowIso() }).execute();
  return id;
}

export async function runBlobDeletion(db: Kysely<Database>, storage: BlobStore, id: string, prefix: string): Promise<number> {
  const n = await storage.deletePrefix(prefix);
  await db.deleteFrom('blob_deletions').where('id', '=', id).execute();
  return n;
}

export async function drainBlobDeletions(db: Kysely<Database>, storage: BlobStore): Promise<number> {
  const rows = await db.selectFrom('blob_deletions').selectAll().orderBy('created_at').limit(1000).execute();
  let n = 0;
  for (const row of rows) n += await runBlobDeletion(db, storage, row.id, row.prefix);
  return n;
}

/** Every deletion still waiting in the outbox (fsck counts blobs under them as being deleted, not orphaned). */
export async function pendingDeletions(db: Kysely<Database>): Promise<Array<{ prefix: string; created_at: string }>> {
  return db.selectFrom('blob_deletions').select(['prefix', 'created_at']).execute();
}
