// A scan is read at a reduced size: a chart printed and scanned at 200 dpi carries four or more
// pixels per stroke where a rendered chart has two, and every pixel pass (colour clustering,
// rules, ticks, settling) and the OCR read cost in proportion to the pixels. The working size is
// chosen from the strokes' width, not the picture's, so a small scan keeps the pixels its text needs.
import type { BBox, Word } from '../types.js';

/** A rendered chart's typical stroke (text and lines at 72-144 dpi): 1-3 pixels, median 2. */
const RENDERED_STROKE = 2;
/** Never read at less than half the scan's size (text strokes keep two pixels or more). */
const MAX_FACTOR = 2;
/** Below this the saving is small and every threshold tuned on full-size scans would move for it. */
const MIN_FACTOR = 1.25;
/** The working picture keeps at least this many pixels (a 72-dpi rendered chart has ~150 000). */
const MIN_PIXELS = 250_000;
const LONGEST_RUN = 30;

/**
 * Median length of the ink's runs, across rows and down columns (runs longer than
 * LONGEST_RUN are filled areas or rules, not strokes, and are left out); 0 without ink.
 */
export function strokeWidth(ink: Uint8Array, width: number, height: number): number {
  const hist = new Uint32Array(LONGEST_RUN + 1);
  const count = (n: number): void => {
    if (n > 0 && n <= LONGEST_RUN) hist[n]!++;
  };
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let i = y * width, end = i + width; i < end; i++)
      if (ink[i]) n++;
      else {
        count(n);
        n = 0;
      }
    count(n);
  }
  const runs = new Int32Array(width);
  for (let y = 0; y < height; y++)
    for (let x = 0, i = y * width; x < width; x++, i++)
      if (ink[i]) runs[x]!++;
      else {
        count(runs[x]!);
        runs[x] = 0;
      }
  for (let x = 0; x < width; x++) count(runs[x]!);
  let total = 0;
  for (let n = 1; n <= LONGEST_RUN; n++) total += hist[n]!;
  if (total === 0) return 0;
  let seen = 0;
  for (let n = 1; n <= LONGEST_RUN; n++) if ((seen += hist[n]!) * 2 >= total) return n;
  return 0;
}

/** Original pixels per working pixel for a scan whose strokes are `stroke` wide; 1: full size. */
export function workingFactor(stroke: number, width: number, height: number): number {
  const f = Math.min(stroke / RENDERED_STROKE, MAX_FACTOR, Math.sqrt((width * height) / MIN_PIXELS));
  return f >= MIN_FACTOR ? f : 1;
}

/** A box of the working picture in the full picture's pixels (`sx`, `sy`: full per working pixel), kept inside it. */
export function toFullSize(b: BBox, sx: number, sy: number, width: number, height: number): BBox {
  return [Math.max(0, Math.round(b[0] * sx)), Math.max(0, Math.round(b[1] * sy)), Math.min(width, Math.round(b[2] * sx)), Math.min(height, Math.round(b[3] * sy))];
}

/** A working-size mask at full size (`width` × `height` working pixels to `fullW` × `fullH`), nearest pixel. */
export function enlargeMask(mask: Uint8Array, width: number, height: number, fullW: number, fullH: number): Uint8Array {
  const out = new Uint8Array(fullW * fullH);
  const xs = new Int32Array(fullW);
  for (let x = 0; x < fullW; x++) xs[x] = Math.min(width - 1, Math.floor((x * width) / fullW));
  for (let y = 0; y < fullH; y++) {
    const row = Math.min(height - 1, Math.floor((y * height) / fullH)) * width;
    for (let x = 0, o = y * fullW; x < fullW; x++, o++) out[o] = mask[row + xs[x]!]!;
  }
  return out;
}

/** Words read on the full picture, in working pixels (`sx`, `sy`: full per working pixel). */
export function toWorkingSize(words: Word[], sx: number, sy: number): Word[] {
  return words.map((w) => ({ ...w, bbox: [w.bbox[0] / sx, w.bbox[1] / sy, w.bbox[2] / sx, w.bbox[3] / sy] }));
}
