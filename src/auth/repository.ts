// Queries for organizations, users and tokens.
import type { Db } from '../db/types.js';

export function findOrganizationByKey(db: Db, nameKey: string) {
  return db.selectFrom('organizations').selectAll().where('name_key', '=', nameKey).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findActiveTokenByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as token_id',
      'api_tokens.expires_at',
      'api_tokens.revoked_at',
      'api_tokens.last_used_at',
      'users.id as user_id',
      'users.organization_id',
      'users.email',
      'users.is_admin',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Db, tokenId: string, at: string): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute();
}
