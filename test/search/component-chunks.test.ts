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

  it('indexes each body row of a table with its row and column header paths, boxed by its cells', async () => {
    const db = t.ctx.database.db;
    const id = await seedDocument(db, { organizationId: u.organizationId, ownerId: u.id });
    const doc = { id, organization_id: u.organizationId, owner_id: u.id };
    const html =
      '<table><thead><tr><th rowspan="2">Region</th><th colspan="2">Growth (%)</th></tr><tr><th>1951-1961</th><th>1961-1971</th></tr></thead>' +
      '<tr><td>North</td><td>75.55</td><td>12.1</td></tr><tr><td>South</td><td>8.25</td><td>9.9</td></tr></table>';
    const cell = (row: number, col: number, x: number): Record<string, unknown> => ({ row, col, row_span: 1, col_span: 1, text: '', bbox: [x, row * 10, x + 9, row * 10 + 9], header: false });
    await inTransaction(db, ({ trx }) =>
      replacePipelineComponents(trx, doc, 1, [
        {
          type: 'table',
          label: 'Table 2: Population growth',
          bbox: [0, 0, 300, 60],
          confidence: 80,
          metadata: {},
          grounding: { html_table: html, rows: 4, cols: 3, header_rows: 2 },
          groundingData: { cells: [cell(2, 0, 0), cell(2, 1, 100), cell(2, 2, 200), cell(3, 0, 0), cell(3, 1, 100), cell(3, 2, 200)] },
        },
      ], () => null),
    );
    const hits = await searchChunks(db, t.ctx.database.dialect, { query: 'North', documentIds: [id], limit: 10 });
    expect(hits).toEqual([
      expect.objectContaining({
        kind: 'table',
        text: 'Table 2: Population growth\nNorth: Growth (%) > 1951-1961: 75.55; Growth (%) > 1961-1971: 12.1',
        bboxes: [[100, 20, 109, 29], [200, 20, 209, 29]],
      }),
    ]);
    expect((await searchChunks(db, t.ctx.database.dialect, { query: 'South', documentIds: [id], limit: 10 })).map((h) => h.kind)).toEqual(['table']);
  });
});
