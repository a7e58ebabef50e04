// A number OCR read in two pieces ("4" "5") is "4.5" or "45": the text alone cannot tell, and a
// whole axis split alike fits both scales. The picture can: a decimal point is a small dot on the
// baseline in the gap between the pieces, with no other ink there.
import type { BBox } from '../types.js';
import { dark } from './crops.js';
import type { Rgb } from './raster.js';
import { bh } from './text.js';

/** True when the gap between boxes `a` and `b` (left to right, one line) holds only a dot on their baseline. */
export function pointBetween(rgb: Uint8Array, width: number, height: number, bg: Rgb, a: BBox, b: BBox): boolean {
  const h = Math.min(bh(a), bh(b));
  // One pixel off each piece: its anti-aliased edge is not the gap's ink.
  const x0 = Math.max(0, Math.ceil(a[2]) + 1), x1 = Math.min(width, Math.floor(b[0]) - 1);
  const top = Math.max(0, Math.floor(Math.min(a[1], b[1])) - 1), base = Math.max(a[3], b[3]);
  const y1 = Math.min(height, Math.ceil(base) + 2);
  if (h < 6 || x1 <= x0) return false;
  let n = 0, minX = x1, maxX = x0, minY = y1, maxY = top;
  for (let y = top; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (!dark(rgb, y * width + x, bg)) continue;
      n++;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  // A dot: small, square-ish, in the lowest third of the digits and reaching their baseline.
  return n > 0 && maxX - minX < 0.35 * h && maxY - minY < 0.35 * h && minY >= base - 0.35 * h && maxY >= base - 0.15 * h;
}
