// Rules for organizations, users and tokens (used by the CLI, the bootstrap and the auth hook).
import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/types.js';
import { newId, nowIso } from '../util.js';
import type { Caller } from './caller.js';
import * as repo from './repository.js';
import { displayPrefix, generateToken, hashToken } from './tokens.js';

export class AuthRuleError extends Error {}

export const DEFAULT_ORGANIZATION = 'default';

const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL_RE.test(e)) throw new AuthRuleError(`not an e-mail address: ${email}`);
  return e;
}

const orgKey = (name: string): string => name.trim().normalize('NFKC').toLowerCase();

export interface CreatedUser {
  id: string;
  email: string;
  organizationId: string;
  organizationName: string;
  organizationCreated: boolean;
}

/** Creates a user, and its organization when no organization of that name exists yet. */
export async function createUser(
  db: Db,
  email: string,
  options: { organization?: string; admin?: boolean } = {},
): Promise<CreatedUser> {
  const normalized = normalizeEmail(email);
  if (await repo.findUserByEmail(db, normalized)) throw new AuthRuleError(`user ${normalized} already exists`);
  const orgName = (options.organization ?? DEFAULT_ORGANIZATION).trim();
  if (orgName === '') throw new AuthRuleError('organization name must not be empty');
  const now = nowIso();
  let org = await repo.findOrganizationByKey(db, orgKey(orgName));
  let organizationCreated = false;
  if (!org) {
    org = { id: newId(), name: orgName, name_key: orgKey(orgName), created_at: now };
    await db.insertInto('organizations').values(org).execute();
    organizationCreated = true;
  }
  const id = newId();
  await db
    .insertInto('users')
    .values({ id, organization_id: org.id, email: normalized, is_admin: options.admin ? 1 : 0, created_at: now })
    .execute();
  return { id, email: normalized, organizationId: org.id, organizationName: org.name, organizationCreated };
}

// A chosen token must be sendable as `Authorization: Bearer <token>`: printable ASCII, no spaces.
const TOKEN_VALUE_RE = /^[\x21-\x7e]{16,}$/;

function checkTokenValue(token: string, what: string): void {
  if (!TOKEN_VALUE_RE.test(token)) {
    throw new AuthRuleError(`${what} must be at least 16 printable ASCII characters without spaces`);
  }
}

export interface CreatedToken {
  id: string;
  token: string;
  expiresAt: string | null;
}

export async function createToken(
  db: Db,
  email: string,
  options: { name?: string; expiresDays?: number; token?: string } = {},
): Promise<CreatedToken> {
  const user = await repo.findUserByEmail(db, normalizeEmail(email));
  if (!user) throw new AuthRuleError(`no user ${email}`);
  if (options.expiresDays !== undefined && (!Number.isInteger(options.expiresDays) || options.expiresDays < 1)) {
    throw new AuthRuleError('--expires-days must be a positive integer');
  }
  const token = options.token ?? generateToken();
  checkTokenValue(token, 'a token');
  const now = new Date();
  const expiresAt =
    options.expiresDays === undefined ? null : new Date(now.getTime() + options.expiresDays * 86_400_000).toISOString();
  const id = newId();
  await db
    .insertInto('api_tokens')
    .values({
      id,
      user_id: user.id,
      name: options.name ?? 'cli',
      token_hash: hashToken(token),
      token_prefix: displayPrefix(token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return { id, token, expiresAt };
}

/** Revokes by token id or by the token itself; returns false when nothing matched. */
export async function revokeToken(db: Db, idOrToken: string): Promise<boolean> {
  const res = await db
    .updateTable('api_tokens')
    .set({ revoked_at: nowIso() })
    .where((eb) => eb.or([eb('id', '=', idOrToken), eb('token_hash', '=', hashToken(idOrToken))]))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function listTokens(db: Db, email: string) {
  if (!(await repo.findUserByEmail(db, normalizeEmail(email)))) throw new AuthRuleError(`no user ${email}`);
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.token_prefix',
      'api_tokens.created_at',
      'api_tokens.expires_at',
      'api_tokens.last_used_at',
      'api_tokens.revoked_at',
    ])
    .where('users.email', '=', email.trim().toLowerCase())
    .orderBy('api_tokens.created_at')
    .execute();
}

export type AuthFailure = 'unknown' | 'revoked' | 'expired';

// Writing last_used_at on every request would turn reads into writes; a minute's precision is enough.
const TOUCH_INTERVAL_MS = 60_000;

export async function authenticate(db: Db, token: string): Promise<Caller | AuthFailure> {
  const row = await repo.findActiveTokenByHash(db, hashToken(token));
  if (!row) return 'unknown';
  if (row.revoked_at !== null) return 'revoked';
  const now = new Date();
  if (row.expires_at !== null && row.expires_at <= now.toISOString()) return 'expired';
  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) > TOUCH_INTERVAL_MS) {
    await repo.touchToken(db, row.token_id, now.toISOString());
  }
  return {
    userId: row.user_id,
    organizationId: row.organization_id,
    email: row.email,
    isAdmin: row.is_admin === 1,
    tokenId: row.token_id,
  };
}

export interface BootstrapResult {
  email: string;
  token: string;
}

export const BOOTSTRAP_EMAIL = 'admin@localhost';

/** On a database with no users: creates the admin and a token (PAGELENS_BOOTSTRAP_TOKEN if set). */
export async function bootstrapAdmin(db: Kysely<Database>, fixedToken: string | null): Promise<BootstrapResult | null> {
  return db.transaction().execute(async (trx) => {
    if ((await repo.countUsers(trx)) > 0) return null;
    if (fixedToken) checkTokenValue(fixedToken, 'PAGELENS_BOOTSTRAP_TOKEN');
    await createUser(trx, BOOTSTRAP_EMAIL, { admin: true });
    const created = await createToken(trx, BOOTSTRAP_EMAIL, {
      name: 'bootstrap',
      ...(fixedToken ? { token: fixedToken } : {}),
    });
    return { email: BOOTSTRAP_EMAIL, token: created.token };
  });
}
