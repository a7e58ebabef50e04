// Binary-image basics for figure extraction: connected components, hole filling, square
// morphology (box filters on summed-area tables) and convex hull area.
import type { BBox } from '../types.js';
import type { Mask } from './raster.js';

export interface Component {
  id: number;
  /** Pixel indices (y * width + x). */
  pixels: number[];
  /** Inclusive-exclusive box [x0, y0, x1, y1]. */
  bbox: BBox;
  touchesBorder: boolean;
}

/**
 * Components of the pixels whose mask value equals `value` (8-neighbour for 1s, 4-neighbour for
 * 0s, the usual dual pair, so a drawn closed curve separates inside from outside).
 */
export function components(mask: Mask, value: 0 | 1 = 1): { labels: Int32Array; list: Component[] } {
  const { width, height, data } = mask;
  const labels = new Int32Array(width * height).fill(-1);
  const list: Component[] = [];
  const stack: number[] = [];
  const eight = value === 1;
  for (let start = 0; start < data.length; start++) {
    if (labels[start] !== -1 || data[start] !== value) continue;
    const id = list.length;
    const pixels: number[] = [];
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    let touches = false;
    labels[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touches = true;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          if (!eight && dx !== 0 && dy !== 0) continue;
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = yy * width + xx;
          if (labels[q] === -1 && data[q] === value) {
            labels[q] = id;
            stack.push(q);
          }
        }
      }
    }
    list.push({ id, pixels, bbox: [x0, y0, x1 + 1, y1 + 1], touchesBorder: touches });
  }
  return { labels, list };
}

/** Summed-area table of a mask, (width+1) x (height+1). */
function integral(mask: Mask): Int32Array {
  const { width, height, data } = mask;
  const w1 = width + 1;
  const s = new Int32Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      s[(y + 1) * w1 + x + 1] = s[y * w1 + x + 1]! + row;
    }
  }
  return s;
}

/** Count of set pixels in the square of half-size r around (x, y), clipped to the image. */
function boxSum(s: Int32Array, width: number, height: number, x: number, y: number, r: number): { sum: number; area: number } {
  const xa = Math.max(0, x - r);
  const ya = Math.max(0, y - r);
  const xb = Math.min(width, x + r + 1);
  const yb = Math.min(height, y + r + 1);
  const w1 = width + 1;
  return { sum: s[yb * w1 + xb]! - s[ya * w1 + xb]! - s[yb * w1 + xa]! + s[ya * w1 + xa]!, area: (xb - xa) * (yb - ya) };
}

/** Erosion by a (2r+1)-square: set where the whole (clipped) square is set. */
export function erode(mask: Mask, r: number): Mask {
  const s = integral(mask);
  const out = new Uint8Array(mask.data.length);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      const { sum, area } = boxSum(s, mask.width, mask.height, x, y, r);
      out[y * mask.width + x] = sum === area ? 1 : 0;
    }
  }
  return { width: mask.width, height: mask.height, data: out };
}

/** Dilation by a (2r+1)-square. */
export function dilate(mask: Mask, r: number): Mask {
  const s = integral(mask);
  const out = new Uint8Array(mask.data.length);
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) out[y * mask.width + x] = boxSum(s, mask.width, mask.height, x, y, r).sum > 0 ? 1 : 0;
  }
  return { width: mask.width, height: mask.height, data: out };
}

/** Opening: removes everything thinner than 2r+1 (lines, text strokes), keeps solid regions. */
export const open = (mask: Mask, r: number): Mask => dilate(erode(mask, r), r);

/**
 * The component's pixels plus everything it encloses, as a mask over its bounding box
 * (flood fill of the box's outside through non-component pixels).
 */
export function filledRegion(comp: Component, width: number): { mask: Uint8Array; w: number; h: number; area: number } {
  const [x0, y0, x1, y1] = comp.bbox;
  const w = x1 - x0 + 2;
  const h = y1 - y0 + 2;
  // One pixel of margin so the outside is connected around the box.
  const inside = new Uint8Array(w * h);
  for (const p of comp.pixels) {
    const x = p % width;
    const y = (p - x) / width;
    inside[(y - y0 + 1) * w + (x - x0 + 1)] = 1;
  }
  const outside = new Uint8Array(w * h);
  const stack = [0];
  outside[0] = 1;
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % w;
    const y = (p - x) / w;
    const nb = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
    for (const q of nb) {
      if (q >= 0 && !outside[q] && !inside[q]) {
        outside[q] = 1;
        stack.push(q);
      }
    }
  }
  const mask = new Uint8Array((w - 2) * (h - 2));
  let area = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      if (!outside[y * w + x]) {
        mask[(y - 1) * (w - 2) + (x - 1)] = 1;
        area++;
      }
    }
  }
  return { mask, w: w - 2, h: h - 2, area };
}

/** Area of the convex hull of a mask's set pixels (pixel squares' corners). */
export function hullArea(mask: Uint8Array, w: number, h: number): number {
  const pts: [number, number][] = [];
  for (let y = 0; y < h; y++) {
    let lo = -1;
    let hi = -1;
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) {
        if (lo < 0) lo = x;
        hi = x;
      }
    }
    if (lo >= 0) pts.push([lo, y], [hi + 1, y], [lo, y + 1], [hi + 1, y + 1]);
  }
  if (pts.length < 3) return 0;
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: [number, number][] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  let a = 0;
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i]!;
    const q = hull[(i + 1) % hull.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(a) / 2;
}
