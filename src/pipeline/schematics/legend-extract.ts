// Reads a picture of a symbol-legend table (one symbol and its label per row) into legend
// entries, each with a PNG crop of its symbol. The method:
// 1. ink = pixels darker than the image's Otsu threshold (clamped to a sane range);
// 2. table rules are taken out: horizontal runs of ink over 60 % of the width and vertical runs
//    over 60 % of the height (cell borders, column separators);
// 3. rows: the horizontal rules cut the image into bands, and each band is cut again at runs of
//    blank pixel rows (tables drawn without rules); blank runs thinner than a third of the
//    neighbouring ink are kept inside the row (a label wrapped onto two lines);
// 4. in each row the column profile splits the ink into runs; the widest blank gap separates the
//    symbol (the ink left of it, the leftmost blob group) from the label (the ink right of it);
//    a row whose widest gap is under 40 % of its height is text alone (a title) and is skipped;
// 5. the label is read by the OCR engine from the original pixels, rules painted out, scaled so
//    its ink is about 40 px high; header rows ("Symbol | Description") and rows whose label
//    reads as nothing are dropped.
// A row must have ink on both sides of a gap; a single-row picture whose symbol is taller than
// 60 % of the image could lose vertical strokes to step 2 (legend images have several rows).
import sharp from 'sharp';
import type { GreyPixels } from '../tables/scan-background.js';
import type { TextLine } from '../types.js';

/** The OCR port (OcrEngine fits it): a prepared image read as one block of text. */
export interface LegendOcr {
  readBlock(img: GreyPixels): Promise<TextLine[]>;
}

/** A legend entry as src/schematics/graph.ts has it (the pipeline imports nothing outside itself). */
export interface ExtractedLegendEntry {
  id: string;
  class: string;
  subtype: string | null;
  label: string;
  source_crop_url: string | null;
  bbox: [number, number, number, number] | null;
}

type Span = [number, number];

const HEADER = /^(symbols?|legend|description|descriptions|name|meaning|designation|item|key)$/i;
const OCR_HEIGHT = 40;
const PAD = 2;

/** The class a label names: lower case words joined by underscores ("Gate valve" -> gate_valve). */
export const classOfLabel = (label: string): string =>
  label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '') || 'symbol';

function otsu(img: GreyPixels): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of img.data) hist[v]!++;
  const total = img.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return Math.min(200, Math.max(60, threshold));
}

/** Ink mask (1 = ink) and the mask of the rules taken out of it. */
function inkWithoutRules(img: GreyPixels): { ink: Uint8Array; rules: Uint8Array; hRuleRows: number[] } {
  const { width: w, height: h, data } = img;
  const t = otsu(img);
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i]! <= t ? 1 : 0;
  const rules = new Uint8Array(w * h);
  const hRuleRows = new Set<number>();
  const minH = Math.max(8, Math.round(0.6 * w));
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      if (!ink[y * w + x]) {
        x++;
        continue;
      }
      let e = x;
      while (e < w && ink[y * w + e]) e++;
      if (e - x >= minH) {
        for (let k = x; k < e; k++) rules[y * w + k] = 1;
        hRuleRows.add(y);
      }
      x = e;
    }
  }
  const minV = Math.max(8, Math.round(0.6 * h));
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (!ink[y * w + x]) {
        y++;
        continue;
      }
      let e = y;
      while (e < h && ink[e * w + x]) e++;
      if (e - y >= minV) for (let k = y; k < e; k++) rules[k * w + x] = 1;
      y = e;
    }
  }
  for (let i = 0; i < ink.length; i++) if (rules[i]) ink[i] = 0;
  return { ink, rules, hRuleRows: [...hRuleRows].sort((a, b) => a - b) };
}

/** Runs of true values of `has(i)` for i in [from, to). */
function runs(from: number, to: number, has: (i: number) => boolean): Span[] {
  const out: Span[] = [];
  let start = -1;
  for (let i = from; i < to; i++) {
    if (has(i) && start < 0) start = i;
    if (!has(i) && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  if (start >= 0) out.push([start, to]);
  return out;
}

/** The rows of the table: bands between rules, cut again at blank runs that are not line spacing. */
function rowBands(ink: Uint8Array, w: number, h: number, ruleRows: number[]): Span[] {
  const inkRow = new Uint8Array(h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (ink[y * w + x]) {
        inkRow[y] = 1;
        break;
      }
    }
  }
  const cuts = [-1, ...ruleRows, h];
  const bands: Span[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const lines = runs(cuts[i]! + 1, cuts[i + 1]!, (y) => inkRow[y] === 1);
    let current: Span | null = null;
    let lastHeight = 0;
    for (const line of lines) {
      const height = line[1] - line[0];
      if (current && line[0] - current[1] < Math.max(2, Math.min(lastHeight, height) / 3)) current[1] = line[1];
      else {
        if (current) bands.push(current);
        current = [line[0], line[1]];
      }
      lastHeight = height;
    }
    if (current) bands.push(current);
  }
  return bands;
}

/** The ink's box inside rows [y0, y1) and columns [x0, x1), or null when there is none. */
function inkBox(ink: Uint8Array, w: number, [y0, y1]: Span, [x0, x1]: Span): [number, number, number, number] | null {
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -1;
  let by1 = -1;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (!ink[y * w + x]) continue;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
    }
  }
  return bx1 < 0 ? null : [bx0, by0, bx1 + 1, by1 + 1];
}

/** The pixels of `box` (grown by pad, clamped), with the rules painted white. */
function cut(img: GreyPixels, rules: Uint8Array, box: [number, number, number, number], pad: number): GreyPixels {
  const x0 = Math.max(0, box[0] - pad);
  const y0 = Math.max(0, box[1] - pad);
  const x1 = Math.min(img.width, box[2] + pad);
  const y1 = Math.min(img.height, box[3] + pad);
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y0 + y) * img.width + x0 + x;
      data[y * width + x] = rules[i] ? 255 : img.data[i]!;
    }
  }
  return { data, width, height };
}

const rawOf = (img: GreyPixels) => sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), { raw: { width: img.width, height: img.height, channels: 1 } });

/** The label's pixels prepared for OCR: white margin, ink scaled to about OCR_HEIGHT px. */
async function labelImage(img: GreyPixels, rules: Uint8Array, box: [number, number, number, number]): Promise<GreyPixels> {
  const piece = cut(img, rules, box, 0);
  const scale = Math.min(4, Math.max(1, OCR_HEIGHT / Math.max(1, piece.height)));
  const width = Math.max(1, Math.round(piece.width * scale));
  const height = Math.max(1, Math.round(piece.height * scale));
  const margin = 12;
  const { data, info } = await rawOf(piece)
    .resize(width, height, { kernel: 'cubic' })
    .extend({ top: margin, bottom: margin, left: margin, right: margin, background: '#ffffff' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

const textOf = (lines: TextLine[]): string =>
  lines
    .map((l) => l.text.trim())
    .filter((t) => t !== '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The legend rows of `image`, top to bottom: each entry (id L1, L2, …; class from its label;
 * bbox = the symbol's box in the image) with its symbol's crop as PNG.
 */
export async function extractLegend(image: GreyPixels, ocr: LegendOcr): Promise<Array<{ entry: ExtractedLegendEntry; crop: Buffer }>> {
  const { width: w, height: h } = image;
  if (w < 4 || h < 4) return [];
  const { ink, rules, hRuleRows } = inkWithoutRules(image);
  const out: Array<{ entry: ExtractedLegendEntry; crop: Buffer }> = [];
  for (const band of rowBands(ink, w, h, hRuleRows)) {
    const cols = new Uint8Array(w);
    for (let y = band[0]; y < band[1]; y++) for (let x = 0; x < w; x++) if (ink[y * w + x]) cols[x] = 1;
    const blobs = runs(0, w, (x) => cols[x] === 1);
    if (blobs.length < 2) continue;
    let split = 0;
    for (let i = 1; i < blobs.length - 1; i++) if (blobs[i + 1]![0] - blobs[i]![1] > blobs[split + 1]![0] - blobs[split]![1]) split = i;
    // The symbol stands apart from its label: a gap narrower than that is inside a word (a title).
    if (blobs[split + 1]![0] - blobs[split]![1] < Math.max(6, 0.4 * (band[1] - band[0]))) continue;
    const symbol = inkBox(ink, w, band, [blobs[0]![0], blobs[split]![1]]);
    const labelBox = inkBox(ink, w, band, [blobs[split + 1]![0], blobs[blobs.length - 1]![1]]);
    if (!symbol || !labelBox) continue;
    const label = textOf(await ocr.readBlock(await labelImage(image, rules, labelBox)));
    if (label === '' || !/[A-Za-z0-9]/.test(label) || HEADER.test(label)) continue;
    const crop = await rawOf(cut(image, rules, symbol, PAD)).png().toBuffer();
    out.push({ entry: { id: `L${out.length + 1}`, class: classOfLabel(label), subtype: null, label, source_crop_url: null, bbox: symbol }, crop });
  }
  return out;
}
