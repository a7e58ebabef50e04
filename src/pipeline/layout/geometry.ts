// Box arithmetic shared by the layout steps.
import type { BBox, Segment } from '../types.js';

export const width = (b: BBox): number => b[2] - b[0];
export const height = (b: BBox): number => b[3] - b[1];
export const area = (b: BBox): number => Math.max(0, width(b)) * Math.max(0, height(b));

export function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

export function unionAll(boxes: BBox[]): BBox | undefined {
  return boxes.length ? boxes.reduce(union) : undefined;
}

export function intersection(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

export function iou(a: BBox, b: BBox): number {
  const i = intersection(a, b);
  return i > 0 ? i / (area(a) + area(b) - i) : 0;
}

/** Share of `inner`'s area that lies inside `outer` (1 when `inner` is degenerate and inside). */
export function coverage(inner: BBox, outer: BBox): number {
  const a = area(inner);
  if (a <= 0) return contains(outer, center(inner)) ? 1 : 0;
  return intersection(inner, outer) / a;
}

export const center = (b: BBox): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

export function contains(b: BBox, [x, y]: [number, number], pad = 0): boolean {
  return x >= b[0] - pad && x <= b[2] + pad && y >= b[1] - pad && y <= b[3] + pad;
}

export const grow = (b: BBox, d: number): BBox => [b[0] - d, b[1] - d, b[2] + d, b[3] + d];

/** Gap between two boxes (0 when they touch or overlap), in the max norm. */
export function gap(a: BBox, b: BBox): number {
  const dx = Math.max(0, a[0] - b[2], b[0] - a[2]);
  const dy = Math.max(0, a[1] - b[3], b[1] - a[3]);
  return Math.max(dx, dy);
}

/** Horizontal overlap of two boxes as a share of the narrower one. */
export function xOverlap(a: BBox, b: BBox): number {
  const o = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  return o > 0 ? o / Math.max(1e-9, Math.min(width(a), width(b))) : 0;
}

export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median of `values` where each counts `weights[i]` times. */
export function weightedMedian(values: number[], weights: number[]): number {
  const items = values.map((v, i) => [v, Math.max(0, weights[i] ?? 0)] as const).sort((a, b) => a[0] - b[0]);
  const total = items.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  for (const [v, w] of items) {
    acc += w;
    if (acc >= total / 2) return v;
  }
  return items[items.length - 1]?.[0] ?? 0;
}

export const segmentBox = (s: Segment): BBox => [Math.min(s.x0, s.x1), Math.min(s.y0, s.y1), Math.max(s.x0, s.x1), Math.max(s.y0, s.y1)];
export const segmentLength = (s: Segment): number => Math.hypot(s.x1 - s.x0, s.y1 - s.y0);

/** Axis of a segment: horizontal or vertical within ~2°, else diagonal. */
export function orientation(s: Segment): 'h' | 'v' | 'd' {
  const dx = Math.abs(s.x1 - s.x0);
  const dy = Math.abs(s.y1 - s.y0);
  if (dy <= dx * 0.035) return 'h';
  if (dx <= dy * 0.035) return 'v';
  return 'd';
}

/**
 * Groups of boxes linked (transitively) by `linked`, only ever asked of pairs whose boxes lie
 * within `reach` of each other horizontally (a sweep along x keeps big pages fast).
 */
export function clusterBoxes(boxes: BBox[], reach: number, linked: (i: number, j: number) => boolean): number[][] {
  const n = boxes.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const byX = boxes.map((_, i) => i).sort((a, b) => boxes[a]![0] - boxes[b]![0]);
  for (let a = 0; a < n; a++) {
    const i = byX[a]!;
    const right = boxes[i]![2] + reach;
    for (let b = a + 1; b < n; b++) {
      const j = byX[b]!;
      if (boxes[j]![0] > right) break;
      if (find(i) !== find(j) && linked(i, j)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  }
  return [...groups.values()];
}
