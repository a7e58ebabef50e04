// Knowledge bases through HTTP on both databases: CRUD, bounds, organization scoping,
// creator/admin rights, document membership (all or nothing), counts and document filtering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf } from '../fixtures/files.js';

interface KbBody {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  document_count: number;
  created_at: string;
  updated_at: string;
}

const MISSING = '7d0c6d43-31a5-4b7c-9a52-7b1a7e2f8f11';
const BASE = '/api/v0/knowledge-bases';

describe.each(DB_KINDS)('knowledge bases (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let mallory: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@example.com');
    bob = await t.user('bob@example.com');
    admin = await t.user('root@example.com', { admin: true });
    mallory = await t.user('mallory@other.example', { org: 'other' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function create(user: TestUser, payload: Record<string, unknown>): Promise<KbBody> {
    const res = await t.app.inject({ method: 'POST', url: BASE, headers: user.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<KbBody>();
  }

  const get = (user: TestUser, id: string) => t.app.inject({ url: `${BASE}/${id}`, headers: user.auth });
  const put = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `${BASE}/${id}`, headers: user.auth, payload });
  const del = (user: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: user.auth });
  const addDocs = (user: TestUser, id: string, documentIds: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${id}/documents`,
      headers: user.auth,
      payload: { document_ids: documentIds },
    });
  const removeDoc = (user: TestUser, id: string, documentId: string) =>
    t.app.inject({ method: 'DELETE', url: `${BASE}/${id}/documents/${documentId}`, headers: user.auth });

  async function upload(user: TestUser, fields: Record<string, string> = {}): Promise<string> {
    const body = multipart(fields, [{ filename: 'report.pdf', content: samplePdf() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ document_id: string }>().document_id;
  }

  it('creates, gets, updates and deletes a knowledge base', async () => {
    const kb = await create(alice, { name: ' Manuals ', description: 'Service manuals' });
    expect(kb).toMatchObject({ name: 'Manuals', description: 'Service manuals', owner_id: alice.id, document_count: 0 });
    expect((await create(alice, { name: 'Manuals' })).description).toBe('');
    expect((await get(alice, kb.id)).json()).toEqual(kb);
    expect((await get(bob, kb.id)).statusCode).toBe(200);

    const updated = await put(alice, kb.id, { description: 'All manuals' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Manuals', description: 'All manuals' });
    expect((await put(alice, kb.id, { name: 'Handbooks', description: '' })).json()).toMatchObject({
      name: 'Handbooks',
      description: '',
    });

    const gone = await del(alice, kb.id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toEqual({ id: kb.id, deleted: true });
    expect((await get(alice, kb.id)).json()).toEqual({ detail: 'Knowledge base not found' });
    expect((await del(alice, kb.id)).statusCode).toBe(404);
  });

  it('lists with a total and bounds', async () => {
    const user = await t.user('lister@example.com', { org: 'listers' });
    for (const name of ['a', 'b', 'c']) await create(user, { name });
    const page = await t.app.inject({ url: `${BASE}?limit=2`, headers: user.auth });
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    const first = page.json<{ knowledge_bases: KbBody[] }>().knowledge_bases;
    const rest = (await t.app.inject({ url: `${BASE}?limit=2&offset=2`, headers: user.auth })).json<{
      knowledge_bases: KbBody[];
    }>().knowledge_bases;
    expect([...first, ...rest].map((k) => k.name).sort()).toEqual(['a', 'b', 'c']);
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'offset=x']) {
      const res = await t.app.inject({ url: `${BASE}?${q}`, headers: user.auth });
      expect(res.statusCode, q).toBe(422);
      expect(res.json<{ detail: Array<{ loc: string[] }> }>().detail[0]?.loc[0]).toBe('query');
    }
    expect((await t.app.inject({ url: `${BASE}?limit=200`, headers: user.auth })).statusCode).toBe(200);
  });

  it('answers 422 for non-UUID ids and invalid bodies', async () => {
    const bad = await get(alice, 'kb-1');
    expect(bad.json()).toEqual({
      detail: [{ loc: ['path', 'knowledge_base_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }],
    });
    expect((await put(alice, 'x', { name: 'y' })).statusCode).toBe(422);
    expect((await del(alice, 'x')).statusCode).toBe(422);
    expect((await addDocs(alice, 'x', [MISSING])).statusCode).toBe(422);
    expect((await removeDoc(alice, MISSING, 'x')).statusCode).toBe(422);
    const kb = await create(alice, { name: 'valid' });
    for (const payload of [{}, { name: '' }, { name: '  ' }, { name: 'x'.repeat(256) }, { name: 'x', description: 'd'.repeat(10_001) }, { name: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: BASE, headers: alice.auth, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
    }
    expect((await create(alice, { name: 'big', description: 'd'.repeat(10_000) })).description).toHaveLength(10_000);
    for (const payload of [{ name: '' }, { description: 'd'.repeat(10_001) }, { description: null }]) {
      expect((await put(alice, kb.id, payload)).statusCode).toBe(422);
    }
    const tooMany = Array.from({ length: 501 }, () => MISSING);
    for (const ids of [[], ['nope'], tooMany, 'x']) {
      const res = await addDocs(alice, kb.id, ids);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc.slice(0, 2)).toEqual(['body', 'document_ids']);
    }
  });

  it('lets only the creator or an admin edit or delete (403), but every member add documents', async () => {
    const kb = await create(alice, { name: 'alice kb' });
    const res = await put(bob, kb.id, { name: 'bob kb' });
    expect(res.statusCode).toBe(403);
    expect(typeof res.json<{ detail: string }>().detail).toBe('string');
    expect((await del(bob, kb.id)).statusCode).toBe(403);
    const doc = await upload(bob);
    const added = await addDocs(bob, kb.id, [doc]);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: kb.id, document_count: 1 });
    expect((await removeDoc(bob, kb.id, doc)).statusCode).toBe(200);
    expect((await put(admin, kb.id, { name: 'admin kb' })).json()).toMatchObject({ name: 'admin kb' });
    expect((await del(admin, kb.id)).statusCode).toBe(200);
  });

  it("hides another organization's knowledge bases (404)", async () => {
    const kb = await create(alice, { name: 'secret' });
    const doc = await upload(alice, { knowledge_base_id: kb.id });
    expect((await get(mallory, kb.id)).statusCode).toBe(404);
    expect((await put(mallory, kb.id, { name: 'x' })).statusCode).toBe(404);
    expect((await del(mallory, kb.id)).statusCode).toBe(404);
    const list = await t.app.inject({ url: BASE, headers: mallory.auth });
    expect(list.json<{ knowledge_bases: KbBody[] }>().knowledge_bases.map((k) => k.id)).not.toContain(kb.id);
    const theirDoc = await upload(mallory);
    expect((await addDocs(mallory, kb.id, [theirDoc])).statusCode).toBe(404);
    expect((await removeDoc(mallory, kb.id, doc)).statusCode).toBe(404);
    // Nor may alice put mallory's document into her knowledge base, or upload into theirs.
    const res = await addDocs(alice, kb.id, [theirDoc]);
    expect(res.json()).toEqual({ detail: 'Document not found' });
    const theirKb = await create(mallory, { name: 'theirs' });
    const body = multipart({ knowledge_base_id: theirKb.id }, [{ filename: 'r.pdf', content: samplePdf() }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(404);
    expect((await get(alice, kb.id)).json()).toMatchObject({ document_count: 1 });
  });

  it('adds and removes documents, all or nothing, counting only visible ones', async () => {
    const kb = await create(alice, { name: 'members' });
    const uploaded = await upload(alice, { knowledge_base_id: kb.id });
    const d1 = await upload(alice);
    const shared = await upload(bob, { visibility: 'organization' });
    const bobPrivate = await upload(bob);
    expect((await get(alice, kb.id)).json()).toMatchObject({ document_count: 1 });

    // One invisible id (bob's private document) fails the whole request.
    const partial = await addDocs(alice, kb.id, [d1, bobPrivate]);
    expect(partial.statusCode).toBe(404);
    expect(partial.json()).toEqual({ detail: 'Document not found' });
    expect((await addDocs(alice, kb.id, [d1, MISSING])).statusCode).toBe(404);
    expect((await get(alice, kb.id)).json()).toMatchObject({ document_count: 1 });

    // Duplicates and existing members are fine.
    const added = await addDocs(alice, kb.id, [d1, shared, d1.toUpperCase(), uploaded]);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ id: kb.id, name: 'members', document_count: 3 });
    // bob sees his own two members, not alice's private ones.
    expect((await addDocs(bob, kb.id, [bobPrivate])).json()).toMatchObject({ document_count: 2 });
    // Each caller counts what they can see: alice not bob's private document, bob not alice's.
    expect((await get(alice, kb.id)).json()).toMatchObject({ document_count: 3 });
    expect((await get(bob, kb.id)).json()).toMatchObject({ document_count: 2 });

    const filtered = await t.app.inject({ url: `/api/v0/documents?knowledge_base_id=${kb.id}`, headers: alice.auth });
    expect(filtered.json()).toMatchObject({ total: 3 });
    const ids = filtered.json<{ documents: Array<{ id: string; knowledge_base_ids: string[] }> }>().documents;
    expect(ids.map((d) => d.id).sort()).toEqual([uploaded, d1, shared].sort());
    expect(ids.every((d) => d.knowledge_base_ids.includes(kb.id))).toBe(true);

    const removed = await removeDoc(alice, kb.id, d1);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: kb.id, document_count: 2 });
    expect((await removeDoc(alice, kb.id, d1)).statusCode).toBe(404);
    // A member alice cannot see is not hers to remove, and its existence is not revealed.
    expect((await removeDoc(alice, kb.id, bobPrivate)).statusCode).toBe(404);
    expect((await removeDoc(alice, MISSING, uploaded)).json()).toEqual({ detail: 'Knowledge base not found' });
    const after = await t.app.inject({ url: `/api/v0/documents?knowledge_base_id=${kb.id}`, headers: alice.auth });
    expect(after.json()).toMatchObject({ total: 2 });
    expect((await t.app.inject({ url: `/api/v0/documents/${d1}`, headers: alice.auth })).statusCode).toBe(200);
  });

  it('deleting a knowledge base removes memberships only', async () => {
    const kb = await create(alice, { name: 'temporary' });
    const doc = await upload(alice, { knowledge_base_id: kb.id });
    expect((await del(alice, kb.id)).statusCode).toBe(200);
    const res = await t.app.inject({ url: `/api/v0/documents/${doc}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ knowledge_base_ids: string[] }>().knowledge_base_ids).toEqual([]);
    const { db } = t.ctx.database;
    expect(await db.selectFrom('document_knowledge_bases').selectAll().where('knowledge_base_id', '=', kb.id).execute()).toEqual([]);
  });

  it('shows the knowledge-base operations in /openapi.json', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(doc.paths[BASE]?.post?.operationId).toBe('create_knowledge_base');
    expect(doc.paths[`${BASE}/{knowledge_base_id}/documents/{document_id}`]?.delete?.tags).toEqual(['knowledge-bases']);
    for (const name of ['KnowledgeBase', 'KnowledgeBaseListResponse', 'KnowledgeBaseDocumentsRequest', 'KnowledgeBaseDeleteResponse']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
  });
});
