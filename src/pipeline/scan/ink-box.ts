// Where a page's ink is: the box around its inked pixels. A page is read by the recogniser's
// layout analysis cut to this box (and a margin): the paper around the print costs it time
// (thresholding, connected components, layout) and holds nothing to read, and the rest of a
// page whose ruled tables were cut out (read one block each) is often bare paper.
import type { GreyPixels } from '../tables/scan-background.js';
import type { BBox } from '../types.js';
import { INK } from './plain-read.js';

/**
 * The box [x0, y0, x1, y1) around the pixels darker than INK, grown by `margin` pixels on each
 * side and clamped to the image; undefined when no pixel is ink.
 */
export function inkBox(img: GreyPixels, margin: number): BBox | undefined {
  const { data, width, height } = img;
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (data[row + x]! < INK) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = width - 1; x > first; x--) {
      if (data[row + x]! < INK) {
        last = x;
        break;
      }
    }
    if (y0 > y) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  if (y1 < 0) return undefined;
  return [Math.max(0, x0 - margin), Math.max(0, y0 - margin), Math.min(width, x1 + 1 + margin), Math.min(height, y1 + 1 + margin)];
}
