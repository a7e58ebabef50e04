// Bearer authentication on both databases: 401 shapes, expiry, revocation, last use, hashed storage,
// the public probes and request ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOTSTRAP_EMAIL, bootstrapAdmin, createToken, revokeToken } from '../../src/auth/service.js';
import { hashToken } from '../../src/auth/tokens.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

const DOCS = '/api/v0/documents';

describe.each(DB_KINDS)('auth (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@auth.test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function get(authorization?: string, url = DOCS) {
    return t.app.inject({ url, headers: authorization === undefined ? {} : { authorization } });
  }

  function expect401(res: Awaited<ReturnType<typeof get>>, detail?: string): void {
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    const body = res.json<{ detail: unknown }>();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(typeof body.detail).toBe('string');
    if (detail !== undefined) expect(body.detail).toBe(detail);
  }

  it('accepts a valid bearer token (scheme case-insensitive)', async () => {
    expect((await get(`Bearer ${alice.token}`)).statusCode).toBe(200);
    expect((await get(`bearer ${alice.token}`)).statusCode).toBe(200);
  });

  it('answers 401 with WWW-Authenticate for a missing header, a wrong scheme or an unknown token', async () => {
    expect401(await get(), 'Not authenticated');
    expect401(await get(''));
    expect401(await get('Bearer'));
    expect401(await get('Bearer '));
    expect401(await get(`Basic ${Buffer.from('alice:secret').toString('base64')}`));
    expect401(await get(`Token ${alice.token}`));
    expect401(await get(alice.token));
    expect401(await get(`Bearer ${alice.token} extra`));
    expect401(await get('Bearer pl_thisTokenDoesNotExistAnywhere000000'), 'Invalid token');
    // Also on writes and on single-resource routes, before any validation or lookup.
    const post = await t.app.inject({ method: 'POST', url: DOCS, payload: { name: 'x' } });
    expect401(post);
    expect401(await get(undefined, `${DOCS}/not-a-uuid`));
    expect401(await get(undefined, `${DOCS}/tags`));
  });

  it('answers 401 "Token has expired" once expires_at has passed', async () => {
    const created = await createToken(t.ctx.database.db, alice.email, { name: 'short', expiresDays: 1 });
    expect(created.expiresAt).not.toBeNull();
    expect(Date.parse(created.expiresAt ?? '') - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await get(`Bearer ${created.token}`)).statusCode).toBe(200);
    await t.ctx.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    expect401(await get(`Bearer ${created.token}`), 'Token has expired');
    // Other tokens of the same user are unaffected.
    expect((await get(`Bearer ${alice.token}`)).statusCode).toBe(200);
  });

  it('rejects bad expiry options', async () => {
    for (const expiresDays of [0, -1, 1.5]) {
      await expect(createToken(t.ctx.database.db, alice.email, { expiresDays })).rejects.toThrow(/expires-days/);
    }
    await expect(createToken(t.ctx.database.db, 'nobody@auth.test')).rejects.toThrow(/no user/);
  });

  it('accepts a chosen token only when it can be sent in a bearer header', async () => {
    const { db } = t.ctx.database;
    const custom = 'custom-token_0123456789.~+/=';
    await createToken(db, alice.email, { name: 'custom', token: custom });
    expect((await get(`Bearer ${custom}`)).statusCode).toBe(200);
    for (const token of ['short-token', 'has a space 0123456789', 'tab\tseparated0123456789', 'é'.repeat(20)]) {
      await expect(createToken(db, alice.email, { token }), token).rejects.toThrow(/printable ASCII/);
    }
  });

  it('bootstraps the first admin only on an empty database, all or nothing', async () => {
    const fresh = await startTestApp(kind);
    try {
      const { db } = fresh.ctx.database;
      await expect(bootstrapAdmin(db, 'too-short')).rejects.toThrow(/PAGELENS_BOOTSTRAP_TOKEN/);
      expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('organizations').selectAll().execute()).toEqual([]);
      const boot = await bootstrapAdmin(db, null);
      expect(boot?.email).toBe(BOOTSTRAP_EMAIL);
      const res = await fresh.app.inject({ url: DOCS, headers: { authorization: `Bearer ${boot?.token ?? ''}` } });
      expect(res.statusCode).toBe(200);
      expect(await bootstrapAdmin(db, 'another-bootstrap-token-0123')).toBeNull();
      const users = await db.selectFrom('users').select(['email', 'is_admin']).execute();
      expect(users).toEqual([{ email: BOOTSTRAP_EMAIL, is_admin: 1 }]);
    } finally {
      await fresh.close();
    }
  });

  it('answers 401 for a token revoked by id or by value', async () => {
    const { db } = t.ctx.database;
    const byId = await createToken(db, alice.email, { name: 'by-id' });
    const byValue = await createToken(db, alice.email, { name: 'by-value' });
    expect((await get(`Bearer ${byId.token}`)).statusCode).toBe(200);
    expect((await get(`Bearer ${byValue.token}`)).statusCode).toBe(200);
    expect(await revokeToken(db, byId.id)).toBe(true);
    expect(await revokeToken(db, byValue.token)).toBe(true);
    expect401(await get(`Bearer ${byId.token}`), 'Token has been revoked');
    expect401(await get(`Bearer ${byValue.token}`), 'Token has been revoked');
    // Revoking again matches nothing active; unknown values match nothing at all.
    expect(await revokeToken(db, byId.id)).toBe(false);
    expect(await revokeToken(db, 'pl_unknownunknownunknown')).toBe(false);
    expect((await get(`Bearer ${alice.token}`)).statusCode).toBe(200);
  });

  it('records last_used_at, at most once a minute', async () => {
    const { db } = t.ctx.database;
    const created = await createToken(db, alice.email, { name: 'usage' });
    const lastUsed = async () =>
      (await db.selectFrom('api_tokens').select('last_used_at').where('id', '=', created.id).executeTakeFirstOrThrow())
        .last_used_at;
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    expect((await get(`Bearer ${created.token}`)).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // A recent use is not rewritten...
    const recent = new Date(Date.now() - 10_000).toISOString();
    await db.updateTable('api_tokens').set({ last_used_at: recent }).where('id', '=', created.id).execute();
    await get(`Bearer ${created.token}`);
    expect(await lastUsed()).toBe(recent);
    // ...an older one is.
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await db.updateTable('api_tokens').set({ last_used_at: old }).where('id', '=', created.id).execute();
    await get(`Bearer ${created.token}`);
    expect(Date.parse((await lastUsed()) ?? '')).toBeGreaterThan(Date.parse(old) + 60_000);
    // A rejected token is not touched.
    await revokeToken(db, created.id);
    await db.updateTable('api_tokens').set({ last_used_at: old }).where('id', '=', created.id).execute();
    expect401(await get(`Bearer ${created.token}`));
    expect(await lastUsed()).toBe(old);
  });

  it('stores tokens only as SHA-256 hashes', async () => {
    const rows = await t.ctx.database.db.selectFrom('api_tokens').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(alice.token);
    const mine = rows.find((r) => r.token_hash === hashToken(alice.token));
    expect(mine).toBeDefined();
    expect(mine?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(alice.token.startsWith(mine?.token_prefix ?? '-')).toBe(true);
    expect(mine?.token_prefix.length).toBeLessThan(alice.token.length / 2);
  });

  it('serves /healthz, /readyz and /metrics without a token', async () => {
    const health = await get(undefined, '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await get(undefined, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } });
    await get(`Bearer ${alice.token}`);
    const metrics = await get(undefined, '/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    expect(metrics.body).toContain('# TYPE pagelens_http_requests_total counter');
    expect(metrics.body).toMatch(/pagelens_http_requests_total\{[^}]*route="\/api\/v0\/documents"[^}]*status="200"/);
    expect(metrics.body).toMatch(/pagelens_http_requests_total\{[^}]*status="401"/);
  });

  it('serves /openapi.json without a token, declaring the bearer scheme', async () => {
    const res = await get(undefined, '/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      security: unknown[];
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([DOCS, `${DOCS}/tags`, `${DOCS}/{document_id}/tags`]));
    expect(Object.values(doc.components.securitySchemes)).toContainEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.security.length).toBeGreaterThan(0);
  });

  it('echoes x-request-id, and generates one when absent or unusable', async () => {
    const echoed = await t.app.inject({ url: DOCS, headers: { ...alice.auth, 'x-request-id': 'req-123.abc' } });
    expect(echoed.headers['x-request-id']).toBe('req-123.abc');
    const generated = await get(`Bearer ${alice.token}`);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unusable = await t.app.inject({ url: DOCS, headers: { ...alice.auth, 'x-request-id': 'has spaces\tand tabs' } });
    expect(unusable.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Errors carry it too.
    const denied = await t.app.inject({ url: DOCS, headers: { 'x-request-id': 'denied-1' } });
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['x-request-id']).toBe('denied-1');
    const probe = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'probe-1' } });
    expect(probe.headers['x-request-id']).toBe('probe-1');
  });
});
