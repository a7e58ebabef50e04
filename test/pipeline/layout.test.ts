// Page layout on PDFs built in the test: text blocks, tables (ruled, borderless, from a scan's ink),
// figures with their type guesses, reading order.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectLayout, inkMap, inkSegments, type InkMap, type LayoutRegion } from '../../src/pipeline/layout/index.js';
import { openPdf } from '../../src/pipeline/pdf/document.js';
import type { BBox, TextLine } from '../../src/pipeline/types.js';
import { buildPdf, helveticaWidth, line, rect, textAt } from '../fixtures/pdf-builder.js';

const DPI = 100;
const S = DPI / 72;
const H = 792;
// Helvetica's font box (AFM FontBBox -225..931): PDFium's loose glyph boxes span it.
const ASCENT = 0.931;
const DESCENT = 0.225;

/** Pixel box of a user-space rectangle given by its left, top, right and bottom in points. */
const px = (x0: number, top: number, x1: number, bottom: number): BBox => [x0 * S, (H - top) * S, x1 * S, (H - bottom) * S];

/** Pixel box of one line of text set at (x, baseline y). */
const textBox = (x: number, y: number, size: number, s: string): BBox => px(x, y + ASCENT * size, x + helveticaWidth(s, size), y - DESCENT * size);

function iou(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const area = (x: BBox): number => (x[2] - x[0]) * (x[3] - x[1]);
  return (w * h) / (area(a) + area(b) - w * h);
}

interface Laid {
  regions: LayoutRegion[];
  lines: TextLine[];
}

/** Lays out page 1 of a one-page PDF; `ink` adds the page's ink map, `scan` drops the drawn segments as a scan would. */
async function layout(content: string, options: { ink?: boolean; scan?: boolean } = {}): Promise<Laid> {
  const doc = await openPdf(buildPdf([{ content }]));
  try {
    const text = doc.text(1, DPI);
    const page = await doc.render(1, DPI);
    const ink = options.ink || options.scan ? await inkMap(page.png, Math.round(page.width / 2)) : undefined;
    const segments = options.scan ? [] : doc.segments(1, DPI);
    return { regions: detectLayout({ width: page.width, height: page.height, lines: text.lines, segments, ink }), lines: text.lines };
  } finally {
    doc.close();
  }
}

const describeRegions = (rs: LayoutRegion[]): string =>
  rs.map((r) => `${r.kind}${r.figure_type ? `/${r.figure_type}` : ''} [${r.bbox.map((v) => Math.round(v)).join(',')}]`).join('; ');

/** The one region of `kind` that overlaps `expected` best; fails unless IoU ≥ 0.7. */
function expectRegion(rs: LayoutRegion[], kind: LayoutRegion['kind'], expected: BBox): LayoutRegion {
  const best = rs.filter((r) => r.kind === kind).sort((a, b) => iou(b.bbox, expected) - iou(a.bbox, expected))[0];
  expect(best, `no ${kind} among ${describeRegions(rs)}`).toBeDefined();
  expect(iou(best!.bbox, expected), `${kind} ${describeRegions([best!])} vs [${expected.map(Math.round).join(',')}]`).toBeGreaterThanOrEqual(0.7);
  expect(best!.confidence).toBeGreaterThan(0);
  expect(best!.confidence).toBeLessThanOrEqual(1);
  return best!;
}

const PROSE = [
  'The committee met on Tuesday to review the budget for the coming year and',
  'agreed that the program should continue with the same staff and a modest',
  'increase for equipment, travel and training of the new field teams in the',
  'northern region, subject to a review of the results after the first six months.',
];

/** Paragraph lines of 10 pt text from baseline `y` down, 14 pt apart. */
function paragraph(x: number, y: number, lines = PROSE): { content: string; box: BBox } {
  const content = lines.map((s, i) => textAt(x, y - i * 14, 10, s)).join('');
  const width = Math.max(...lines.map((s) => helveticaWidth(s, 10)));
  return { content, box: px(x, y + ASCENT * 10, x + width, y - (lines.length - 1) * 14 - DESCENT * 10) };
}

describe('text blocks', () => {
  it('finds a title, a paragraph, a bullet list and a page-number footer, in reading order', async () => {
    const title = 'Annual Report of the Committee';
    const para = paragraph(72, 680);
    const items = ['\x95 Budget approved for the next year', '\x95 Two new field teams in the north', '\x95 A review after six months'];
    const list = items.map((s, i) => textAt(90, 600 - i * 14, 10, s)).join('');
    const content = textAt(72, 720, 24, title) + para.content + list + textAt(300, 36, 10, '7');
    const { regions, lines } = await layout(content);

    const t = expectRegion(regions, 'title', textBox(72, 720, 24, title));
    expect(t.lines!.map((i) => lines[i]!.text)).toEqual([title]);
    const p = expectRegion(regions, 'text', para.box);
    expect(p.lines).toHaveLength(4);
    const l = expectRegion(regions, 'list', px(90, 600 + ASCENT * 10, 90 + Math.max(...items.map((s) => helveticaWidth(s, 10))), 572 - DESCENT * 10));
    expect(l.lines).toHaveLength(3);
    expect(lines[l.lines![0]!]!.text.startsWith('•')).toBe(true);
    expectRegion(regions, 'footer', textBox(300, 36, 10, '7'));
    expect(regions.map((r) => r.kind)).toEqual(['title', 'text', 'list', 'footer']);
  });

  it('keeps a running header apart and reads two columns one after the other', async () => {
    let content = textAt(72, 770, 8, 'Quarterly Review - Spring Edition');
    const left = paragraph(72, 700, PROSE.map((s) => s.slice(0, 36)));
    const right = paragraph(330, 700, PROSE.map((s) => s.slice(36, 72)));
    content += left.content + right.content;
    const { regions } = await layout(content);
    expectRegion(regions, 'header', textBox(72, 770, 8, 'Quarterly Review - Spring Edition'));
    const texts = regions.filter((r) => r.kind === 'text');
    expect(texts).toHaveLength(2);
    expect(iou(texts[0]!.bbox, left.box)).toBeGreaterThanOrEqual(0.7);
    expect(iou(texts[1]!.bbox, right.box)).toBeGreaterThanOrEqual(0.7);
  });
});

/** A 4 × 5 grid of ruled cells with text, from (x, top) in points; returns its pixel box. */
function ruledTable(x: number, top: number): { content: string; box: BBox } {
  const cols = [x, x + 110, x + 200, x + 290, x + 380];
  const rowH = 20;
  let content = '';
  for (let r = 0; r <= 5; r++) content += line(cols[0]!, top - r * rowH, cols[4]!, top - r * rowH, 0.8);
  for (const c of cols) content += line(c, top, c, top - 5 * rowH, 0.8);
  const cells = [['Region', 'Sales', 'Costs', 'Margin'], ...[1, 2, 3, 4].map((i) => [`Area ${i}`, `${i * 120}`, `${i * 80}`, `${i * 40}`])];
  cells.forEach((row, r) => row.forEach((cell, c) => (content += textAt(cols[c]! + 6, top - r * rowH - 14, 10, cell))));
  return { content, box: px(cols[0]!, top, cols[4]!, top - 5 * rowH) };
}

describe('tables', () => {
  it('finds a ruled table as a grid of cells', async () => {
    const para = paragraph(72, 720);
    const table = ruledTable(100, 620);
    const { regions, lines } = await layout(para.content + table.content);
    const t = expectRegion(regions, 'table', table.box);
    expect(t.lines!.map((i) => lines[i]!.text)).toContain('Region');
    expect(t.lines).toHaveLength(20);
    expectRegion(regions, 'text', para.box);
    expect(regions.filter((r) => r.kind === 'table')).toHaveLength(1);
  });

  it('finds a borderless table from columns of aligned text', async () => {
    const para = paragraph(72, 720);
    const rows = [['Item', 'Quantity', 'Unit price', 'Total'], ...['Pens', 'Paper', 'Ink', 'Folders', 'Tape'].map((s, i) => [s, `${(i + 1) * 3}`, `${i + 1}.50`, `${(i + 1) * 4}.50`])];
    let content = para.content;
    const xs = [72, 200, 300, 420];
    rows.forEach((row, r) => row.forEach((cell, c) => (content += textAt(xs[c]!, 620 - r * 16, 10, cell))));
    content += paragraph(72, 500).content;
    const { regions } = await layout(content);
    expectRegion(regions, 'table', px(72, 620 + ASCENT * 10, 420 + helveticaWidth('Total', 10), 620 - 5 * 16 - DESCENT * 10));
    expect(regions.filter((r) => r.kind === 'table')).toHaveLength(1);
    expect(regions.filter((r) => r.kind === 'text')).toHaveLength(2);
  });

  it('finds the ruled table of a scan from its ink alone', async () => {
    const table = ruledTable(100, 620);
    const { regions } = await layout(paragraph(72, 720).content + table.content, { scan: true });
    expectRegion(regions, 'table', table.box);
  });

  it('leaves prose alone', async () => {
    let content = '';
    for (let p = 0; p < 4; p++) content += paragraph(72, 720 - p * 80).content;
    const { regions } = await layout(content, { ink: true });
    expect(regions.map((r) => r.kind)).toEqual(['text', 'text', 'text', 'text']);
  });
});

describe('figures', () => {
  it('guesses a flowchart for labelled boxes joined by lines', async () => {
    // Four 90 × 30 pt boxes in a row at y 560..590, joined left to right, one more below the last.
    let content = paragraph(72, 720).content;
    const labels = ['Start', 'Check', 'Approve', 'Archive'];
    labels.forEach((s, i) => {
      const x = 72 + i * 120;
      content += rect(x, 560, 90, 30) + textAt(x + 10, 571, 10, s);
      if (i) content += line(x - 30, 575, x, 575);
    });
    content += rect(432, 480, 90, 30) + textAt(442, 491, 10, 'Notify') + line(477, 560, 477, 510);
    content += paragraph(72, 420).content;
    const { regions } = await layout(content, { ink: true });
    const f = expectRegion(regions, 'figure', px(72, 590, 522, 480));
    expect(f.figure_type).toBe('flowchart');
    expect(f.confidence).toBeGreaterThanOrEqual(0.5);
    expect(regions.map((r) => r.kind)).toEqual(['text', 'figure', 'text']);
  });

  it('guesses a chart for axes with tick labels and bars', async () => {
    let content = paragraph(72, 720).content;
    // Axes: x from (100, 400) to (500, 400), y from (100, 400) up to (100, 620).
    content += line(100, 400, 500, 400) + line(100, 400, 100, 620);
    for (let k = 0; k <= 4; k++) content += line(96, 400 + k * 50, 100, 400 + k * 50) + textAt(76, 397 + k * 50, 8, `${k * 25}`);
    [120, 60, 180, 90, 150].forEach((h, i) => (content += `0.3 g ${130 + i * 75} 400 40 ${h} re f 0 g\n`));
    const { regions } = await layout(content, { ink: true });
    const f = expectRegion(regions, 'figure', px(76, 620, 500, 400));
    expect(f.figure_type).toBe('chart');
    expect(regions.filter((r) => r.kind === 'table')).toHaveLength(0);
  });

  it('guesses a mind map for branches around a central label', async () => {
    let content = textAt(270, 497, 12, 'Project');
    const spokes: Array<[number, number, string]> = [[150, 620, 'Scope'], [430, 620, 'Budget'], [120, 500, 'Team'], [470, 500, 'Risks'], [150, 380, 'Plan'], [430, 380, 'Review']];
    for (const [x, y, s] of spokes) content += line(x < 300 ? 265 : 320, y > 500 ? 510 : y < 500 ? 490 : 500, x < 300 ? x + 40 : x, y) + textAt(x < 300 ? x : x + 4, y + (y > 500 ? 4 : -12), 10, s);
    const { regions } = await layout(content, { ink: true });
    const f = regions.find((r) => r.kind === 'figure');
    expect(f, describeRegions(regions)).toBeDefined();
    expect(f!.figure_type).toBe('mindmap');
  });
});

describe('ink', () => {
  it('inkMap keeps hairlines when shrinking a page', async () => {
    const width = 800;
    const height = 400;
    const raw = Buffer.alloc(width * height, 255);
    raw.fill(0, 200 * width + 100, 200 * width + 700); // one-pixel horizontal line
    const png = await sharp(raw, { raw: { width, height, channels: 1 } }).png().toBuffer();
    const ink = await inkMap(png, 200);
    expect(ink.width).toBe(200);
    expect(ink.height).toBe(100);
    expect(ink.data[50 * 200 + 100]).toBe(0);
  });

  it('inkSegments finds long thin runs but not thick blobs', () => {
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height).fill(255);
    for (let x = 20; x < 180; x++) data[30 * width + x] = 0; // horizontal rule
    for (let y = 10; y < 90; y++) data[y * width + 50] = 0; // vertical rule crossing it
    for (let y = 60; y < 80; y++) for (let x = 100; x < 160; x++) data[y * width + x] = 0; // a filled block
    const ink: InkMap = { data, width, height };
    const segs = inkSegments(ink);
    const h = segs.filter((s) => s.y0 === s.y1);
    const v = segs.filter((s) => s.x0 === s.x1);
    expect(h).toHaveLength(1);
    expect(h[0]!.x0).toBeLessThanOrEqual(21);
    expect(h[0]!.x1).toBeGreaterThanOrEqual(179);
    expect(v).toHaveLength(1);
    expect(v[0]!.y1 - v[0]!.y0).toBeGreaterThanOrEqual(78);
  });
});

describe('detectLayout input edge cases', () => {
  it('returns nothing for an empty page and survives a page without text', () => {
    expect(detectLayout({ width: 850, height: 1100, lines: [], segments: [] })).toEqual([]);
    const segments = [0, 1, 2, 3].map((k) => ({ x0: 100, y0: 100 + k * 100, x1: 700, y1: 100 + k * 100, width: 1 }));
    const regions = detectLayout({ width: 850, height: 1100, lines: [], segments });
    expect(regions.every((r) => r.kind === 'figure' || r.kind === 'table')).toBe(true);
  });
});
