// Two-column reading order on real PDFs (../shared/data/pdfplumber-tests, every page): are the
// lines of one column ever interleaved with those of another? Each page's lines, in the order
// PDFText gives them, are cut into bands at lines that cross the page's middle gutter (titles,
// full-width paragraphs, tables); inside a band a column line (at least 60% of a half's width:
// prose, not a table cell or a label) lies in the left half or the right half; shorter lines are
// left out of the first count and counted in the second (reference keys, labels). Read column by column, a band switches from left to right at most once; every further
// switch is an interleaving. A page counts as two-column when at least 8 column lines lie on each side.
// With EVAL_SCANNED=1 every two-column page is also scanned (200 dpi, grey, turned 0.5°, noise,
// JPEG), put into an image-only PDF and read as processing reads it (OCR), and counted the same way.
// Build: make dist-bench/.built; run: node dist-bench/eval/reading-order.js (make eval-reading-order)
// Settings: EVAL_REAL_DATA (/work/shared/data/pdfplumber-tests), EVAL_SHOW (1: list each page),
// EVAL_SCANNED (1: the scanned reading too; needs the tesseract CLI).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { openPdf, type PdfDoc } from '../src/pipeline/pdf/document.js';
import { readPdfPage } from '../src/pipeline/scan/page-text.js';
import type { TextLine } from '../src/pipeline/types.js';
import { createOcrEngine, type OcrEngine } from '../src/providers/ocr/index.js';
import { rng } from '../bench/rng.js';
import { addScanPage, scanLike } from '../test/fixtures/scan-like.js';

const DATA = process.env.EVAL_REAL_DATA ?? '/work/shared/data/pdfplumber-tests';
const SHOW = process.env.EVAL_SHOW === '1';
const SCANNED = process.env.EVAL_SCANNED === '1';
const SCAN_DPI = 200;

/** Page `n` scanned (seeded by its place) and read back by OCR as an image-only PDF page. */
async function scannedLines(doc: PdfDoc, n: number, seed: number, engine: OcrEngine): Promise<TextLine[]> {
  const jpeg = await scanLike((await doc.render(n, SCAN_DPI)).png, { angle: 0.5, blur: 0.5, noise: 8, jpegQuality: 75, dpi: SCAN_DPI }, rng(seed));
  const pdf = await PDFDocument.create();
  await addScanPage(pdf, jpeg, SCAN_DPI);
  const scan = await openPdf(await pdf.save());
  try {
    const settings = { renderDpi: 150, maxPagePixels: 40_000_000, minTextQuality: 0.5 };
    return (await readPdfPage(scan, 1, settings, () => Promise.resolve(engine))).text.lines;
  } finally {
    scan.close();
  }
}

/** Lines that run across the middle gutter through a gap (no word there): two columns' lines joined into one. */
const joinedAcross = (lines: TextLine[], mid: number): number =>
  lines.filter((l) => l.bbox[0] < mid && l.bbox[2] > mid && !l.words.some((w) => w.bbox[0] < mid && w.bbox[2] > mid)).length;

const extentOf = (lines: TextLine[]): [number, number] => [Math.min(...lines.map((l) => l.bbox[0])), Math.max(...lines.map((l) => l.bbox[2]))];

/** Interleavings of a page's lines around the gutter at `mid`, and the lines on each side. */
export function interleavings(lines: TextLine[], x0: number, x1: number, minShare = 0.6): { switches: number; left: number; right: number } {
  const mid = (x0 + x1) / 2;
  const half = (x1 - x0) / 2;
  let switches = 0;
  let left = 0;
  let right = 0;
  let band: Array<'L' | 'R'> = [];
  const close = (): void => {
    let changes = 0;
    for (let i = 1; i < band.length; i++) if (band[i] !== band[i - 1]) changes++;
    // One change is the move to the next column; a band that starts on the right and comes back counts too.
    switches += Math.max(0, changes - (band[0] === 'L' ? 1 : 0));
    band = [];
  };
  for (const l of lines) {
    if (l.bbox[0] < mid && l.bbox[2] > mid) {
      close();
      continue;
    }
    if (l.bbox[2] - l.bbox[0] < minShare * half) continue;
    const side = l.bbox[2] <= mid ? 'L' : 'R';
    if (side === 'L') left++;
    else right++;
    band.push(side);
  }
  close();
  return { switches, left, right };
}

async function main(): Promise<void> {
  let pages = 0;
  let twoColumn = 0;
  let bad = 0;
  let badShort = 0;
  let scanned = 0;
  let scannedBad = 0;
  let scannedBadShort = 0;
  let scannedJoined = 0;
  const engine = SCANNED ? await createOcrEngine('tesseract-native', { workers: 1 }) : undefined;
  for (const f of readdirSync(DATA).filter((x) => x.endsWith('.pdf')).sort()) {
    let doc;
    try {
      doc = await openPdf(readFileSync(join(DATA, f)));
    } catch {
      continue; // encrypted or damaged: not a reading-order case
    }
    try {
      for (let n = 1; n <= doc.pageCount; n++) {
        pages++;
        const lines = doc.text(n, 72).lines;
        if (lines.length < 16) continue;
        // The gutter: the middle of the text's horizontal extent.
        const x0 = Math.min(...lines.map((l) => l.bbox[0]));
        const x1 = Math.max(...lines.map((l) => l.bbox[2]));
        const r = interleavings(lines, x0, x1);
        if (r.left < 8 || r.right < 8) continue;
        twoColumn++;
        if (r.switches > 0) bad++;
        // Every line, short ones too (reference keys, labels), on the same pages.
        const all = interleavings(lines, x0, x1, 0);
        if (all.switches > 0) badShort++;
        if (SHOW || r.switches > 0 || all.switches > 0) console.log(`${f} p${n}: ${r.left} left / ${r.right} right lines, ${r.switches} interleavings (${all.switches} counting short lines)`);
        if (!engine) continue;
        const read = await scannedLines(doc, n, pages, engine);
        if (!read.length) continue;
        scanned++;
        const [sx0, sx1] = extentOf(read);
        const sr = interleavings(read, sx0, sx1);
        const sall = interleavings(read, sx0, sx1, 0);
        if (sr.switches > 0) scannedBad++;
        if (sall.switches > 0) scannedBadShort++;
        const joined = joinedAcross(read, (sx0 + sx1) / 2);
        scannedJoined += joined;
        console.log(`${f} p${n} scanned: ${sr.left} left / ${sr.right} right lines, ${sr.switches} interleavings (${sall.switches} counting short lines), ${joined} lines joined across the gutter`);
      }
    } finally {
      doc.close();
    }
  }
  await engine?.close();
  console.log(`\nReading order: ${pages} pages read, ${twoColumn} with text in two halves, ${bad} of them with lines interleaved across the gutter; ${badShort} when short lines (keys, labels) count too`);
  if (engine) console.log(`Scanned at ${SCAN_DPI} dpi and read by OCR: ${scanned} of those pages, ${scannedBad} with lines interleaved across the gutter; ${scannedBadShort} when short lines count too; ${scannedJoined} lines of two columns joined into one`);
}

await main();
