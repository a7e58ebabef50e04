// Solid ink among letters: a filled arrowhead (or a dot) that touches a letter is one blob with
// it, but letters are strokes, a few pixels wide everywhere, while a filled head holds squares
// far wider than the letters' strokes. The blob's solid part is what such a square covers.
import type { Mask } from './raster.js';
import type { BBox } from '../types.js';

/**
 * The letters' stroke width: over the given letter pixels, the median of the shorter of each
 * pixel's horizontal and vertical ink runs (a stem is short across, a bar short down).
 */
export function letterStroke(ink: Mask, pixels: number[]): number {
  const { width, height, data } = ink;
  const runs: number[] = [];
  const on = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height && data[y * width + x] === 1;
  const step = Math.max(1, Math.floor(pixels.length / 400));
  for (let k = 0; k < pixels.length; k += step) {
    const p = pixels[k]!;
    const x = p % width;
    const y = (p - x) / width;
    if (!on(x, y)) continue;
    let h = 1;
    for (let d = 1; on(x + d, y) && h < 64; d++) h++;
    for (let d = 1; on(x - d, y) && h < 64; d++) h++;
    let v = 1;
    for (let d = 1; on(x, y + d) && v < 64; d++) v++;
    for (let d = 1; on(x, y - d) && v < 64; d++) v++;
    runs.push(Math.min(h, v));
  }
  if (runs.length === 0) return 0;
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)]!;
}

/**
 * The pixels within `box` covered by some `side` x `side` square wholly of ink (a morphological
 * opening): solid blobs such as filled heads, without the strokes that touch them.
 */
export function solidInk(ink: Mask, box: BBox, side: number): Set<number> {
  const { width, height, data } = ink;
  const x0 = Math.max(0, box[0] - side);
  const y0 = Math.max(0, box[1] - side);
  const x1 = Math.min(width, box[2] + side);
  const y1 = Math.min(height, box[3] + side);
  const w = x1 - x0;
  const h = y1 - y0;
  const out = new Set<number>();
  if (w < side || h < side || side < 1) return out;
  // Integral image of the ink, then each square's top-left corner where it is full.
  const sum = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[(y + y0) * width + x + x0]!;
      sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1]! + row;
    }
  }
  const full = side * side;
  for (let y = 0; y + side <= h; y++) {
    for (let x = 0; x + side <= w; x++) {
      const s = sum[(y + side) * (w + 1) + x + side]! - sum[y * (w + 1) + x + side]! - sum[(y + side) * (w + 1) + x]! + sum[y * (w + 1) + x]!;
      if (s !== full) continue;
      for (let dy = 0; dy < side; dy++) for (let dx = 0; dx < side; dx++) out.add((y + y0 + dy) * width + x + x0 + dx);
    }
  }
  return out;
}
