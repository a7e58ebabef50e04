// The scanned-table path on small table images drawn here (SVG through sharp, DejaVu fonts):
// background flattening (grey and coloured fills, white-on-dark headers), rule erasing, and
// the cells recovered by OCR of the cleaned region plus structure recognition.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractScannedTableGrounding } from '../../src/extractors/table.js';
import { imageRules } from '../../src/pipeline/tables/image-rules.js';
import { extremeFilter, flattenBackground } from '../../src/pipeline/tables/scan-background.js';
import { columnCuts, eraseRules, evenLineHeights, findBullets, prepareTableImage, readTableText, ridgeView, type GreyPixels } from '../../src/pipeline/tables/scan-text.js';
import { recognizeTable } from '../../src/pipeline/tables/structure.js';
import type { BBox } from '../../src/pipeline/types.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine } from '../../src/providers/ocr/index.js';
import { decodeGrey } from '../../src/providers/ocr/raster.js';

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface DrawnTable {
  png: Buffer;
  grey: GreyPixels;
  /** The table's box in the image. */
  bbox: BBox;
}

/**
 * A table drawn like a printed one at about 200 dpi: `rows` of cells in columns starting at
 * `xs`, 40 px a row, 20 px text. `fills[r]` paints row r's background (and `ink[r]` its text
 * colour); `ruled` draws a rule under every row and between the columns.
 */
async function drawTable(rows: string[][], xs: number[], opts: { fills?: Array<string | undefined>; ink?: Array<string | undefined>; ruled?: boolean; ruleColour?: string; width?: number } = {}): Promise<DrawnTable> {
  const width = opts.width ?? 900;
  const top = 40;
  const pitch = 44;
  const height = top * 2 + rows.length * pitch;
  const right = width - 30;
  const rule = opts.ruleColour ?? '#000';
  const parts: string[] = [];
  rows.forEach((cells, r) => {
    const y = top + r * pitch;
    const fill = opts.fills?.[r];
    if (fill) parts.push(`<rect x="30" y="${y}" width="${right - 30}" height="${pitch}" fill="${fill}"/>`);
    cells.forEach((text, c) => {
      if (text) parts.push(`<text x="${xs[c]! + 6}" y="${y + 29}" font-family="DejaVu Sans" font-size="20" fill="${opts.ink?.[r] ?? '#000'}">${escapeXml(text)}</text>`);
    });
    if (opts.ruled) parts.push(`<rect x="30" y="${y + pitch - 1}" width="${right - 30}" height="2" fill="${rule}"/>`);
  });
  if (opts.ruled) {
    parts.push(`<rect x="30" y="${top - 1}" width="${right - 30}" height="2" fill="${rule}"/>`);
    for (const x of [30, ...xs.slice(1), right]) parts.push(`<rect x="${x - 1}" y="${top - 1}" width="2" height="${rows.length * pitch + 2}" fill="${rule}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#fff' }).png().toBuffer();
  return { png, grey: await decodeGrey(png), bbox: [26, top - 4, right + 4, top + rows.length * pitch + 4] };
}

/** The grid as rows of cell texts ('' where empty). */
function cellsOf(g: ReturnType<typeof recognizeTable>): string[][] {
  const out = Array.from({ length: g.rows }, () => Array.from({ length: g.cols }, () => ''));
  for (const c of g.cells) out[c.row]![c.col] = c.text;
  return out;
}

const ROWS = [
  ['Species', 'Range', 'Count'],
  ['Kingfisher', '29%', '1,204'],
  ['Bald Eagle', '34%', '87'],
  ['Common Loon', '40%', '3.5'],
  ['River Otter', '38%', '612'],
];
const XS = [30, 330, 560];

describe('cleaning a table region', () => {
  it('computes running maxima and minima like the brute-force window', () => {
    const width = 23;
    const height = 17;
    const src = Uint8Array.from({ length: width * height }, (_, i) => (i * 7919) % 251);
    for (const size of [1, 3, 9, 31]) {
      for (const max of [true, false]) {
        const out = extremeFilter(src, width, height, size, max);
        const r = Math.floor(size / 2);
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            let m = max ? 0 : 255;
            for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
              for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) m = max ? Math.max(m, src[yy * width + xx]!) : Math.min(m, src[yy * width + xx]!);
            }
            expect(out[y * width + x], `size ${size} ${max ? 'max' : 'min'} at ${x},${y}`).toBe(m);
          }
        }
      }
    }
  });

  it('turns grey and coloured fills white, keeps dark text dark and makes white-on-dark text dark', async () => {
    const t = await drawTable(ROWS, XS, { fills: ['#1f3f7f', '#cccccc', undefined, '#c6d9f1', undefined], ink: ['#fff'] });
    const flat = flattenBackground(t.grey);
    const at = (img: GreyPixels, x: number, y: number): number => img.data[y * img.width + x]!;
    // Fill away from text: the header's dark blue, row 1's grey, row 3's light blue.
    for (const [x, y] of [[800, 50], [800, 100], [800, 188]] as const) {
      expect(at(t.grey, x, y)).toBeLessThan(235);
      expect(at(flat, x, y)).toBeGreaterThanOrEqual(250);
    }
    const darkShare = (img: GreyPixels, box: BBox): number => {
      let dark = 0;
      for (let y = box[1]; y < box[3]; y++) for (let x = box[0]; x < box[2]; x++) if (at(img, x, y) < 128) dark++;
      return dark / ((box[2] - box[0]) * (box[3] - box[1]));
    };
    // The header word "Species" (white on dark blue) becomes dark strokes on white: a small share of its box.
    const header: BBox = [36, 50, 120, 76];
    expect(darkShare(t.grey, header)).toBeGreaterThan(0.6);
    expect(darkShare(flat, header)).toBeGreaterThan(0.05);
    expect(darkShare(flat, header)).toBeLessThan(0.5);
    // Dark text on the grey row stays about as dark as drawn.
    const kingfisher: BBox = [36, 94, 150, 120];
    expect(darkShare(flat, kingfisher)).toBeGreaterThan(0.5 * darkShare(t.grey, kingfisher));
  });

  it('finds the rules of a ruled table, also where they reach the edge of the crop, and erases them', async () => {
    const t = await drawTable(ROWS, XS, { ruled: true });
    const prepared = prepareTableImage(t.grey, t.bbox, { pad: 0 });
    expect(prepared).toBeDefined();
    const { rules, img } = prepared!;
    const horizontal = rules.filter((s) => s.y0 === s.y1);
    const vertical = rules.filter((s) => s.x0 === s.x1);
    expect(horizontal).toHaveLength(ROWS.length + 1);
    expect(vertical).toHaveLength(XS.length + 1);
    // Rules are in page pixels and nothing dark is left along them.
    for (const s of horizontal) {
      const y = Math.round(s.y0) - prepared!.y0;
      for (let x = 0; x < img.width; x += 7) expect(img.data[y * img.width + x]).toBe(255);
    }
    const copy: GreyPixels = { data: new Uint8Array(t.grey.data), width: t.grey.width, height: t.grey.height };
    eraseRules(copy, [{ x0: -50, y0: 10, x1: -10, y1: 10, width: 2 }]);
    expect(copy.data).toEqual(new Uint8Array(t.grey.data));
    expect(imageRules(copy, { minLength: 100 }).length).toBeGreaterThanOrEqual(ROWS.length + 1);
  });

  it('reads white text on a mid-tone fill (a teal header band about as dark as mid-grey) as dark on white', async () => {
    const t = await drawTable(ROWS, XS, { fills: ['#3aa7a0'], ink: ['#fff'] });
    const at = (img: GreyPixels, x: number, y: number): number => img.data[y * img.width + x]!;
    // The band is lighter than mid-grey, so brightness alone would call it a light fill.
    expect(at(t.grey, 800, 50)).toBeGreaterThan(128);
    const flat = flattenBackground(t.grey);
    expect(at(flat, 800, 50)).toBeGreaterThanOrEqual(250);
    // "Species" and "Range": dark strokes on white, top to bottom of the letters.
    for (const box of [[36, 50, 120, 76], [336, 50, 400, 76]] as BBox[]) {
      let dark = 0;
      for (let y = box[1]; y < box[3]; y++) for (let x = box[0]; x < box[2]; x++) if (at(flat, x, y) < 128) dark++;
      const share = dark / ((box[2] - box[0]) * (box[3] - box[1]));
      expect(share).toBeGreaterThan(0.05);
      expect(share).toBeLessThan(0.5);
    }
    // The body text on paper stays dark.
    expect(at(flat, 800, 150)).toBeGreaterThanOrEqual(250);
  });

  it('keeps black text on mid-tone cells dark, however many white gaps run between the cells', async () => {
    // Three columns of mid-blue cells (as dark as mid-grey) split by 4 px white gaps, black numbers.
    const cells: string[] = [];
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 3; c++) {
        cells.push(`<rect x="${30 + c * 200}" y="${40 + r * 48}" width="196" height="44" fill="#5b8fd4"/>`);
        cells.push(`<text x="${60 + c * 200}" y="${70 + r * 48}" font-family="DejaVu Sans" font-size="20" fill="#000">${(r + 1) * 1000 + c * 7}</text>`);
      }
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="700" height="320"><rect width="100%" height="100%" fill="#fff"/>${cells.join('')}</svg>`;
    const grey = await decodeGrey(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(grey.data[45 * grey.width + 150]).toBeGreaterThan(128);
    const flat = flattenBackground(grey);
    let dark = 0;
    let drawn = 0;
    for (let y = 50; y < 75; y++) {
      for (let x = 60; x < 120; x++) {
        if (grey.data[y * grey.width + x]! < 60) drawn++;
        if (flat.data[y * grey.width + x]! < 128) dark++;
      }
    }
    expect(drawn).toBeGreaterThan(50);
    expect(dark).toBeGreaterThan(0.7 * drawn);
  });

  it('takes solid dots for list bullets, not letters, rings or full stops, and erases them', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="100%" height="100%" fill="#fff"/>
      <circle cx="40" cy="50" r="6" fill="#000"/><text x="60" y="58" font-family="DejaVu Sans" font-size="20" fill="#000">Reported as not relevant.</text>
      <circle cx="40" cy="100" r="6" fill="none" stroke="#000" stroke-width="2"/><text x="60" y="108" font-family="DejaVu Sans" font-size="20" font-weight="bold" fill="#000">Bold one: o e a 0 8.</text>
      <rect x="34" y="144" width="12" height="12" fill="#000"/><text x="60" y="158" font-family="DejaVu Sans" font-size="20" fill="#000">Square marker</text></svg>`;
    const grey = await decodeGrey(await sharp(Buffer.from(svg)).png().toBuffer());
    const prepared = prepareTableImage(grey, [20, 20, 580, 180], { pad: 0 })!;
    const bullets = prepared.bullets!.map((b) => [b[0] + prepared.x0, b[1] + prepared.y0, b[2] + prepared.x0, b[3] + prepared.y0]);
    // The disc only: the ring, the bold letters and digits, the full stops and the square (fills its box) are not.
    expect(bullets).toHaveLength(1);
    expect(Math.abs(bullets[0]![0]! - 34)).toBeLessThanOrEqual(1);
    expect(Math.abs(bullets[0]![1]! - 44)).toBeLessThanOrEqual(1);
    const at = (x: number, y: number): number => prepared.img.data[(y - prepared.y0) * prepared.img.width + x - prepared.x0]!;
    expect(at(40, 50)).toBe(255);
    expect(findBullets(prepared.img)).toEqual([]);
  });

  it('cuts a table into columns at vertical rules running its whole height, not at partial ones', async () => {
    const t = await drawTable(ROWS, XS, { ruled: true });
    const prepared = prepareTableImage(t.grey, t.bbox, { pad: 0 })!;
    // The outer rules lie at the crop's edges (no strip outside them); the two inner ones cut.
    expect(columnCuts(prepared, t.bbox).map((x) => x + prepared.x0)).toEqual(XS.slice(1));
    const half = { ...prepared, rules: prepared.rules.map((s) => (s.x0 === s.x1 && Math.abs(s.x0 - XS[1]!) < 3 ? { ...s, y1: (s.y0 + s.y1) / 2 } : s)) };
    expect(columnCuts(half, t.bbox).map((x) => x + prepared.x0)).toEqual(XS.slice(2));
  });

  it('finds pale rules (light blue hairlines) that the cleaning fades, but no rules at the edges of shaded rows', async () => {
    const pale = await drawTable(ROWS, XS, { ruled: true, ruleColour: '#8fb4d9' });
    // The rule is lighter than the ink threshold even before cleaning turns it white.
    expect(pale.grey.data[(40 + 44 - 1) * pale.grey.width + 400]).toBeGreaterThan(160);
    const found = prepareTableImage(pale.grey, pale.bbox, { pad: 0 })!.rules;
    expect(found.filter((s) => s.y0 === s.y1)).toHaveLength(ROWS.length + 1);
    expect(found.filter((s) => s.x0 === s.x1)).toHaveLength(XS.length + 1);
    // The pale-line test takes no fill edge for a line (one side of an edge is as dark as it).
    const shaded = await drawTable(ROWS, XS, { fills: [undefined, '#d9d9d9', undefined, '#c6d9f1', undefined] });
    expect(imageRules(ridgeView(shaded.grey), { minLength: 100 })).toEqual([]);
  });

  it('divides the table where a fill ends, as a drawn rule would, and nowhere else', async () => {
    const shaded = await drawTable(ROWS, XS, { fills: ['#1f3f7f', '#d9d9d9', undefined, '#c6d9f1', undefined], ink: ['#fff'] });
    const rules = prepareTableImage(shaded.grey, shaded.bbox, { pad: 0 })!.rules;
    const horizontal = rules.filter((s) => s.y0 === s.y1).map((s) => s.y0).sort((a, b) => a - b);
    // Fills end at 40 (top of the header), 84, 128, 172, 216 (rows 1 and 3 shaded; row 2 between them is paper).
    expect(horizontal).toHaveLength(5);
    horizontal.forEach((y, i) => expect(Math.abs(y - [40, 84, 128, 172, 216][i]!)).toBeLessThanOrEqual(4));
    // Side edges of fills and of words make no column rules.
    expect(rules.filter((s) => s.x0 === s.x1 && s.x0 > shaded.bbox[0] + 8 && s.x0 < shaded.bbox[2] - 8)).toEqual([]);
  });
});

describe('OCR word boxes', () => {
  it('gives the words of a line its common top and bottom and a little room at the sides, as PDF boxes have', () => {
    const w = (text: string, bbox: BBox) => ({ text, bbox, confidence: 0.9 });
    const out = evenLineHeights([w('Long', [10, 100, 60, 120]), w('and', [70, 106, 100, 120]), w('gap', [300, 105, 340, 124]), w('next', [10, 140, 50, 160])]);
    // The first line spans 100..124 (24 px: 1.2 px more each side), the second 140..160 (1 px).
    expect(out.map((x) => x.bbox.map((v) => Math.round(v * 10) / 10))).toEqual([
      [8.8, 100, 61.2, 124],
      [68.8, 100, 101.2, 124],
      [298.8, 100, 341.2, 124],
      [9, 140, 51, 160],
    ]);
  });
});

describe('reading a table image', () => {
  let engine: OcrEngine;
  beforeAll(async () => {
    // What processing's 'auto' picks: native tesseract where installed, else tesseract.js.
    const kinds = await availableOcrKinds();
    engine = await createOcrEngine(kinds.includes('tesseract-native') ? 'tesseract-native' : 'tesseract');
  });
  afterAll(async () => {
    await engine.close();
  });

  it('recovers every cell of a ruled table with a white-on-dark header and shaded rows', async () => {
    const t = await drawTable(ROWS, XS, { ruled: true, fills: ['#1f3f7f', '#d9d9d9', undefined, '#d9d9d9', undefined], ink: ['#fff'] });
    const { words, rules } = await readTableText(t.grey, t.bbox, engine);
    expect(cellsOf(recognizeTable({ bbox: t.bbox, words, segments: rules }))).toEqual(ROWS);
  });

  it('recovers every cell of a borderless table with a coloured header row', async () => {
    const t = await drawTable(ROWS, XS, { fills: ['#c00000'], ink: ['#fff'] });
    const g = await extractScannedTableGrounding(t.grey, t.bbox, engine);
    expect(g.grounding.rows).toBe(ROWS.length);
    expect(g.grounding.cols).toBe(XS.length);
    const cells = (g.groundingData.cells as Array<{ row: number; col: number; text: string }>).map((c) => [c.row, c.col, c.text]);
    expect(cells).toEqual(ROWS.flatMap((r, i) => r.map((text, j) => [i, j, text])));
    expect(String(g.grounding.html_table)).toContain('Common Loon');
  });
});
