// Scans with other tools' text layers, and a two-column scan, end to end through the API on both
// databases: a layer covering the whole scan is used as it is; one covering a paragraph of three,
// or misread, is replaced by reading the page; two columns are read one after the other.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { NativeTesseractEngine } from '../../src/providers/ocr/tesseract-native.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';
import { addScanPage } from '../fixtures/scan-like.js';
import { COLUMNS, DPI, layeredScanPdf, misread, PARAGRAPHS, twoColumnScan } from '../fixtures/layered-scans.js';

const nativeAvailable = await NativeTesseractEngine.isAvailable();
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 2);

/** Share of `want`'s words found in `text` (as a multiset). */
function recall(text: string, want: string): number {
  const left = wordsOf(text);
  const words = wordsOf(want);
  let hit = 0;
  for (const w of words) {
    const i = left.indexOf(w);
    if (i >= 0) {
      hit++;
      left.splice(i, 1);
    }
  }
  return hit / words.length;
}

async function fixture(): Promise<Buffer> {
  const pdf = await PDFDocument.load(await layeredScanPdf(['full', 'first-paragraph', 'misread']));
  await addScanPage(pdf, await twoColumnScan(), DPI);
  return Buffer.from(await pdf.save());
}

describe.skipIf(!nativeAvailable).each(DB_KINDS)('scans with text layers and columns end to end (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let worker: JobWorker | undefined;

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it('keeps a whole layer, reads again a partial or misread one, reads two columns in turn', async () => {
    const done = await uploadAndProcess(t, alice, 'layered-scans.pdf', await fixture());
    expect(done.job.status).toBe('done');
    const pages = await t.ctx.database.db.selectFrom('pages').selectAll().where('document_id', '=', done.document_id).orderBy('page_number').execute();
    expect(pages.map((p) => p.text_source)).toEqual(['pdf', 'ocr', 'ocr', 'ocr']);
    const all = PARAGRAPHS.flat().join(' ');
    for (const p of pages.slice(0, 3)) expect(recall(p.text ?? '', all), `page ${p.page_number}:\n${p.text}`).toBeGreaterThanOrEqual(0.95);
    // The misread layer's words are gone with it.
    expect(wordsOf(pages[2]!.text ?? '')).not.toContain(wordsOf(misread('northern', 0))[0]);

    const lines = (pages[3]!.text ?? '').split('\n').filter((l) => l.trim());
    const at = COLUMNS.flat().map((want) => lines.findIndex((l) => recall(l, want) >= 0.75));
    expect(at.every((i) => i >= 0), lines.join('\n')).toBe(true);
    // Every line of the left column comes before every line of the right one, each in order.
    expect([...at].sort((a, b) => a - b), lines.join('\n')).toEqual(at);
  }, 120_000);
});
