// GET /documents/{id}/tables/export on both databases: a table that runs from page 1 on to page 2
// (repeating its header there) exports as one table, an unlinked table on page 3 stays separate,
// CSV comes as a zip and XLSX as one sheet per table, and a corrected table exports as corrected.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { samplePdf } from '../fixtures/files.js';
import { buildPdf, line, textAt } from '../fixtures/pdf-builder.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

/** A ruled grid with its top rule at `top` (points from the bottom), 20 pt a row. */
function grid(rows: string[][], top: number, xs: number[]): string {
  let content = '';
  const ys = Array.from({ length: rows.length + 1 }, (_, i) => top - 20 * i);
  for (const y of ys) content += line(xs[0]!, y, xs[xs.length - 1]!, y);
  for (const x of xs) content += line(x, ys[0]!, x, ys[ys.length - 1]!);
  rows.forEach((r, i) => r.forEach((cell, k) => (content += textAt(xs[k]! + 6, ys[i]! - 14, 10, cell))));
  return content;
}

const XS = [72, 222, 372, 522];
const HEADER = ['Pump', 'Hours', 'Status'];
const PAGE1 = [HEADER, ['P-101', '1,200', 'OK'], ['P-102', '800.5', 'Worn'], ['P-103', '450', 'OK']];
const PAGE2 = [HEADER, ['P-104', '75', 'OK'], ['P-105', '(12)', 'New']];
const VALVES = [['Valve', 'Size'], ['V-1', '2.5'], ['V-2', '4']];

interface Exported {
  document_id: string;
  merge_continued: boolean;
  tables: Array<{ index: number; component_ids: string[]; pages: number[]; label: string; rows: number; cols: number; header_rows: number; data: string[][]; html_table: string }>;
  skipped: unknown[];
}

describe.each(DB_KINDS)('table export (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let eve: TestUser;
  let documentId: string;

  const exportOf = (user: TestUser, query = '', id = documentId) => t.app.inject({ url: `/api/v0/documents/${id}/tables/export${query}`, headers: user.auth });

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const pdf = buildPdf([
      { content: textAt(72, 500, 11, 'Inspections went to plan.') + textAt(72, 300, 12, 'Table 1: Pumps') + grid(PAGE1, 280, XS) },
      { content: grid(PAGE2, 760, XS) + textAt(72, 600, 11, 'All pumps were inspected in March.') },
      { content: grid(VALVES, 760, [72, 272, 472]) + textAt(72, 600, 11, 'Valves were replaced.') },
    ]);
    const done = await uploadAndProcess(t, alice, 'pumps.pdf', pdf);
    expect(done.job.status).toBe('done');
    documentId = done.document_id;
  }, 180_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('merges the continued table (repeated header dropped) and keeps the unlinked one separate', async () => {
    const res = await exportOf(alice);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Exported>();
    expect(body).toMatchObject({ document_id: documentId, merge_continued: true, skipped: [] });
    expect(body.tables.map((x) => [x.index, x.pages, x.component_ids.length, x.header_rows])).toEqual([
      [1, [1, 2], 2, 1],
      [2, [3], 1, 1],
    ]);
    expect(body.tables[0]!.data).toEqual([...PAGE1, ...PAGE2.slice(1)]);
    expect(body.tables[0]!.label).toBe('Table 1: Pumps');
    expect(body.tables[0]!.html_table).toContain('<thead><tr><th>Pump</th><th>Hours</th><th>Status</th></tr></thead>');
    expect(body.tables[1]!.data).toEqual(VALVES);
  });

  it('exports each table on its own with merge_continued=false', async () => {
    const body = (await exportOf(alice, '?merge_continued=false')).json<Exported>();
    expect(body.merge_continued).toBe(false);
    expect(body.tables.map((x) => x.pages)).toEqual([[1], [2], [3]]);
    expect(body.tables[1]!.data).toEqual(PAGE2);
  });

  it('gives CSV as a zip with one file per table', async () => {
    const res = await exportOf(alice, '?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pumps-tables.zip"');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(['table-01-pages-1-2.csv', 'table-02-page-3.csv']);
    expect(strFromU8(files['table-01-pages-1-2.csv']!)).toBe(
      'Pump,Hours,Status\r\nP-101,"1,200",OK\r\nP-102,800.5,Worn\r\nP-103,450,OK\r\nP-104,75,OK\r\nP-105,(12),New\r\n',
    );
  });

  it('gives XLSX with one sheet per table', async () => {
    const res = await exportOf(alice, '?format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const workbook = strFromU8(files['xl/workbook.xml']!);
    expect([...workbook.matchAll(/<sheet [^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual(['Table 1 (p. 1-2)', 'Table 2 (p. 3)']);
    // Labels are text; numbers are typed, "(12)" an accounting negative shown as printed.
    expect(strFromU8(files['xl/sharedStrings.xml']!)).toContain('<t>P-105</t>');
    expect(strFromU8(files['xl/worksheets/sheet1.xml']!)).toContain('<v>-12</v>');
  });

  it('exports a corrected table as corrected, still merged', async () => {
    const second = (await exportOf(alice, '?merge_continued=false')).json<Exported>().tables[1]!.component_ids[0]!;
    const html = '<table><thead><tr><th>Pump</th><th>Hours</th><th>Status</th></tr></thead><tr><td>P-104</td><td>76</td><td>OK</td></tr><tr><td>P-105</td><td>12</td><td>New</td></tr></table>';
    const put = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${second}`, headers: alice.auth, payload: { html_table: html } });
    expect(put.statusCode, put.body).toBe(200);
    const merged = (await exportOf(alice)).json<Exported>().tables[0]!;
    expect(merged.pages).toEqual([1, 2]);
    expect(merged.data.slice(4)).toEqual([
      ['P-104', '76', 'OK'],
      ['P-105', '12', 'New'],
    ]);
  });

  it('answers 404 to other organizations, 422 for a bad format, and says when there is nothing to export', async () => {
    expect((await exportOf(eve)).statusCode).toBe(404);
    const bad = await exportOf(alice, '?format=pdf');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: Array<{ loc: string[] }> }>().detail[0]!.loc).toEqual(['query', 'format']);
    const plain = await uploadAndProcess(t, alice, 'plain.pdf', samplePdf('No tables here'));
    expect((await exportOf(alice, '', plain.document_id)).json<Exported>().tables).toEqual([]);
    const csv = await exportOf(alice, '?format=csv', plain.document_id);
    expect(csv.statusCode).toBe(409);
    expect(csv.json()).toEqual({ detail: 'The document has no extracted tables to export' });
  }, 120_000);

  it('lists a table region with no extracted structure as skipped, not as an empty table', async () => {
    const drawn = await t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${documentId}/visual-components`,
      headers: alice.auth,
      payload: { page_number: 3, bbox: [100, 1200, 600, 1400], component_type: 'table' },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const body = (await exportOf(alice)).json<Exported>();
    expect(body.tables).toHaveLength(2);
    expect(body.skipped).toEqual([{ component_id: drawn.json<{ component_id: string }>().component_id, page_number: 3, status: 'pending', reason: 'no extracted structure' }]);
  });
});
