// Table components end to end on both databases: a two-page PDF whose ruled table runs on to the
// next page is processed; each table component gets its HTML and cell grid, the second is linked
// to the first; PUT /components/{id} stores a corrected html_table and rejects malformed HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { buildPdf, line, textAt } from '../fixtures/pdf-builder.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

interface Cell {
  row: number;
  col: number;
  row_span: number;
  col_span: number;
  text: string;
  bbox: number[] | null;
  header: boolean;
}

interface Visual {
  id: string;
  component_id: string;
  page_number: number;
  origin: string;
  status: string;
  grounding_data: { html_table: string; rows: number; cols: number; header_rows: number; cells: Cell[]; continues_from: unknown; continued_by: unknown };
}

const XS = [72, 222, 372, 522];

/** A ruled grid with `rows` of cells, its top rule at `top` (points from the bottom), 20 pt a row. */
function grid(rows: string[][], top: number): string {
  let content = '';
  const ys = Array.from({ length: rows.length + 1 }, (_, i) => top - 20 * i);
  for (const y of ys) content += line(XS[0]!, y, XS[3]!, y);
  for (const x of XS) content += line(x, ys[0]!, x, ys[ys.length - 1]!);
  rows.forEach((r, i) => r.forEach((cell, k) => (content += textAt(XS[k]! + 6, ys[i]! - 14, 10, cell))));
  return content;
}

const PAGE1 = [
  ['Pump', 'Hours', 'Status'],
  ['P-101', '1,200', 'OK'],
  ['P-102', '800.5', 'Worn'],
  ['P-103', '450', 'OK'],
];
const PAGE2 = [
  ['P-104', '75', 'OK'],
  ['P-105', '(12)', 'New'],
  ['P-106', '3', 'OK'],
];

describe.each(DB_KINDS)('table components (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let eve: TestUser;
  let tables: Visual[];

  const put = (user: TestUser, id: string, payload: object) => t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}`, headers: user.auth, payload });

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const pdf = buildPdf([
      { content: textAt(72, 500, 11, 'Inspections this year went to plan.') + textAt(72, 300, 12, 'Table 1: Pumps') + grid(PAGE1, 280) },
      { content: grid(PAGE2, 760) + textAt(72, 600, 11, 'All pumps were inspected in March.') },
    ]);
    const done = await uploadAndProcess(t, alice, 'pumps.pdf', pdf);
    expect(done.job.status).toBe('done');
    const res = await t.app.inject({ url: `/api/v0/documents/${done.document_id}/visual-components?types=table`, headers: alice.auth });
    tables = res.json<Visual[]>().sort((a, b) => a.page_number - b.page_number);
  }, 180_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('stores the HTML and the cell grid of each table, numbers as printed', () => {
    expect(tables.map((v) => [v.page_number, v.status, v.origin])).toEqual([
      [1, 'done', 'pipeline'],
      [2, 'done', 'pipeline'],
    ]);
    const [first, second] = tables;
    expect(first!.grounding_data.html_table).toBe(
      '<table><thead><tr><th>Pump</th><th>Hours</th><th>Status</th></tr></thead><tbody>' +
        '<tr><td>P-101</td><td>1,200</td><td>OK</td></tr><tr><td>P-102</td><td>800.5</td><td>Worn</td></tr><tr><td>P-103</td><td>450</td><td>OK</td></tr></tbody></table>',
    );
    expect(first!.grounding_data).toMatchObject({ rows: 4, cols: 3, header_rows: 1 });
    expect(first!.grounding_data.cells.map((c) => [c.row, c.col, c.row_span, c.col_span, c.text, c.header])).toEqual(
      PAGE1.flatMap((r, i) => r.map((text, k) => [i, k, 1, 1, text, i === 0])),
    );
    // "1,200" at x 228 pt, baseline 240 - 14 pt: inside its ruled cell (150 dpi: 462..771 px across, 83..125 pt down).
    const cell = first!.grounding_data.cells.find((c) => c.text === '1,200')!;
    const [x0, y0, x1, y1] = cell.bbox!;
    expect(x0).toBeGreaterThan((222 * 150) / 72);
    expect(x1).toBeLessThan((372 * 150) / 72);
    expect(y0).toBeGreaterThan(((792 - 260) * 150) / 72);
    expect(y1).toBeLessThan(((792 - 240) * 150) / 72);
    expect(second!.grounding_data.cells.map((c) => c.text)).toEqual(PAGE2.flat());
    expect(second!.grounding_data.header_rows).toBe(0);
  });

  it('links the table that continues on the next page, both ways', () => {
    const [first, second] = tables;
    expect(second!.grounding_data.continues_from).toEqual({ component_id: first!.component_id, page_number: 1 });
    expect(first!.grounding_data.continued_by).toEqual({ component_id: second!.component_id, page_number: 2 });
    expect(first!.grounding_data.continues_from).toBeNull();
  });

  it('gives the component record the HTML', async () => {
    const res = await t.app.inject({ url: `/api/v0/components/${tables[0]!.component_id}`, headers: alice.auth });
    expect(res.json()).toMatchObject({ component_type: 'table', status: 'done', grounding: { html_table: tables[0]!.grounding_data.html_table, rows: 4, cols: 3, source: 'pipeline' } });
  });

  it('stores a corrected html_table, keeping the boxes of cells that stay in place', async () => {
    const id = tables[1]!.component_id;
    const html = '<table><thead><tr><th>Pump</th><th colspan=2>Hours and status</th></tr></thead>\n<tr><td>P-104</td><td>75</td><td>OK</td></tr></table>';
    const res = await put(alice, id, { html_table: html });
    expect(res.statusCode, res.body).toBe(200);
    const canonical = '<table><thead><tr><th>Pump</th><th colspan="2">Hours and status</th></tr></thead><tbody><tr><td>P-104</td><td>75</td><td>OK</td></tr></tbody></table>';
    expect(res.json()).toMatchObject({ id, status: 'done', grounding: { html_table: canonical, rows: 2, cols: 3, header_rows: 1, source: 'manual' } });
    const visual = (await t.app.inject({ url: `/api/v0/documents/${(await t.ctx.database.db.selectFrom('components').select('document_id').where('id', '=', id).executeTakeFirstOrThrow()).document_id}/visual-components/${tables[1]!.id}`, headers: alice.auth })).json<Visual>();
    expect(visual.origin).toBe('manual');
    expect(visual.grounding_data.html_table).toBe(canonical);
    const cells = visual.grounding_data.cells;
    expect(cells.map((c) => [c.row, c.col, c.col_span, c.text, c.header, c.bbox === null])).toEqual([
      [0, 0, 1, 'Pump', true, false],
      [0, 1, 2, 'Hours and status', true, true],
      [1, 0, 1, 'P-104', false, false],
      [1, 1, 1, '75', false, false],
      [1, 2, 1, 'OK', false, false],
    ]);
    // Kept from the pipeline's grid: the box of row 0, column 0 ("P-104" there before).
    expect(cells[0]!.bbox).toEqual(tables[1]!.grounding_data.cells[0]!.bbox);
  });

  it('rejects malformed HTML, an empty body and other component types with 422, leaving the table as it was', async () => {
    const id = tables[0]!.component_id;
    const bad = await put(alice, id, { html_table: '<table><tr><td>1</td></table>' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: [{ loc: ['body', 'html_table'], msg: 'malformed table: </table> at offset 21 closes <tr>', type: 'value_error' }] });
    expect((await put(alice, id, {})).json()).toEqual({ detail: [{ loc: ['body'], msg: 'give html_table or intermediate_json', type: 'value_error' }] });
    expect((await put(alice, id, { html_table: 5 })).statusCode).toBe(422);
    expect((await put(alice, id, { intermediate_json: {} })).statusCode).toBe(422);
    const after = await t.app.inject({ url: `/api/v0/components/${id}`, headers: alice.auth });
    expect(after.json<{ grounding: { html_table: string } }>().grounding.html_table).toBe(tables[0]!.grounding_data.html_table);
  });

  it('answers 404 for a component the caller cannot see or that does not exist', async () => {
    expect((await put(eve, tables[0]!.component_id, { html_table: '<table><tr><td>x</td></tr></table>' })).statusCode).toBe(404);
    expect((await put(alice, 'not-a-uuid', { html_table: '<table><tr><td>x</td></tr></table>' })).statusCode).toBe(404);
  });
});
