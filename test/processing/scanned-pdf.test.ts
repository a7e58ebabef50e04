// A scanned PDF end to end through the API on both databases: two JPEG scans in an image-only
// PDF (a ruled, shaded table turned 0.8°; a page of prose scanned sideways). Every table row
// must be in the page text, on one line, without rule glyphs, and in the table component; the
// sideways page is stored upright; both are read at the scans' own 200 dpi.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { NativeTesseractEngine } from '../../src/providers/ocr/tesseract-native.js';
import { rng } from '../../bench/rng.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';
import { PROSE, proseSvg, ROWS, ruledTableSvg } from '../fixtures/scan-pages.js';
import { addScanPage, scanLike } from '../fixtures/scan-like.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();
const DPI = 200;
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2);

/**
 * `line` holds the table row `row`: its words, one misread allowed (7-pt print under noise and
 * JPEG), and not much more (two rows run together would double them).
 */
function holdsRow(line: string | undefined, row: string[]): boolean {
  const want = wordsOf(row.join(' '));
  const got = wordsOf(line ?? '');
  const left = [...got];
  let hit = 0;
  for (const w of want) {
    const i = left.indexOf(w);
    if (i >= 0) {
      hit++;
      left.splice(i, 1);
    }
  }
  return hit >= want.length - 1 && got.length <= want.length + 1;
}

interface Visual {
  page_number: number;
  grounding_data: { rows: number; cols: number; cells: Array<{ row: number; col: number; text: string }> };
}

async function scannedPdf(): Promise<Buffer> {
  const random = rng(22);
  const table = await scanLike(Buffer.from(ruledTableSvg()), { angle: 0.8, blur: 0.5, noise: 8, jpegQuality: 70, dpi: DPI }, random);
  const sideways = await scanLike(await sharp(Buffer.from(proseSvg())).rotate(90).png().toBuffer(), { angle: -0.4, blur: 0.4, noise: 6, jpegQuality: 80, dpi: DPI }, random);
  const pdf = await PDFDocument.create();
  for (const jpeg of [table, sideways]) await addScanPage(pdf, jpeg, DPI);
  return Buffer.from(await pdf.save());
}

describe.skipIf(!nativeAvailable).each(DB_KINDS)('scanned PDF end to end (%s)', (kind) => {
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

  it('reads every row of a scanned ruled table and a page scanned sideways', async () => {
    const done = await uploadAndProcess(t, alice, 'warn-scan.pdf', await scannedPdf());
    expect(done.job.status).toBe('done');
    const pages = await t.ctx.database.db.selectFrom('pages').selectAll().where('document_id', '=', done.document_id).orderBy('page_number').execute();
    expect(pages.map((p) => [p.page_number, p.text_source, p.dpi])).toEqual([
      [1, 'ocr', DPI],
      [2, 'ocr', DPI],
    ]);
    const lines = (pages[0]?.text ?? '').split('\n');
    expect(lines.filter((l) => /[|[\]_]/.test(l))).toEqual([]);
    for (const row of ROWS) expect(holdsRow(lines.find((l) => l.includes(row[0]!)), row), `${row.join(' | ')} in\n${lines.join('\n')}`).toBe(true);
    // The sideways page is stored upright (landscape) and reads as prose.
    expect(pages[1]!.width).toBeGreaterThan(pages[1]!.height);
    const read = wordsOf(pages[1]?.text ?? '');
    const want = wordsOf(PROSE.join(' '));
    expect(want.filter((w) => read.includes(w)).length / want.length).toBeGreaterThanOrEqual(0.95);

    const res = await t.app.inject({ url: `/api/v0/documents/${done.document_id}/visual-components?types=table`, headers: alice.auth });
    const tables = res.json<Visual[]>();
    expect(tables).toHaveLength(1);
    const cells = tables[0]!.grounding_data.cells;
    // Every row is a row of the table, its cells' text the row's words (no rule glyphs in cells).
    const rowsRead = [...new Set(cells.map((c) => c.row))].map((r) => cells.filter((c) => c.row === r).sort((a, b) => a.col - b.col).map((c) => c.text).join(' '));
    expect(cells.filter((c) => /[|[\]_]/.test(c.text))).toEqual([]);
    expect(rowsRead).toHaveLength(ROWS.length);
    for (const row of ROWS) expect(rowsRead.some((r) => holdsRow(r, row)), `${row.join(' | ')} in\n${rowsRead.join('\n')}`).toBe(true);
  }, 120_000);
});
