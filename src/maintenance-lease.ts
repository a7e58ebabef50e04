// The maintenance_leases table: one named lease per periodic task, held by one process at a time
// until it expires. Every process asks; the database's single-row update decides.
import type { Kysely } from 'kysely';
import type { Database } from './db/types.js';

const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

/** Takes or renews `name` for `holder` for ttlMs; false while another live process holds it. */
export async function takeLease(db: Kysely<Database>, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = new Date().toISOString();
  await db
    .insertInto('maintenance_leases')
    .values({ name, holder, expires_at: isoIn(ttlMs) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const res = await db
    .updateTable('maintenance_leases')
    .set({ holder, expires_at: isoIn(ttlMs) })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Gives the lease up at a clean stop, so another process takes over without waiting. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.deleteFrom('maintenance_leases').where('name', '=', name).where('holder', '=', holder).execute();
}

export async function leaseHolder(db: Kysely<Database>, name: string): Promise<string | null> {
  const row = await db.selectFrom('maintenance_leases').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst();
  return row && row.expires_at >= new Date().toISOString() ? row.holder : null;
}
