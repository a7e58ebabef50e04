import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacePipelineComponents } from '../../src/components/pipeline-writes.js';
import { inTransaction } from '../../src/db/tx.js';
import { searchChunks } from '../../src/search/chunk-search.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { seedChunk, seedDocument } from './seed.js';

describe.each(DB_KINDS)('component chunks (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    u = await t.user('c@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('indexes pipeline regions as component chunks in the same transaction, replacing them on reprocess', async () => {
    const db = t.ctx.database.db;
    const id = await seedDocument(db, { organizationId: u.organizationId, ownerId: u.id });
    const doc = { id, organization_id: u.organizationId, owner_id: u.id };
    const text = await seedChunk(db, id, 2, 'Body text of the page');
    const search = (q: string) => searchChunks(db, t.ctx.database.dialect, { query: q, documentIds: [id], limit: 10 });

    await inTransaction(db, ({ trx }) =>
      replacePipelineComponents(trx, doc, 2, [
        { type: 'chart', label: 'Figure 3: Quarterly sales', bbox: [10, 20, 110, 220], confidence: 90, metadata: {} },
        { type: 'table', label: 'Table 1: Headcount', bbox: [5, 300, 500, 400], confidence: 80, metadata: {} },
      ], () => null),
    );
    const hits = await search('sales chart');
    expect(hits).toEqual([expect.objectContaining({ kind: 'component', pageNumber: 2, text: 'chart\nFigure 3: Quarterly sales', bboxes: [[10, 20, 110, 220]] })]);
    expect((await search('headcount')).map((h) => h.kind)).toEqual(['component']);
    expect((await search('headcount page')).length).toBe(2);

    // A reprocess replaces the regions: the old component chunks go, the page text chunk stays.
    await inTransaction(db, ({ trx }) =>
      replacePipelineComponents(trx, doc, 2, [{ type: 'diagram', label: 'Org chart', bbox: [0, 0, 50, 50], confidence: 70, metadata: {} }], () => null),
    );
    expect(await search('sales')).toEqual([]);
    expect(await search('headcount')).toEqual([]);
    expect((await search('org')).map((h) => h.text)).toEqual(['diagram\nOrg chart']);
    expect((await search('body')).map((h) => h.chunkId)).toEqual([text]);

    // A failing write leaves neither regions nor their chunks behind.
    await expect(
      inTransaction(db, async ({ trx }) => {
        await replacePipelineComponents(trx, doc, 2, [{ type: 'table', label: 'Rolled back', bbox: [0, 0, 9, 9], confidence: 1, metadata: {} }], () => null);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await search('rolled')).toEqual([]);
    expect((await search('org')).length).toBe(1);
  });
});
