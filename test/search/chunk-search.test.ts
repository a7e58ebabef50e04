import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchChunks } from '../../src/search/chunk-search.js';
import { queryTerms } from '../../src/search/terms.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { newId, nowIso } from '../../src/util.js';
import { seedChunk, seedDocument } from './seed.js';

describe('queryTerms', () => {
  it('extracts lower-cased word terms, drops function words and query syntax', () => {
    expect(queryTerms('What is the "Revenue" of ACME* in 2024? (NEAR OR x)')).toEqual(['revenue', 'acme', '2024', 'near', 'x']);
    expect(queryTerms('the of and')).toEqual([]);
    expect(queryTerms('Café crème')).toEqual(['café', 'crème']);
  });
});

describe.each(DB_KINDS)('searchChunks (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let docA: string;
  let docB: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    u = await t.user('search@example.com');
    const db = t.ctx.database.db;
    docA = await seedDocument(db, { organizationId: u.organizationId, ownerId: u.id });
    docB = await seedDocument(db, { organizationId: u.organizationId, ownerId: u.id });
    ids = {
      revenue: await seedChunk(db, docA, 1, 'Quarterly revenue grew by twelve percent in the northern region', { bboxes: [[10, 20, 300, 40]] }),
      revenueTwice: await seedChunk(db, docA, 2, 'Revenue revenue: revenue by region and revenue by product', { seq: 1 }),
      staff: await seedChunk(db, docA, 3, 'Staff headcount remained stable'),
      table: await seedChunk(db, docB, 1, 'Region | Revenue | Margin', { kind: 'table' }),
      other: await seedChunk(db, docB, 2, 'Unrelated cooking recipes with tomatoes'),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (query: string, documentIds: string[], extra: { limit?: number; kinds?: string[] } = {}) =>
    searchChunks(t.ctx.database.db, t.ctx.database.dialect, { query, documentIds, limit: extra.limit ?? 10, ...(extra.kinds ? { kinds: extra.kinds } : {}) });

  it('ranks by relevance with OR semantics and returns chunk fields', async () => {
    const hits = await search('revenue growth', [docA, docB]);
    expect(hits.map((h) => h.chunkId).sort()).toEqual([ids.revenue, ids.revenueTwice, ids.table].sort());
    expect(hits[0]!.chunkId).toBe(ids.revenueTwice);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
    const first = hits.find((h) => h.chunkId === ids.revenue)!;
    expect(first).toMatchObject({ documentId: docA, pageNumber: 1, kind: 'text', bboxes: [[10, 20, 300, 40]] });
    expect(first.text).toContain('Quarterly revenue');
    // Stemming: "grew" no, but "percents" -> "percent", "regions" -> "region".
    expect((await search('percents', [docA])).map((h) => h.chunkId)).toEqual([ids.revenue]);
  });

  it('restricts to the given documents, kinds and limit', async () => {
    expect((await search('revenue', [docB])).map((h) => h.chunkId)).toEqual([ids.table]);
    expect((await search('revenue', [docA, docB], { kinds: ['table'] })).map((h) => h.chunkId)).toEqual([ids.table]);
    expect(await search('revenue', [docA, docB], { kinds: [] })).toEqual([]);
    expect(await search('revenue', [])).toEqual([]);
    expect(await search('revenue', ['no-such-document'])).toEqual([]);
    expect(await search('revenue', [docA, docB], { limit: 1 })).toHaveLength(1);
    expect(await search('the of', [docA, docB])).toEqual([]);
  });

  it('takes the documents as a query of their ids, searching only those', async () => {
    const db = t.ctx.database.db;
    const only = (ids: string[]) => db.selectFrom('documents').select('documents.id').where('documents.id', 'in', ids);
    const byQuery = (query: string, ids: string[]) =>
      searchChunks(db, t.ctx.database.dialect, { query, documentIds: only(ids), limit: 10 });
    expect((await byQuery('revenue', [docB])).map((h) => h.chunkId)).toEqual([ids.table]);
    expect((await byQuery('revenue growth', [docA, docB])).map((h) => h.chunkId)).toEqual(
      (await search('revenue growth', [docA, docB])).map((h) => h.chunkId),
    );
    expect(await byQuery('revenue', ['no-such-document'])).toEqual([]);
    // Many ids (not the few-documents path): the same hits as the query.
    const many = [docA, docB, ...Array.from({ length: 30 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)];
    expect((await search('revenue', many)).map((h) => h.chunkId)).toEqual((await byQuery('revenue', many)).map((h) => h.chunkId));
    expect((await search('revenue', many)).map((h) => h.chunkId).sort()).toEqual([ids.revenue, ids.revenueTwice, ids.table].sort());
  });

  it('searches over more than a thousand documents (ids joined as a set, or a query) exactly as over a few', async () => {
    const db = t.ctx.database.db;
    const other = await t.user('search-many@example.com');
    const owner = { organizationId: other.organizationId, ownerId: other.id };
    const now = nowIso();
    const many = Array.from({ length: 1100 }, () => newId());
    for (let i = 0; i < many.length; i += 200) {
      await db
        .insertInto('documents')
        .values(many.slice(i, i + 200).map((id) => ({
          id, organization_id: owner.organizationId, owner_id: owner.ownerId, name: id, folder_id: null, file_path: null, file_type: 'pdf',
          mime_type: 'application/pdf', file_size: 1, sha256: 'x', original_filename: 'x.pdf', summary: '', visibility: 'private',
          version: 1, created_at: now, updated_at: now, page_count: 1, processed_version: 1,
        })))
        .execute();
    }
    const early = await seedChunk(db, many[5]!, 1, 'narwhal tusk narwhal');
    const late = await seedChunk(db, many[1050]!, 2, 'a narwhal', { kind: 'table' });
    await seedChunk(db, docA, 1, 'narwhal outside the set');
    const query = () => db.selectFrom('documents').select('documents.id').where('documents.owner_id', '=', owner.ownerId);
    const dialect = t.ctx.database.dialect;
    for (const documentIds of [many, query()]) {
      expect((await searchChunks(db, dialect, { query: 'narwhal', documentIds, limit: 10 })).map((h) => h.chunkId)).toEqual([early, late]);
      expect((await searchChunks(db, dialect, { query: 'narwhal', documentIds, limit: 10, kinds: ['table'] })).map((h) => h.chunkId)).toEqual([late]);
    }
    // Inside a caller's transaction too.
    const inTrx = await db.transaction().execute((trx) => searchChunks(trx, dialect, { query: 'tusk', documentIds: many, limit: 10 }));
    expect(inTrx.map((h) => h.chunkId)).toEqual([early]);
  });

  it('treats query syntax as text and never fails on it', async () => {
    for (const q of ['"', 'NOT revenue', 'revenue)', "revenue' OR 1=1 --", 'rev*', 'a:b', '!@#$%^&*()', 'revenue & | ! <->']) {
      await expect(search(q, [docA, docB])).resolves.toBeInstanceOf(Array);
    }
    expect((await search('NOT revenue', [docA])).length).toBe(2);
  });

  it('follows inserts, updates and deletes of chunks (including cascades from documents)', async () => {
    const db = t.ctx.database.db;
    const doc = await seedDocument(db, { organizationId: u.organizationId, ownerId: u.id });
    const c = await seedChunk(db, doc, 1, 'zebra crossing');
    expect((await search('zebra', [doc])).map((h) => h.chunkId)).toEqual([c]);
    await db.updateTable('chunks').set({ text: 'giraffe neck' }).where('id', '=', c).execute();
    expect(await search('zebra', [doc])).toEqual([]);
    expect((await search('giraffe', [doc])).map((h) => h.chunkId)).toEqual([c]);
    await db.deleteFrom('chunks').where('id', '=', c).execute();
    expect(await search('giraffe', [doc])).toEqual([]);
    const c2 = await seedChunk(db, doc, 1, 'okapi stripes');
    expect((await search('okapi', [doc])).map((h) => h.chunkId)).toEqual([c2]);
    await db.deleteFrom('documents').where('id', '=', doc).execute();
    expect(await search('okapi', [doc])).toEqual([]);
    if (kind === 'sqlite') {
      const left = await sql<{ n: number }>`select count(*) as n from chunk_search_keys where document_id = ${doc}`.execute(db);
      expect(left.rows[0]!.n).toBe(0);
    }
  });

  it.runIf(kind === 'sqlite')('stays correct after VACUUM renumbers implicit rowids', async () => {
    const db = t.ctx.database.db;
    const doc = await seedDocument(db, { organizationId: u.organizationId, ownerId: u.id });
    const made: string[] = [];
    for (let i = 0; i < 30; i++) made.push(await seedChunk(db, doc, i + 1, `word${i} common`));
    // Delete every other chunk so the implicit rowids of `chunks` have holes VACUUM may close.
    await db.deleteFrom('chunks').where('id', 'in', made.filter((_, i) => i % 2 === 0)).execute();
    await sql`vacuum`.execute(db);
    for (let i = 1; i < 30; i += 2) {
      expect((await search(`word${i}`, [doc])).map((h) => h.chunkId)).toEqual([made[i]]);
    }
    expect(await search('word0', [doc])).toEqual([]);
  });
});
