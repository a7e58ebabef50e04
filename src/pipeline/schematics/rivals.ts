// Two legend pictures matched at one place with close scores (a plug valve's filled square and a
// globe valve's filled disc between the same two triangles): the correlation over the whole
// picture barely tells them apart, the pixels where the two pictures differ do.
import type { BBox } from '../types.js';
import type { Mask } from './raster.js';

/** A picture as drawn at its place on the page (its box, padded like the match's). */
export interface Drawn {
  box: BBox;
  ink: Mask;
}

/** Pixels where the pictures differ, at least this many on a side, to decide on. */
const MIN_DIFFERENT = 8;
/** How much better the rival must explain those pixels to take the place. */
const MARGIN = 0.25;

/** Ink of a drawn picture at a page pixel (false outside it). */
function inkAt(d: Drawn, x: number, y: number): boolean {
  const u = x - Math.round(d.box[0]);
  const v = y - Math.round(d.box[1]);
  return u >= 0 && v >= 0 && u < d.ink.width && v < d.ink.height && d.ink.data[v * d.ink.width + u] !== 0;
}

/** Ink of a drawn picture within a pixel of a page pixel. */
function nearInk(d: Drawn, x: number, y: number): boolean {
  for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (inkAt(d, x + dx, y + dy)) return true;
  return false;
}

/**
 * How well each picture explains the page where they differ: the share of one's own ink the page
 * has (pixels a pixel or more away from the other's ink, so a placement a pixel off does not
 * count) and the share of the other's own ink where the page is paper, averaged over the sides
 * that have enough pixels. Null when neither side has.
 */
export function differenceScores(page: Mask, a: Drawn, b: Drawn): { a: number; b: number } | null {
  const x0 = Math.max(0, Math.floor(Math.min(a.box[0], b.box[0])));
  const y0 = Math.max(0, Math.floor(Math.min(a.box[1], b.box[1])));
  const x1 = Math.min(page.width, Math.ceil(Math.max(a.box[2], b.box[2])));
  const y1 = Math.min(page.height, Math.ceil(Math.max(a.box[3], b.box[3])));
  let onlyA = 0;
  let onlyAInk = 0;
  let onlyB = 0;
  let onlyBInk = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const ia = inkAt(a, x, y);
      const ib = inkAt(b, x, y);
      if (ia === ib) continue;
      const ink = page.data[y * page.width + x] !== 0;
      if (ia && !nearInk(b, x, y)) {
        onlyA++;
        if (ink) onlyAInk++;
      } else if (ib && !nearInk(a, x, y)) {
        onlyB++;
        if (ink) onlyBInk++;
      }
    }
  }
  const sides: Array<[number, number]> = [];
  if (onlyA >= MIN_DIFFERENT) sides.push([onlyAInk / onlyA, 1 - onlyAInk / onlyA]);
  if (onlyB >= MIN_DIFFERENT) sides.push([1 - onlyBInk / onlyB, onlyBInk / onlyB]);
  if (sides.length === 0) return null;
  return { a: sides.reduce((s, v) => s + v[0], 0) / sides.length, b: sides.reduce((s, v) => s + v[1], 0) / sides.length };
}

/** Whether the rival `b` explains the page where it differs from the kept `a` clearly better. */
export function rivalWins(page: Mask, a: Drawn, b: Drawn): boolean {
  const s = differenceScores(page, a, b);
  return s !== null && s.b > s.a + MARGIN;
}
