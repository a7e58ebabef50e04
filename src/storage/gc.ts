// Carries out committed blob deletions (the blob_deletions outbox). A deletion that fails now
// stays queued and is retried by the sweeper, so no blob outlives its record for long.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { BlobStore } from './blob-store.js';

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
