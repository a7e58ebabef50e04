import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { seedChunk, seedDocument, seedFolder, seedKnowledgeBase, seedTag } from './seed.js';

interface SearchBody {
  id: string;
  user_id: string;
  query: string;
  status: string;
  error_message: string | null;
  created_at: string;
  documents: Array<{ id: string; name: string }>;
  results: Array<{ document_id: string; score: number; matches: Array<{ page_number: number; kind: string; snippet: string; bboxes: number[][] }> }>;
}

describe.each(DB_KINDS)('document search API (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  const d: Record<string, string> = {};
  let folder: string;
  let kb: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@acme.test');
    bob = await t.user('bob@acme.test');
    eve = await t.user('eve@evil.test', { org: 'evil' });
    const db = t.ctx.database.db;
    folder = await seedFolder(db, alice.organizationId, alice.id);
    const a = { organizationId: alice.organizationId, ownerId: alice.id };
    d.alicePrivate = await seedDocument(db, { ...a, name: 'alice-private', folderId: folder });
    d.aliceShared = await seedDocument(db, { ...a, name: 'alice-shared', visibility: 'organization', fileType: 'docx' });
    d.bobPrivate = await seedDocument(db, { organizationId: bob.organizationId, ownerId: bob.id, name: 'bob-private' });
    d.bobShared = await seedDocument(db, { organizationId: bob.organizationId, ownerId: bob.id, name: 'bob-shared', visibility: 'organization' });
    d.eveShared = await seedDocument(db, { organizationId: eve.organizationId, ownerId: eve.id, name: 'eve-shared', visibility: 'organization' });
    d.aliceOther = await seedDocument(db, { ...a, name: 'alice-other' });
    kb = await seedKnowledgeBase(db, alice.organizationId, alice.id, [d.aliceShared]);
    await seedTag(db, alice.organizationId, 'Finance', [d.alicePrivate, d.bobShared]);
    for (const [key, id] of Object.entries(d)) {
      if (key === 'aliceOther') continue;
      await seedChunk(db, id, 2, `Annual turbine maintenance report for ${key}`, { bboxes: [[5, 6, 7, 8]] });
    }
    // The best document for "turbine": the word many times, on page 4.
    await seedChunk(db, d.aliceShared, 4, 'turbine maintenance: turbine blades, turbine housing and turbine maintenance');
    await seedChunk(db, d.aliceOther, 1, 'nothing relevant here at all');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (user: TestUser, body: unknown) => t.app.inject({ method: 'POST', url: '/api/v0/documents/search', headers: user.auth, payload: body as object });
  const names = (b: SearchBody) => b.documents.map((x) => x.name).sort();

  it('returns only documents visible to the caller, ranked, with best pages; GET returns the same', async () => {
    const res = await post(alice, { query: 'turbine maintenance' });
    expect(res.statusCode).toBe(200);
    const body = res.json<SearchBody>();
    expect(body.status).toBe('done');
    expect(body.error_message).toBeNull();
    expect(body.user_id).toBe(alice.id);
    expect(body.query).toBe('turbine maintenance');
    expect(names(body)).toEqual(['alice-private', 'alice-shared', 'bob-shared']);
    expect(body.documents[0]!.name).toBe('alice-shared');
    expect(body.results.map((r) => r.document_id)).toEqual(body.documents.map((x) => x.id));
    expect(body.results[0]!.matches.map((m) => m.page_number)).toEqual([4, 2]);
    const priv = body.results.find((r) => r.document_id === d.alicePrivate)!;
    expect(priv.matches).toEqual([
      expect.objectContaining({ page_number: 2, kind: 'text', snippet: 'Annual turbine maintenance report for alicePrivate', bboxes: [[5, 6, 7, 8]] }),
    ]);
    const got = await t.app.inject({ url: `/api/v0/documents/search/${body.id}`, headers: alice.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);

    const asBob = (await post(bob, { query: 'turbine' })).json<SearchBody>();
    expect(names(asBob)).toEqual(['alice-shared', 'bob-private', 'bob-shared']);
    const asEve = (await post(eve, { query: 'turbine' })).json<SearchBody>();
    expect(names(asEve)).toEqual(['eve-shared']);
  });

  it('GET is for the searching user only; unknown ids are 404, malformed 422', async () => {
    const body = (await post(alice, { query: 'turbine' })).json<SearchBody>();
    for (const other of [bob, eve]) {
      expect((await t.app.inject({ url: `/api/v0/documents/search/${body.id}`, headers: other.auth })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/v0/documents/search/00000000-0000-4000-8000-000000000000', headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v0/documents/search/nope', headers: alice.auth })).statusCode).toBe(422);
  });

  it('applies filters: folder, knowledge base, tags, owner, document ids, file types, limit', async () => {
    const q = async (extra: object) => names((await post(alice, { query: 'turbine', ...extra })).json<SearchBody>());
    expect(await q({ folder_id: folder })).toEqual(['alice-private']);
    expect(await q({ knowledge_base_id: kb })).toEqual(['alice-shared']);
    expect(await q({ tag_names: ['finance'] })).toEqual(['alice-private', 'bob-shared']);
    expect(await q({ tag_names: ['finance', 'nothing'], owner_id: bob.id })).toEqual(['bob-shared']);
    // Tags compare case-insensitively; an empty list is no tag filter.
    expect(await q({ tag_names: ['FINANCE'] })).toEqual(['alice-private', 'bob-shared']);
    expect(await q({ tag_names: [] })).toEqual(await q({}));
    expect(await q({ owner_id: bob.id })).toEqual(['bob-shared']);
    // Invisible ids in the list are ignored, never revealed.
    expect(await q({ document_ids: [d.bobPrivate, d.eveShared, d.aliceShared] })).toEqual(['alice-shared']);
    expect(await q({ file_types: ['docx'] })).toEqual(['alice-shared']);
    expect(await q({ file_types: ['pdf'], folder_id: folder })).toEqual(['alice-private']);
    expect(await q({ limit: 1 })).toEqual(['alice-shared']);
    expect(await q({ folder_id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('hides documents that stop being visible after the search', async () => {
    const body = (await post(bob, { query: 'turbine' })).json<SearchBody>();
    expect(names(body)).toContain('alice-shared');
    await t.ctx.database.db.updateTable('documents').set({ visibility: 'private' }).where('id', '=', d.aliceShared!).execute();
    try {
      const again = (await t.app.inject({ url: `/api/v0/documents/search/${body.id}`, headers: bob.auth })).json<SearchBody>();
      expect(names(again)).toEqual(['bob-private', 'bob-shared']);
      expect(again.results.map((r) => r.document_id)).toEqual(again.documents.map((x) => x.id));
    } finally {
      await t.ctx.database.db.updateTable('documents').set({ visibility: 'organization' }).where('id', '=', d.aliceShared!).execute();
    }
  });

  it('a query with no searchable words is done with no documents; invalid input is 422', async () => {
    const body = (await post(alice, { query: 'the of and ?!' })).json<SearchBody>();
    expect(body.status).toBe('done');
    expect(body.documents).toEqual([]);
    for (const bad of [{}, { query: '' }, { query: 'x'.repeat(1001) }, { query: 'x', limit: 0 }, { query: 'x', limit: 101 }, { query: 'x', folder_id: 'nope' }, { query: 'x', document_ids: [] }, { query: 7 }]) {
      const res = await post(alice, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json<{ detail: unknown[] }>().detail.length).toBeGreaterThan(0);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v0/documents/search', payload: { query: 'x' } })).statusCode).toBe(401);
  });
});
