// PDF step of the pipeline: PDFs built in the tests, plus a few real ones from ICDAR 2013 as smoke tests.
import { existsSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPdf, type PdfDoc } from '../../src/pipeline/pdf/document.js';
import { getPdfium } from '../../src/pipeline/pdf/pdfium.js';
import { textQuality } from '../../src/pipeline/pdf/quality.js';
import { PipelineError, type BBox, type PageText, type Segment } from '../../src/pipeline/types.js';
import { buildPdf, helveticaWidth, line, prosePage, rect, textAt, textWithMatrix } from '../fixtures/pdf-builder.js';

const DPI = 150;
const S = DPI / 72; // pixels per point
const H = 792;
// Helvetica's font box (AFM FontBBox -225..931): PDFium's loose glyph boxes span it.
const ASCENT = 0.931;
const DESCENT = 0.225;

/** Expected pixel box of `word` set at (x, baseline y) in user space on an unrotated Letter page. */
function wordBox(x: number, y: number, size: number, word: string, before = ''): BBox {
  const x0 = x + helveticaWidth(before, size);
  return [x0 * S, (H - y - ASCENT * size) * S, (x0 + helveticaWidth(word, size)) * S, (H - y + DESCENT * size) * S];
}

function expectBox(actual: BBox | undefined, expected: BBox): void {
  expect(actual).toBeDefined();
  actual!.forEach((v, i) => expect(Math.abs(v - expected[i]!), `coordinate ${i}: ${v} vs ${expected[i]}`).toBeLessThanOrEqual(2));
}

const lineTexts = (t: PageText): string[] => t.lines.map((l) => l.text);

function twoColumnPage(offsetRight = 0): string {
  let c = textAt(72, 740, 18, 'A Title That Spans Both Columns Of The Page');
  for (let i = 0; i < 10; i++) c += textAt(72, 700 - i * 14, 10, `Left column line ${i} with some words`);
  for (let i = 0; i < 10; i++) c += textAt(330, 700 - offsetRight - i * 14, 10, `Right column line ${i} more words here`);
  return c + textAt(72, 60, 10, 'A footer line that runs across the full width of this page body');
}

const twoColumnOrder = [
  'A Title That Spans Both Columns Of The Page',
  ...Array.from({ length: 10 }, (_, i) => `Left column line ${i} with some words`),
  ...Array.from({ length: 10 }, (_, i) => `Right column line ${i} more words here`),
  'A footer line that runs across the full width of this page body',
];

function threeColumnPage(): string {
  let c = '';
  for (let col = 0; col < 3; col++) for (let i = 0; i < 8; i++) c += textAt(50 + col * 180, 700 - i * 12, 9, `Column ${col} line ${i} has a few words`);
  return c;
}

/** A table: a prose-free grid of short cells with wide gaps, read row by row. */
function tablePage(): string {
  let c = '';
  for (let i = 0; i < 8; i++) {
    for (const [j, cell] of [`Name ${i}`, `${i * 11}`, `City ${i}`, `${i * 7}.5`].entries()) c += textAt(72 + j * 120, 700 - i * 14, 10, cell);
  }
  return c;
}

/** Two columns above a 20-row table whose cells cover the gutter: columns are found per block. */
function columnsAboveTablePage(): string {
  let c = '';
  for (let i = 0; i < 8; i++) c += textAt(72, 740 - i * 14, 10, `Left column line ${i} with some words`) + textAt(330, 740 - i * 14, 10, `Right column line ${i} more words here`);
  for (let i = 0; i < 20; i++) c += textAt(72, 580 - i * 14, 10, `Row ${i}`) + textAt(250, 580 - i * 14, 10, `Crossing cell ${i} value`) + textAt(480, 580 - i * 14, 10, `${i * 3}`);
  return c;
}

const pages = buildPdf([
  // 1: text at known positions, a stroked line, a rectangle, a curve, a thin filled rule
  {
    content:
      textAt(72, 700, 24, 'Hello World') +
      textAt(72, 650, 12, 'Second line of text') +
      line(72, 600, 540, 600, 2) +
      rect(100, 300, 200, 100) +
      '1 w 72 100 m 100 150 200 150 250 100 c S\n' +
      '72 500 300 0.5 re f\n' +
      '1 0 0 rg 400 720 50 50 re f 0 g\n', // a red square (filled, not thin: no segments)
  },
  // 2: two columns between a title and a footer
  { content: twoColumnPage() },
  // 3: /Rotate 90 with text drawn so that it reads upright once rotated, and a line
  {
    rotate: 90,
    content:
      textWithMatrix([0, 1, -1, 0, 330, 72], 24, 'Bottom line') +
      textWithMatrix([0, 1, -1, 0, 300, 72], 24, 'Top line here') +
      line(100, 100, 100, 500, 1),
  },
  // 4: a custom size, an annotation (only visible when annotations are rendered)
  { width: 300, height: 400, content: textAt(20, 350, 12, 'Small page'), annotations: [[100, 100, 200, 200]] },
  // 5: two columns whose baselines do not line up
  { content: twoColumnPage(5) },
  // 6: ordinary single-column prose
  prosePage(1, 40),
  // 7: three columns; 8: a table
  { content: threeColumnPage() },
  { content: tablePage() },
  // 9: two columns above a full-width table
  { content: columnsAboveTablePage() },
]);

describe('openPdf', () => {
  let doc: PdfDoc;
  beforeAll(async () => {
    doc = await openPdf(pages);
  });
  afterAll(() => doc.close());

  it('counts pages and gives sizes in points after /Rotate', () => {
    expect(doc.pageCount).toBe(9);
    expect(doc.pageSize(1)).toEqual({ width: 612, height: 792 });
    expect(doc.pageSize(3)).toEqual({ width: 792, height: 612 });
    expect(doc.pageSize(4)).toEqual({ width: 300, height: 400 });
    expect(() => doc.pageSize(0)).toThrow(RangeError);
    expect(() => doc.pageSize(10)).toThrow(RangeError);
    expect(() => doc.text(1, 0)).toThrow(RangeError);
    expect(() => doc.segments(1, Number.NaN)).toThrow(RangeError);
  });

  it('renders PNGs at the DPI on white, rotated pages turned', async () => {
    const r = await doc.render(1, DPI);
    expect([r.width, r.height, r.dpi]).toEqual([1275, 1650, DPI]);
    const meta = await sharp(r.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1275, 1650]);
    const { data, info } = await sharp(r.png).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number): number => data[(y * info.width + x) * info.channels]!;
    expect(px(5, 5)).toBe(255); // white background
    expect(px(600, 400)).toBeLessThan(80); // the 2 pt line at y = 600 pt
    const at = (((H - 745) * S) | 0) * info.width + ((425 * S) | 0);
    expect([...data.subarray(at * info.channels, at * info.channels + 3)]).toEqual([255, 0, 0]); // RGB order
    const rotated = await doc.render(3, DPI);
    expect([rotated.width, rotated.height]).toEqual([1650, 1275]);
  });

  it('refuses a bitmap too large for memory with a clear error', async () => {
    const err: unknown = await doc.render(1, 20_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as PipelineError).code).toBe('too_many_pixels');
    expect((await doc.render(4, 72)).width).toBe(300); // PDFium is still usable
  });

  it('renders annotations', async () => {
    const r = await doc.render(4, 72);
    expect([r.width, r.height]).toEqual([300, 400]);
    const { data, info } = await sharp(r.png).raw().toBuffer({ resolveWithObject: true });
    // The annotation covers x 100..200, y 100..200 in user space: pixel (150, 400 - 150).
    expect(data[(250 * info.width + 150) * info.channels]!).toBeLessThan(50);
  });

  it('extracts words and lines with boxes in page pixels', () => {
    const t = doc.text(1, DPI);
    expect(t.source).toBe('pdf');
    expect(lineTexts(t)).toEqual(['Hello World', 'Second line of text']);
    const [hello, world] = t.lines[0]!.words;
    expect(hello?.text).toBe('Hello');
    expect(hello?.confidence).toBe(1);
    expectBox(hello?.bbox, wordBox(72, 700, 24, 'Hello'));
    expectBox(world?.bbox, wordBox(72, 700, 24, 'World', 'Hello '));
    expect(t.lines[1]!.words.map((w) => w.text)).toEqual(['Second', 'line', 'of', 'text']);
    expectBox(t.lines[1]!.words[3]?.bbox, wordBox(72, 650, 12, 'text', 'Second line of '));
    expectBox(t.lines[0]!.bbox, wordBox(72, 700, 24, 'Hello World'));
    // Coordinates scale with the DPI.
    expectBox(doc.text(1, 72).lines[0]!.words[0]?.bbox, wordBox(72, 700, 24, 'Hello').map((v) => v / S) as BBox);
  });

  it('reads two columns column by column, between spanning title and footer', () => {
    expect(lineTexts(doc.text(2, DPI))).toEqual(twoColumnOrder);
    expect(lineTexts(doc.text(5, DPI))).toEqual(twoColumnOrder);
  });

  it('reads three columns in order and keeps table rows whole', () => {
    const three = Array.from({ length: 3 }, (_, col) => Array.from({ length: 8 }, (_, i) => `Column ${col} line ${i} has a few words`)).flat();
    expect(lineTexts(doc.text(7, DPI))).toEqual(three);
    // Cells far apart become separate lines, but in row order, never column by column.
    const cells = lineTexts(doc.text(8, DPI));
    expect(cells).toEqual(Array.from({ length: 8 }, (_, i) => [`Name ${i}`, `${i * 11}`, `City ${i}`, `${i * 7}.5`]).flat());
  });

  it('finds columns above a full-width table and reads the table by rows', () => {
    expect(lineTexts(doc.text(9, DPI))).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `Left column line ${i} with some words`),
      ...Array.from({ length: 8 }, (_, i) => `Right column line ${i} more words here`),
      ...Array.from({ length: 20 }, (_, i) => [`Row ${i}`, `Crossing cell ${i} value`, `${i * 3}`]).flat(),
    ]);
  });

  it('keeps a single column top to bottom', () => {
    const t = doc.text(6, DPI);
    expect(t.lines).toHaveLength(40);
    const tops = t.lines.map((l) => l.bbox[1]);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(t.lines.every((l) => l.bbox[0] > 149 && l.bbox[0] < 151)).toBe(true);
  });

  it('drops text placed off the page', async () => {
    const off = await openPdf(buildPdf([{ content: textAt(-500, 700, 12, 'Hidden') + textAt(72, 700, 12, 'Shown') + textAt(72, 900, 12, 'Above') }]));
    expect(lineTexts(off.text(1, DPI))).toEqual(['Shown']);
    off.close();
  });

  it('gives upright text on a rotated page in display coordinates', () => {
    const t = doc.text(3, DPI);
    expect(lineTexts(t)).toEqual(['Top line here', 'Bottom line']);
    // User (300, 72) is the display point (72, 300) pt: x0 = 72 pt, baseline 300 pt from the top.
    expectBox(t.lines[0]!.words[0]?.bbox, [72 * S, (300 - ASCENT * 24) * S, (72 + helveticaWidth('Top', 24)) * S, (300 + DESCENT * 24) * S]);
  });

  it('finds straight segments and rectangle edges, skipping curves', () => {
    const segs = doc.segments(1, DPI);
    const near = (s: Segment | undefined, e: [number, number, number, number]): boolean =>
      !!s && Math.abs(s.x0 - e[0]) <= 2 && Math.abs(s.y0 - e[1]) <= 2 && Math.abs(s.x1 - e[2]) <= 2 && Math.abs(s.y1 - e[3]) <= 2;
    const has = (e: [number, number, number, number]): boolean =>
      segs.some((s) => near(s, e) || near(s, [e[2], e[3], e[0], e[1]]));
    const [l, r, b, t] = [100 * S, 300 * S, (H - 300) * S, (H - 400) * S];
    expect(has([72 * S, (H - 600) * S, 540 * S, (H - 600) * S])).toBe(true);
    expect(segs.find((s) => near(s, [72 * S, (H - 600) * S, 540 * S, (H - 600) * S]))?.width).toBeCloseTo(2 * S, 1);
    for (const edge of [[l, b, r, b], [r, b, r, t], [r, t, l, t], [l, t, l, b]] as const) expect(has([...edge])).toBe(true);
    expect(has([72 * S, (H - 500.25) * S, 372 * S, (H - 500.25) * S])).toBe(true); // thin filled rule
    expect(segs).toHaveLength(6); // the curve gave nothing
  });

  it('turns segments with the page rotation', () => {
    // User (100, 100)-(100, 500) on /Rotate 90 is display (100, 100)-(500, 100) pt.
    const segs = doc.segments(3, DPI);
    expect(segs).toHaveLength(1);
    const [s] = segs;
    expectBox([s!.x0, s!.y0, s!.x1, s!.y1], [100 * S, 100 * S, 500 * S, 100 * S]);
  });

  it('frees every handle: the WebAssembly heap stays put over many pages', async () => {
    const pdfium = await getPdfium();
    const work = async (): Promise<void> => {
      for (let n = 1; n <= doc.pageCount; n++) {
        await doc.render(n, DPI);
        doc.text(n, DPI);
        doc.segments(n, DPI);
      }
      const other = await openPdf(pages);
      other.close();
    };
    await work();
    const before = pdfium.heapBytes();
    for (let i = 0; i < 10; i++) await work();
    expect(pdfium.heapBytes()).toBe(before);
  });
});

describe('openPdf errors', () => {
  const expectError = async (data: Uint8Array, code: PipelineError['code'], message: string, password?: string): Promise<void> => {
    const err: unknown = await openPdf(data, password === undefined ? {} : { password }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PipelineError);
    expect((err as PipelineError).code).toBe(code);
    expect((err as PipelineError).message).toBe(message);
  };
  const damaged = 'The PDF is damaged or truncated and cannot be read';

  it('rejects truncated, empty and non-PDF input as malformed', async () => {
    await expectError(pages.subarray(0, Math.floor(pages.length / 2)), 'malformed', damaged);
    await expectError(pages.subarray(0, pages.length - 200), 'malformed', damaged);
    await expectError(new Uint8Array(0), 'malformed', damaged);
    await expectError(Buffer.from('%PDF-1.4\nthis is not a pdf at all'), 'malformed', damaged);
  });

  for (const revision of [2, 3] as const) {
    it(`opens an RC4 (R${revision}) encrypted PDF with an empty user password`, async () => {
      const data = buildPdf([{ content: textAt(72, 700, 24, 'Secret Hello') }], { encrypt: { userPassword: '', ownerPassword: 'owner', revision } });
      expect(data.toString('latin1')).not.toContain('Secret Hello');
      const doc = await openPdf(data);
      expect(lineTexts(doc.text(1, DPI))).toEqual(['Secret Hello']);
      doc.close();
    });
  }

  it('asks for the password of a PDF with a user password', async () => {
    const data = buildPdf([{ content: textAt(72, 700, 24, 'Secret Hello') }], { encrypt: { userPassword: 'sesame', ownerPassword: 'owner' } });
    await expectError(data, 'encrypted', 'The PDF is protected by a password');
    await expectError(data, 'encrypted', 'The password for the PDF is wrong', 'wrong');
    const doc = await openPdf(data, { password: 'sesame' });
    expect(lineTexts(doc.text(1, DPI))).toEqual(['Secret Hello']);
    doc.close();
  });

  it('refuses a closed document', async () => {
    const doc = await openPdf(pages);
    doc.close();
    doc.close(); // idempotent
    expect(() => doc.text(1, DPI)).toThrow(/closed/);
  });
});

describe('textQuality', () => {
  const page = (...words: string[]): PageText => ({
    source: 'pdf',
    lines: [{ text: words.join(' '), bbox: [0, 0, 1, 1], words: words.map((text) => ({ text, bbox: [0, 0, 1, 1], confidence: 1 })) }],
  });

  it('scores ordinary text high, garbage and empty pages low', () => {
    expect(textQuality(page('Hello', 'world', '2024'))).toBe(1);
    expect(textQuality(page('Hello,', 'world.'))).toBeGreaterThan(0.8);
    expect(textQuality({ source: 'none', lines: [] })).toBe(0);
    expect(textQuality(page('\uFFFD\uFFFD\uFFFD', '\uE001\uE002', '\u0003'))).toBe(0);
    expect(textQuality(page('ab', '\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD'))).toBeLessThan(0.3);
  });

  it('rates a built PDF text layer as usable, a page without text as 0', async () => {
    const doc = await openPdf(pages);
    expect(textQuality(doc.text(6, DPI))).toBeGreaterThan(0.9);
    doc.close();
    const blank = await openPdf(buildPdf([{ content: rect(100, 100, 300, 300) }]));
    const t = blank.text(1, DPI);
    expect(t).toEqual({ source: 'none', lines: [] });
    expect(textQuality(t)).toBe(0);
    blank.close();
  });
});

const ICDAR = '/work/shared/data/icdar2013';
describe.skipIf(!existsSync(ICDAR))('real PDFs (ICDAR 2013)', () => {
  for (const name of ['competition-dataset-eu/eu-001.pdf', 'competition-dataset-eu/eu-015.pdf', 'competition-dataset-us/us-001.pdf', 'competition-dataset-us/us-012.pdf']) {
    it(`opens, renders and reads ${name}`, async () => {
      const doc = await openPdf(readFileSync(`${ICDAR}/${name}`));
      expect(doc.pageCount).toBeGreaterThan(0);
      const size = doc.pageSize(1);
      const r = await doc.render(1, DPI);
      expect(r.width).toBe(Math.round(size.width * S));
      expect(r.height).toBe(Math.round(size.height * S));
      const t = doc.text(1, DPI);
      expect(t.lines.length).toBeGreaterThan(5);
      expect(textQuality(t)).toBeGreaterThan(0.8);
      for (const l of t.lines) {
        expect(l.bbox[0]).toBeGreaterThanOrEqual(-1);
        expect(l.bbox[3]).toBeLessThanOrEqual(r.height + 1);
      }
      doc.close();
    });
  }
});
