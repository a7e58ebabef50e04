// Retention policies and their document links through HTTP on both databases: CRUD, bounds,
// organization scoping, who may change what, attach / list / detach and idempotent attach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { attach, createPolicy, uploadDoc, type AssociationBody, type PolicyBody } from './helpers.js';

const MISSING = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)('retention policies (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let eve: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@example.com', { org: 'acme' });
    bob = await t.user('bob@example.com', { org: 'acme' });
    admin = await t.user('root@example.com', { org: 'acme', admin: true });
    eve = await t.user('eve@example.com', { org: 'evil' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, lists, updates and deletes a policy', async () => {
    const created = await createPolicy(t, alice, '  Short term ', 30);
    expect(created).toMatchObject({ name: 'Short term', retain_days: 30, action: 'delete', owner_id: alice.id });
    expect(created.created_at).toBe(created.updated_at);

    const get = await t.app.inject({ url: `/api/v0/retention-policies/${created.id}`, headers: bob.auth });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(created);

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/retention-policies/${created.id}`,
      headers: alice.auth,
      payload: { retain_days: 7, name: 'Week' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: created.id, name: 'Week', retain_days: 7, action: 'delete' });

    const empty = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/retention-policies/${created.id}`,
      headers: alice.auth,
      payload: {},
    });
    expect(empty.json()).toMatchObject({ name: 'Week', retain_days: 7 });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/v0/retention-policies/${created.id}`, headers: alice.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: created.id, deleted: true });
    const gone = await t.app.inject({ url: `/api/v0/retention-policies/${created.id}`, headers: alice.auth });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: 'Retention policy not found' });
  });

  it('lists with bounds, totals and pages, newest first', async () => {
    const u = await t.user('lister@example.com', { org: 'listing' });
    const made: PolicyBody[] = [];
    for (const days of [1, 2, 3]) made.push(await createPolicy(t, u, `p${days}`, days));
    const page = await t.app.inject({ url: '/api/v0/retention-policies?limit=2', headers: u.auth });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ retention_policies: PolicyBody[]; total: number; limit: number; offset: number }>();
    expect(body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(body.retention_policies).toHaveLength(2);
    const rest = await t.app.inject({ url: '/api/v0/retention-policies?limit=2&offset=2', headers: u.auth });
    expect(rest.json<{ retention_policies: PolicyBody[] }>().retention_policies).toHaveLength(1);
    const all = [...body.retention_policies, ...rest.json<{ retention_policies: PolicyBody[] }>().retention_policies];
    expect(all.map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
    const defaults = await t.app.inject({ url: '/api/v0/retention-policies', headers: u.auth });
    expect(defaults.json()).toMatchObject({ total: 3, limit: 50, offset: 0 });

    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc']) {
      const res = await t.app.inject({ url: `/api/v0/retention-policies?${q}`, headers: u.auth });
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc[0]).toBe('query');
    }
  });

  it('validates the create and update bodies with 422', async () => {
    const bad: Array<Record<string, string | number>> = [
      {},
      { name: 'x' },
      { name: '', retain_days: 1 },
      { name: '   ', retain_days: 1 },
      { name: 'x'.repeat(201), retain_days: 1 },
      { name: 'x', retain_days: 0 },
      { name: 'x', retain_days: 36501 },
      { name: 'x', retain_days: 1.5 },
      { name: 'x', retain_days: '5' },
      { name: 'x', retain_days: 5, action: 'archive' },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v0/retention-policies', headers: alice.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc[0]).toBe('body');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v0/retention-policies',
      headers: alice.auth,
      payload: { name: 'x' },
    });
    expect(missing.json()).toEqual({ detail: [{ loc: ['body', 'retain_days'], msg: 'Field required', type: 'missing' }] });
    const edge = await t.app.inject({
      method: 'POST',
      url: '/api/v0/retention-policies',
      headers: alice.auth,
      payload: { name: 'x'.repeat(200), retain_days: 36500, action: 'delete' },
    });
    expect(edge.statusCode).toBe(200);
    const id = edge.json<PolicyBody>().id;
    for (const payload of [{ retain_days: 0 }, { name: '' }, { action: 'keep' }]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/v0/retention-policies/${id}`, headers: alice.auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const notUuid = await t.app.inject({ url: '/api/v0/retention-policies/nope', headers: alice.auth });
    expect(notUuid.statusCode).toBe(422);
    expect(notUuid.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc).toEqual(['path', 'retention_policy_id']);
  });

  it('lets any member see a policy but only its creator or an admin change it', async () => {
    const p = await createPolicy(t, alice, 'alice owns', 10);
    const list = await t.app.inject({ url: '/api/v0/retention-policies?limit=200', headers: bob.auth });
    expect(list.json<{ retention_policies: PolicyBody[] }>().retention_policies.map((x) => x.id)).toContain(p.id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/retention-policies/${p.id}`,
      headers: bob.auth,
      payload: { retain_days: 1 },
    });
    expect(put.statusCode).toBe(403);
    expect(typeof put.json<{ detail: unknown }>().detail).toBe('string');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v0/retention-policies/${p.id}`, headers: bob.auth });
    expect(del.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/retention-policies/${p.id}`,
      headers: admin.auth,
      payload: { retain_days: 11 },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ retain_days: 11, owner_id: alice.id });
    const adminDel = await t.app.inject({ method: 'DELETE', url: `/api/v0/retention-policies/${p.id}`, headers: admin.auth });
    expect(adminDel.statusCode).toBe(200);
  });

  it("answers 404 for another organization's policy and never lists it", async () => {
    const p = await createPolicy(t, alice, 'acme only', 10);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { retain_days: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/v0/retention-policies/${p.id}`, headers: eve.auth, payload });
      expect(res.statusCode, method).toBe(404);
    }
    const list = await t.app.inject({ url: '/api/v0/retention-policies?limit=200', headers: eve.auth });
    expect(list.json<{ retention_policies: PolicyBody[] }>().retention_policies.map((x) => x.id)).not.toContain(p.id);
    const evePolicy = await createPolicy(t, eve, 'evil', 1);
    const doc = await uploadDoc(t, alice);
    const cross = await attach(t, alice, doc.id, evePolicy.id);
    expect(cross.statusCode).toBe(404);
    const missing = await attach(t, alice, doc.id, MISSING);
    expect(missing.statusCode).toBe(404);
  });

  it('attaches, lists and detaches policies on a document, with expiry dates', async () => {
    const doc = await uploadDoc(t, alice);
    const long = await createPolicy(t, bob, 'long', 30);
    const short = await createPolicy(t, bob, 'short', 2);
    const first = await attach(t, alice, doc.id, long.id);
    expect(first.statusCode).toBe(200);
    const assoc = first.json<AssociationBody>();
    expect(assoc).toMatchObject({ document_id: doc.id, retention_policy_id: long.id, retention_policy: long });
    expect(assoc.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(assoc.expires_at)).toBe(Date.parse(doc.created_at) + 30 * DAY_MS);
    expect(assoc.expires_at).toBe(new Date(Date.parse(doc.created_at) + 30 * DAY_MS).toISOString());

    const again = await attach(t, alice, doc.id, long.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(assoc);

    expect((await attach(t, alice, doc.id, short.id)).statusCode).toBe(200);
    const list = await t.app.inject({ url: `/api/v0/documents/${doc.id}/retention-policies`, headers: alice.auth });
    expect(list.statusCode).toBe(200);
    const links = list.json<AssociationBody[]>();
    expect(links.map((l) => [l.retention_policy_id, l.retention_policy.retain_days])).toEqual([
      [long.id, 30],
      [short.id, 2],
    ]);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${doc.id}/retention-policies/${long.id}`,
      headers: alice.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual(assoc);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${doc.id}/retention-policies/${long.id}`,
      headers: alice.auth,
    });
    expect(twice.statusCode).toBe(404);
    const after = await t.app.inject({ url: `/api/v0/documents/${doc.id}/retention-policies`, headers: alice.auth });
    expect(after.json<AssociationBody[]>().map((l) => l.retention_policy_id)).toEqual([short.id]);

    // Deleting the policy detaches it from every document.
    await t.app.inject({ method: 'DELETE', url: `/api/v0/retention-policies/${short.id}`, headers: bob.auth });
    const none = await t.app.inject({ url: `/api/v0/documents/${doc.id}/retention-policies`, headers: alice.auth });
    expect(none.json()).toEqual([]);
  });

  it('validates the link parameters with 422', async () => {
    const doc = await uploadDoc(t, alice);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${doc.id}/retention-policies`,
      headers: alice.auth,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      detail: [{ loc: ['query', 'retention_policy_id'], msg: 'Field required', type: 'missing' }],
    });
    const notUuid = await attach(t, alice, doc.id, 'nope');
    expect(notUuid.statusCode).toBe(422);
    expect(notUuid.json<{ detail: Array<{ loc: unknown[]; type: string }> }>().detail[0]).toMatchObject({
      loc: ['query', 'retention_policy_id'],
      type: 'uuid_parsing',
    });
    const badDoc = await t.app.inject({ url: '/api/v0/documents/nope/retention-policies', headers: alice.auth });
    expect(badDoc.statusCode).toBe(422);
    const badDel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${doc.id}/retention-policies/nope`,
      headers: alice.auth,
    });
    expect(badDel.statusCode).toBe(422);
    expect(badDel.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc).toEqual(['path', 'retention_policy_id']);
    const noAuth = await t.app.inject({ url: `/api/v0/documents/${doc.id}/retention-policies` });
    expect(noAuth.statusCode).toBe(401);
  });

  it('hides invisible documents (404) and lets only managers attach or detach (403)', async () => {
    const policy = await createPolicy(t, alice, 'shared', 5);
    const privateDoc = await uploadDoc(t, alice);
    const sharedDoc = await uploadDoc(t, alice, { visibility: 'organization' });

    // A private document of someone else is invisible, even inside the organization.
    expect((await attach(t, bob, privateDoc.id, policy.id)).statusCode).toBe(404);
    const bobList = await t.app.inject({ url: `/api/v0/documents/${privateDoc.id}/retention-policies`, headers: bob.auth });
    expect(bobList.statusCode).toBe(404);
    // Another organization sees nothing.
    expect((await attach(t, eve, sharedDoc.id, policy.id)).statusCode).toBe(404);
    const eveList = await t.app.inject({ url: `/api/v0/documents/${sharedDoc.id}/retention-policies`, headers: eve.auth });
    expect(eveList.statusCode).toBe(404);
    expect((await attach(t, alice, MISSING, policy.id)).statusCode).toBe(404);

    // A visible document the caller does not own: reading is fine, changing retention is 403.
    const forbidden = await attach(t, bob, sharedDoc.id, policy.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<{ detail: string }>().detail).toMatch(/change its retention/);
    expect((await attach(t, alice, sharedDoc.id, policy.id)).statusCode).toBe(200);
    const readable = await t.app.inject({ url: `/api/v0/documents/${sharedDoc.id}/retention-policies`, headers: bob.auth });
    expect(readable.statusCode).toBe(200);
    expect(readable.json<AssociationBody[]>()).toHaveLength(1);
    const bobDel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${sharedDoc.id}/retention-policies/${policy.id}`,
      headers: bob.auth,
    });
    expect(bobDel.statusCode).toBe(403);
    const eveDel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${sharedDoc.id}/retention-policies/${policy.id}`,
      headers: eve.auth,
    });
    expect(eveDel.statusCode).toBe(404);
    // An organization admin manages any visible document.
    const adminDel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v0/documents/${sharedDoc.id}/retention-policies/${policy.id}`,
      headers: admin.auth,
    });
    expect(adminDel.statusCode).toBe(200);
    expect((await attach(t, admin, sharedDoc.id, policy.id)).statusCode).toBe(200);
  });
});
