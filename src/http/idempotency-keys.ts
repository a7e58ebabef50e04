// The idempotency_keys table: the first answer to a creating POST, kept per user, endpoint and key.
import type { Kysely } from 'kysely';
import type { Database, IdempotencyKeysTable } from '../db/types.js';
import { nowIso } from '../util.js';

export interface KeyRef {
  userId: string;
  endpoint: string;
  key: string;
}

const match = (ref: KeyRef) =>
  ({ user_id: ref.userId, endpoint: ref.endpoint, key: ref.key }) as const;

/** Claims the key for a new request; false when a row for it already exists. */
export async function claimKey(db: Kysely<Database>, ref: KeyRef, requestHash: string): Promise<boolean> {
  const res = await db
    .insertInto('idempotency_keys')
    .values({ ...match(ref), request_hash: requestHash, status_code: null, response: null, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'endpoint', 'key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findKey(db: Kysely<Database>, ref: KeyRef): Promise<IdempotencyKeysTable | undefined> {
  const m = match(ref);
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', m.user_id)
    .where('endpoint', '=', m.endpoint)
    .where('key', '=', m.key)
    .executeTakeFirst();
}

/** Takes over a claim whose request never answered (its process died) once it is older than `before`. */
export async function takeOverStaleClaim(db: Kysely<Database>, ref: KeyRef, requestHash: string, before: string): Promise<boolean> {
  const m = match(ref);
  const res = await db
    .updateTable('idempotency_keys')
    .set({ created_at: nowIso(), request_hash: requestHash })
    .where('user_id', '=', m.user_id)
    .where('endpoint', '=', m.endpoint)
    .where('key', '=', m.key)
    .where('status_code', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function storeAnswer(db: Kysely<Database>, ref: KeyRef, statusCode: number, response: string): Promise<void> {
  const m = match(ref);
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response })
    .where('user_id', '=', m.user_id)
    .where('endpoint', '=', m.endpoint)
    .where('key', '=', m.key)
    .execute();
}

export async function dropKey(db: Kysely<Database>, ref: KeyRef): Promise<void> {
  const m = match(ref);
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', m.user_id)
    .where('endpoint', '=', m.endpoint)
    .where('key', '=', m.key)
    .execute();
}

/** Forgets keys older than `before` (maintenance). */
export async function pruneKeys(db: Kysely<Database>, before: string): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}
