import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANK_CAP, searchChunks } from '../../src/search/chunk-search.js';
import { newId, nowIso } from '../../src/util.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { seedChunk, seedDocument } from './seed.js';

describe.each(DB_KINDS)('searchChunks beyond the rank cap (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let old: string;
  let oldChunks: string[];
  let empties: string[];
  let busy: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    u = await t.user('cap@example.com');
    const db = t.ctx.database.db;
    const owner = { organizationId: u.organizationId, ownerId: u.id };
    old = await seedDocument(db, owner);
    oldChunks = [await seedChunk(db, old, 1, 'walrus walrus walrus'), await seedChunk(db, old, 2, 'a walrus')];
    empties = [];
    for (let i = 0; i < 25; i++) empties.push(await seedDocument(db, owner));
    busy = await seedDocument(db, owner);
    const now = nowIso();
    const rows = Array.from({ length: RANK_CAP + 200 }, (_, i) => ({
      id: newId(), document_id: busy, page_number: 1 + Math.floor(i / 100), seq: i % 100, kind: 'text', text: `walrus number ${i}`, bboxes: '[]', created_at: now,
    }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500) await trx.insertInto('chunks').values(rows.slice(i, i + 500)).execute();
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const search = (documentIds: string[], limit = 10) => searchChunks(t.ctx.database.db, t.ctx.database.dialect, { query: 'walrus', documentIds, limit });

  it('finds the older matches of wanted documents when newer matches of others fill the cap', async () => {
    // Many documents (not the few-documents path): the wanted document's matches are older than the capped ones.
    const hits = await search([old, ...empties]);
    expect(hits.map((h) => h.chunkId)).toEqual(oldChunks);
    // Few documents: exact too.
    expect((await search([old])).map((h) => h.chunkId)).toEqual(oldChunks);
    // All of them: a full page of hits, best (highest term frequency) first on the exact path.
    const all = await search([old, busy, ...empties], 5);
    expect(all).toHaveLength(5);
    expect((await search([old, busy])).at(0)?.chunkId).toBe(oldChunks[0]);
  });
});
