// White text on dark bands (table header rows, title bars, coloured headings in scanned reports):
// the recogniser is told not to look for inverted text (tesseract's retry of every doubtful line
// inverted costs time on every page), so the bands are found and turned dark-on-light first.
// Found on 8 px block means (one pass over the pixels), their edges then placed to the pixel.
import type { BBox } from '../types.js';
import type { GreyPixels } from '../tables/scan-background.js';

const BLOCK = 8;
/** A block this dark on average is fill (white letters cover well under half of a band). */
const DARK = 100;
/** Smallest band: 2 blocks tall (a line of small print with its margins), 6 blocks wide. */
const MIN_ROWS = 2;
const MIN_COLS = 6;

/** Dark rectangles (connected dark blocks' boxes, edges placed to the pixel), in image pixels. */
export function darkBands(img: GreyPixels): BBox[] {
  const { data, width, height } = img;
  const cols = Math.floor(width / BLOCK);
  const rows = Math.floor(height / BLOCK);
  if (!cols || !rows) return [];
  const sums = new Uint32Array(cols * rows);
  for (let y = 0; y < rows * BLOCK; y++) {
    const row = y * width;
    const brow = Math.floor(y / BLOCK) * cols;
    for (let c = 0; c < cols; c++) {
      let s = 0;
      for (let i = row + c * BLOCK, e = i + BLOCK; i < e; i++) s += data[i]!;
      sums[brow + c]! += s;
    }
  }
  const dark = new Uint8Array(cols * rows);
  for (let i = 0; i < dark.length; i++) dark[i] = sums[i]! < DARK * BLOCK * BLOCK ? 1 : 0;
  const seen = new Uint8Array(dark.length);
  const out: BBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let [c0, r0, c1, r1] = [cols, rows, 0, 0];
    let n = 0;
    while (stack.length) {
      const i = stack.pop()!;
      n++;
      const c = i % cols;
      const r = (i - c) / cols;
      c0 = Math.min(c0, c);
      c1 = Math.max(c1, c);
      r0 = Math.min(r0, r);
      r1 = Math.max(r1, r);
      for (const j of [c > 0 ? i - 1 : -1, c < cols - 1 ? i + 1 : -1, r > 0 ? i - cols : -1, r < rows - 1 ? i + cols : -1]) {
        if (j >= 0 && dark[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    // A band is a filled rectangle: most of its box dark (a rule or a thick stroke is too thin to pass).
    if (r1 - r0 + 1 < MIN_ROWS || c1 - c0 + 1 < MIN_COLS || n < 0.6 * (r1 - r0 + 1) * (c1 - c0 + 1)) continue;
    out.push(refine(img, [c0 * BLOCK, r0 * BLOCK, (c1 + 1) * BLOCK, (r1 + 1) * BLOCK]));
  }
  return out;
}

/** Mean of a row's (or column's) pixels within a span. */
function lineMean(img: GreyPixels, at: number, from: number, to: number, horizontal: boolean): number {
  let s = 0;
  for (let k = from; k < to; k++) s += img.data[horizontal ? at * img.width + k : k * img.width + at]!;
  return s / Math.max(1, to - from);
}

/** The block box grown or shrunk to where the fill really ends (rows and columns darker than mid-grey on average). */
function refine(img: GreyPixels, box: BBox): BBox {
  let [x0, y0, x1, y1] = box;
  const darkRow = (y: number): boolean => y >= 0 && y < img.height && lineMean(img, y, x0, x1, true) < 128;
  const darkCol = (x: number): boolean => x >= 0 && x < img.width && lineMean(img, x, y0, y1, false) < 128;
  // Edge blocks count as dark when mostly covered: first in to the first dark line, then out as far as the fill goes.
  while (y1 - y0 > 2 && !darkRow(y0) && y0 - box[1] < BLOCK) y0++;
  while (y1 - y0 > 2 && !darkRow(y1 - 1) && box[3] - y1 < BLOCK) y1--;
  while (x1 - x0 > 2 && !darkCol(x0) && x0 - box[0] < BLOCK) x0++;
  while (x1 - x0 > 2 && !darkCol(x1 - 1) && box[2] - x1 < BLOCK) x1--;
  while (y0 > 0 && darkRow(y0 - 1) && box[1] - y0 < BLOCK) y0--;
  while (y1 < img.height && darkRow(y1) && y1 - box[3] < BLOCK) y1++;
  while (x0 > 0 && darkCol(x0 - 1) && box[0] - x0 < BLOCK) x0--;
  while (x1 < img.width && darkCol(x1) && x1 - box[2] < BLOCK) x1++;
  return [x0, y0, x1, y1];
}

/** Turns every dark band of `img` (in place) into its negative: white letters become dark on light. */
export function invertDarkBands(img: GreyPixels): BBox[] {
  const bands = darkBands(img);
  invertBands(img, bands);
  return bands;
}

/** Turns the boxes of `img` (in place) into their negative. */
export function invertBands(img: GreyPixels, bands: BBox[]): void {
  for (const [x0, y0, x1, y1] of bands) {
    for (let y = y0; y < y1; y++) {
      const row = y * img.width;
      for (let x = x0; x < x1; x++) img.data[row + x] = 255 - img.data[row + x]!;
    }
  }
}
