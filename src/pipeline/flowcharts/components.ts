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
 * 0s, the usual dual pair, so a drawn closed curve separates inside from outside). Labelled run by
 * run (a row's runs join the runs of the row above they touch; union-find over runs), so long
 * runs of background or of a line cost one step each; pixel lists are built only for the
 * components `keep` accepts. Ids are in first-seen (raster) order.
 */
export function components(mask: Mask, value: 0 | 1 = 1, keep: (s: ComponentStats) => boolean = () => true): { labels: Int32Array; list: Component[] } {
  const { width, height, data } = mask;
  const n = width * height;
  // Runs in raster order: row, start, end (exclusive), parent for union-find.
  let cap = 1024;
  let runY = new Int32Array(cap);
  let runA = new Int32Array(cap);
  let runB = new Int32Array(cap);
  let parent = new Int32Array(cap);
  let count = 0;
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
  const union = (a: number, b: number): void => {
    const ra = find(a);
    const rb = find(b);
    if (ra < rb) parent[rb] = ra;
    else if (rb < ra) parent[ra] = rb;
  };
  // 8-connected runs touch diagonally too: a run above reaching one pixel past either end.
  const slack = value === 1 ? 1 : 0;
  let prevStart = 0;
  let prevEnd = 0;
  for (let y = 0; y < height; y++) {
    const row = data.subarray(y * width, (y + 1) * width);
    const rowStart = count;
    let k = prevStart;
    for (let a = row.indexOf(value); a >= 0; ) {
      let b = row.indexOf(1 - value, a);
      if (b < 0) b = width;
      if (count === cap) {
        cap *= 2;
        const grow = (arr: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
          const g = new Int32Array(cap);
          g.set(arr);
          return g;
        };
        runY = grow(runY);
        runA = grow(runA);
        runB = grow(runB);
        parent = grow(parent);
      }
      const id = count++;
      runY[id] = y;
      runA[id] = a;
      runB[id] = b;
      parent[id] = id;
      // Runs above that end before this one can touch it are behind for later runs too.
      while (k < prevEnd && runB[k]! + slack <= a) k++;
      for (let j = k; j < prevEnd && runA[j]! < b + slack; j++) union(id, j);
      a = b < width ? row.indexOf(value, b) : -1;
    }
    prevStart = rowStart;
    prevEnd = count;
  }
  // Final ids in first-seen order, with sizes and boxes kept in typed arrays.
  const idOf = new Int32Array(count);
  const rootId = new Int32Array(count).fill(-1);
  let ids = 0;
  for (let r = 0; r < count; r++) {
    const root = find(r);
    let id = rootId[root]!;
    if (id < 0) id = rootId[root] = ids++;
    idOf[r] = id;
  }
  const labels = new Int32Array(n).fill(-1);
  const size = new Int32Array(ids);
  const x0 = new Int32Array(ids).fill(width);
  const y0 = new Int32Array(ids).fill(height);
  const x1 = new Int32Array(ids);
  const y1 = new Int32Array(ids);
  for (let r = 0; r < count; r++) {
    const id = idOf[r]!;
    const y = runY[r]!;
    const a = runA[r]!;
    const b = runB[r]!;
    labels.fill(id, y * width + a, y * width + b);
    size[id]! += b - a;
    if (a < x0[id]!) x0[id] = a;
    if (b > x1[id]!) x1[id] = b;
    if (y < y0[id]!) y0[id] = y;
    y1[id] = y + 1;
  }
  const kept = new Uint8Array(ids);
  const stats: ComponentStats[] = [];
  for (let id = 0; id < ids; id++) {
    const bbox: BBox = [x0[id]!, y0[id]!, x1[id]!, y1[id]!];
    const st = { id, bbox, size: size[id]!, touchesBorder: bbox[0] === 0 || bbox[1] === 0 || bbox[2] === width || bbox[3] === height };
    stats.push(st);
    kept[id] = keep(st) ? 1 : 0;
  }
  // Lists sized up front and filled by index (growing them push by push costs more than the labelling).
  const lists: number[][] = stats.map((st) => (kept[st.id] ? new Array<number>(st.size) : []));
  const filled = new Int32Array(ids);
  for (let r = 0; r < count; r++) {
    const id = idOf[r]!;
    if (!kept[id]) continue;
    const list = lists[id]!;
    let k = filled[id]!;
    const row = runY[r]! * width;
    for (let p = row + runA[r]!, end = row + runB[r]!; p < end; p++) list[k++] = p;
    filled[id] = k;
  }
  const list: Component[] = [];
  for (let id = 0; id < ids; id++) {
    if (kept[id]) list.push({ id, pixels: lists[id]!, bbox: stats[id]!.bbox, touchesBorder: stats[id]!.touchesBorder });
  }
  return { labels, list };
}

/**
 * Square (2r+1) erosion (`all`) or dilation (not `all`) clipped at the edges. The square is a row
 * window times a column window, so it runs as a pass along the rows and one down the columns.
 * Dilation spreads the set pixels; a clipped erosion is the complement of a dilation of the unset
 * pixels. Both passes visit only runs of the spreading value (found with the native indexOf), so
 * sparse masks (lines, node outlines) cost little.
 */
function squareFilter(mask: Mask, r: number, all: boolean): Mask {
  const { width, height, data } = mask;
  const v = all ? 0 : 1;
  const n = data.length;
  // Rows: every pixel within r of a run of `v` along its row takes `v`.
  const rows = new Uint8Array(n);
  if (all) rows.fill(1);
  for (let a = data.indexOf(v); a >= 0 && a < n; ) {
    let b = data.indexOf(1 - v, a);
    if (b < 0) b = n;
    // A flat run may span rows: spread each row's part within its row.
    for (let s = a; s < b; ) {
      const row = s - (s % width);
      const e = Math.min(b, row + width);
      rows.fill(v, Math.max(row, s - r), Math.min(row + width, e + r));
      s = e;
    }
    a = b < n ? data.indexOf(v, b) : -1;
  }
  // Columns: a pixel takes `v` when some row within r above or below has `v` there (a count of
  // such rows per column, slid down the image).
  const out = new Uint8Array(n);
  const count = new Int32Array(width);
  const add = (y: number, d: 1 | -1): void => {
    const row = rows.subarray(y * width, (y + 1) * width);
    for (let a = row.indexOf(v); a >= 0; ) {
      let b = row.indexOf(1 - v, a);
      if (b < 0) b = width;
      for (let x = a; x < b; x++) count[x]! += d;
      a = b < width ? row.indexOf(v, b) : -1;
    }
  };
  for (let y = 0; y < Math.min(height, r); y++) add(y, 1);
  for (let y = 0; y < height; y++) {
    if (y + r < height) add(y + r, 1);
    if (y - r - 1 >= 0) add(y - r - 1, -1);
    const row = y * width;
    if (all) for (let x = 0; x < width; x++) out[row + x] = count[x] === 0 ? 1 : 0;
    else for (let x = 0; x < width; x++) out[row + x] = count[x]! > 0 ? 1 : 0;
  }
  return { width, height, data: out };
}

/** Erosion by a (2r+1)-square: set where the whole (clipped) square is set. */
export const erode = (mask: Mask, r: number): Mask => squareFilter(mask, r, true);

/** Dilation by a (2r+1)-square. */
export const dilate = (mask: Mask, r: number): Mask => squareFilter(mask, r, false);

/** Opening: removes everything thinner than 2r+1 (lines, text strokes), keeps solid regions. */
export const open = (mask: Mask, r: number): Mask => dilate(erode(mask, r), r);

export interface FilledRegion {
  mask: Uint8Array;
  w: number;
  h: number;
  area: number;
}

/**
 * The component's pixels plus everything it encloses, as a mask over its bounding box
 * (flood fill of the box's outside through non-component pixels).
 */
export function filledRegion(comp: Component, width: number): FilledRegion {
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
  return enclosed(inside, w, h);
}

/** The same for a component known by its label (no pixel list): `labels` from `components`. */
export function filledLabel(labels: Int32Array, id: number, bbox: BBox, width: number): FilledRegion {
  const [x0, y0, x1, y1] = bbox;
  const w = x1 - x0 + 2;
  const h = y1 - y0 + 2;
  const inside = new Uint8Array(w * h);
  for (let y = y0; y < y1; y++) {
    for (let x = x0, p = y * width + x0; x < x1; x++, p++) if (labels[p] === id) inside[(y - y0 + 1) * w + (x - x0 + 1)] = 1;
  }
  return enclosed(inside, w, h);
}

/** `inside` (with a one-pixel margin) plus what it encloses, margin dropped. */
function enclosed(inside: Uint8Array, w: number, h: number): FilledRegion {
  const outside = new Uint8Array(w * h);
  // Each pixel is pushed at most once (marked when pushed).
  const stack = new Int32Array(w * h);
  let top = 0;
  stack[top++] = 0;
  outside[0] = 1;
  const visit = (q: number): void => {
    if (!outside[q] && !inside[q]) {
      outside[q] = 1;
      stack[top++] = q;
    }
  };
  while (top > 0) {
    const p = stack[--top]!;
    const x = p % w;
    if (x > 0) visit(p - 1);
    if (x < w - 1) visit(p + 1);
    if (p >= w) visit(p - w);
    if (p < w * (h - 1)) visit(p + w);
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

/** Convex hull of a mask's set pixels (pixel squares' corners), counter-clockwise in image axes. */
export function convexHull(mask: Uint8Array, w: number, h: number): [number, number][] {
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
  if (pts.length < 3) return [];
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
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Area of the convex hull of a mask's set pixels (pixel squares' corners). */
export function hullArea(mask: Uint8Array, w: number, h: number): number {
  const hull = convexHull(mask, w, h);
  let a = 0;
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i]!;
    const q = hull[(i + 1) % hull.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(a) / 2;
}

/** The box (end exclusive) of pixels given as indices into a picture `width` wide. */
export function boxOfPixels(pixels: number[], width: number): BBox | undefined {
  if (pixels.length === 0) return undefined;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + 1);
    y1 = Math.max(y1, y + 1);
  }
  return [x0, y0, x1, y1];
}
