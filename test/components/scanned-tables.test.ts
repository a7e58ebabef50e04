// Table components of a scanned page, end to end on both databases: an uploaded page image with
// a caption, a ruled table whose header row is white on dark blue and whose body rows are
// shaded, and a paragraph; processing finds the table (rules from the pixels) and reads its
// cells from the cleaned region, so every cell text comes back exactly.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

interface Visual {
  page_number: number;
  origin: string;
  status: string;
  bbox: number[];
  grounding_data: { rows: number; cols: number; cells: Array<{ row: number; col: number; text: string }> };
}

const ROWS = [
  ['Pump', 'Hours', 'Status'],
  ['P-101', '1,200', 'OK'],
  ['P-102', '800', 'Worn seal'],
  ['P-103', '450', 'OK'],
  ['P-104', '2,310', 'Replaced'],
];

/** A 1400 x 1100 page at about 150 dpi: caption, the table at x 150..1250, y 260..535, a paragraph. */
async function scannedPage(): Promise<Buffer> {
  const xs = [150, 520, 880];
  const right = 1250;
  const top = 260;
  const pitch = 55;
  const parts: string[] = ['<text x="150" y="230" font-family="DejaVu Sans" font-size="24">Table 1: Pump inspection results</text>'];
  ROWS.forEach((cells, r) => {
    const y = top + r * pitch;
    const fill = r === 0 ? '#1f3f7f' : r % 2 ? '#dcdcdc' : undefined;
    if (fill) parts.push(`<rect x="${xs[0]}" y="${y}" width="${right - xs[0]!}" height="${pitch}" fill="${fill}"/>`);
    cells.forEach((text, c) => parts.push(`<text x="${xs[c]! + 10}" y="${y + 36}" font-family="DejaVu Sans" font-size="24" fill="${r === 0 ? '#fff' : '#000'}">${text}</text>`));
    parts.push(`<rect x="${xs[0]}" y="${y + pitch - 1}" width="${right - xs[0]!}" height="2" fill="#000"/>`);
  });
  for (const x of [...xs, right]) parts.push(`<rect x="${x - 1}" y="${top}" width="2" height="${ROWS.length * pitch}" fill="#000"/>`);
  parts.push(`<rect x="${xs[0]}" y="${top - 1}" width="${right - xs[0]!}" height="2" fill="#000"/>`);
  const para = ['All pumps were inspected in March by the maintenance team of plant A.', 'P-102 needs a new seal before the summer season starts again.'];
  para.forEach((text, i) => parts.push(`<text x="150" y="${650 + i * 40}" font-family="DejaVu Sans" font-size="24">${text}</text>`));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1100"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).png().toBuffer();
}

describe.each(DB_KINDS)('scanned table components (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('finds the table on the page image and reads every cell of it exactly', async () => {
    const done = await uploadAndProcess(t, alice, 'pumps.png', await scannedPage());
    expect(done.job.status).toBe('done');
    const res = await t.app.inject({ url: `/api/v0/documents/${done.document_id}/visual-components?types=table`, headers: alice.auth });
    const tables = res.json<Visual[]>();
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(table).toMatchObject({ page_number: 1, origin: 'pipeline', status: 'done' });
    expect(table.grounding_data).toMatchObject({ rows: ROWS.length, cols: 3 });
    expect(table.grounding_data.cells.map((c) => [c.row, c.col, c.text])).toEqual(ROWS.flatMap((r, i) => r.map((text, j) => [i, j, text])));
  }, 120_000);
});
