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

export interface ComponentStats {
  id: number;
  bbox: BBox;
  size: number;
  touchesBorder: boolean;
}

/**
 * Components of the pixels whose mask value equals `value` (8-neighbour for 1s, 4-neighbour for
 * 0s, the usual dual pair, so a drawn closed curve separates inside from outside). Two-pass
 * labelling with union-find; pixel lists are built only for the components `keep` accepts.
 */
export function components(mask: Mask, value: 0 | 1 = 1, keep: (s: ComponentStats) => boolean = () => true): { labels: Int32Array; list: Component[] } {
  const { width, height, data } = mask;
  const n = width * height;
  const labels = new Int32Array(n).fill(-1);
  let parent = new Int32Array(1024);
  let next = 0;
  const find = (x: number): number => {
    let r = x;
    while (parent[r] !== r) r = parent[r]!;
    while (parent[x] !== r) {
      const up = parent[x]!;
      parent[x] = r;
      x = up;
    }
    return r;
  };
  const eight = value === 1;
  // Previous-row neighbours to look at: up (and the two diagonals when 8-connected).
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      if (data[p] !== value) continue;
      let l = x > 0 ? labels[p - 1]! : -1;
      if (y > 0) {
        const up = labels[p - width]!;
        if (up >= 0) l = l < 0 ? up : merge(l, up);
        if (eight) {
          if (x > 0) {
            const ul = labels[p - width - 1]!;
            if (ul >= 0) l = l < 0 ? ul : merge(l, ul);
          }
          if (x < width - 1) {
            const ur = labels[p - width + 1]!;
            if (ur >= 0) l = l < 0 ? ur : merge(l, ur);
          }
        }
      }
      if (l < 0) {
        if (next === parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        parent[next] = next;
        l = next++;
      }
      labels[p] = l;
    }
  }
  function merge(a: number, b: number): number {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    if (ra < rb) {
      parent[rb] = ra;
      return ra;
    }
    parent[ra] = rb;
    return rb;
  }
  // Final ids in first-seen order, with sizes and boxes kept in typed arrays.
  for (let k = 0; k < next; k++) parent[k] = find(k);
  const finalOf = new Int32Array(next).fill(-1);
  let count = 0;
  for (let p = 0; p < n; p++) {
    const l = labels[p]!;
    if (l < 0) continue;
    const r = parent[l]!;
    let id = finalOf[r]!;
    if (id < 0) id = finalOf[r] = count++;
    labels[p] = id;
  }
  const size = new Int32Array(count);
  const x0 = new Int32Array(count).fill(width);
  const y0 = new Int32Array(count).fill(height);
  const x1 = new Int32Array(count);
  const y1 = new Int32Array(count);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const id = labels[p]!;
      if (id < 0) continue;
      size[id]!++;
      if (x < x0[id]!) x0[id] = x;
      if (x >= x1[id]!) x1[id] = x + 1;
      if (y < y0[id]!) y0[id] = y;
      y1[id] = y + 1;
    }
  }
  const kept = new Uint8Array(count);
  const stats: ComponentStats[] = [];
  for (let id = 0; id < count; id++) {
    const bbox: BBox = [x0[id]!, y0[id]!, x1[id]!, y1[id]!];
    const st = { id, bbox, size: size[id]!, touchesBorder: bbox[0] === 0 || bbox[1] === 0 || bbox[2] === width || bbox[3] === height };
    stats.push(st);
    kept[id] = keep(st) ? 1 : 0;
  }
  const lists: number[][] = stats.map(() => []);
  for (let p = 0; p < n; p++) {
    const id = labels[p]!;
    if (id >= 0 && kept[id]) lists[id]!.push(p);
  }
  const list: Component[] = [];
  for (let id = 0; id < count; id++) {
    if (kept[id]) list.push({ id, pixels: lists[id]!, bbox: stats[id]!.bbox, touchesBorder: stats[id]!.touchesBorder });
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

/** Square (2r+1) erosion (`all`) or dilation (not `all`) on a summed-area table, clipped at the edges. */
function squareFilter(mask: Mask, r: number, all: boolean): Mask {
  const { width, height } = mask;
  const s = integral(mask);
  const w1 = width + 1;
  const out = new Uint8Array(mask.data.length);
  for (let y = 0; y < height; y++) {
    const ya = Math.max(0, y - r) * w1;
    const yb = Math.min(height, y + r + 1) * w1;
    const rows = Math.min(height, y + r + 1) - Math.max(0, y - r);
    for (let x = 0; x < width; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(width, x + r + 1);
      const sum = s[yb + xb]! - s[ya + xb]! - s[yb + xa]! + s[ya + xa]!;
      out[y * width + x] = all ? (sum === rows * (xb - xa) ? 1 : 0) : sum > 0 ? 1 : 0;
    }
  }
  return { width, height, data: out };
}

/** Erosion by a (2r+1)-square: set where the whole (clipped) square is set. */
export const erode = (mask: Mask, r: number): Mask => squareFilter(mask, r, true);

/** Dilation by a (2r+1)-square. */
export const dilate = (mask: Mask, r: number): Mask => squareFilter(mask, r, false);

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
