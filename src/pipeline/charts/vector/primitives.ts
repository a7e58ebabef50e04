// A chart's drawing sorted into what charts are made of: filled rectangles (bars, swatches,
// square markers), small closed shapes (markers), straight axis-parallel rules (axes, ticks,
// gridlines, line swatches) and polylines (line series), each with its colour as drawn.
import type { DrawnShape } from '../../pdf/shapes.js';
import type { BBox } from '../../types.js';

export type Rgb = [number, number, number];

export interface Item {
  kind: 'rect' | 'blob' | 'rule' | 'polyline';
  bbox: BBox;
  colour: string;
  rgb: Rgb;
  /** Polylines: the vertices in drawing order. */
  points: Array<[number, number]>;
  /** Blobs: filled (a hollow marker is only stroked). */
  filled: boolean;
}

/** Coordinates closer than this (pixels) are the same: PDF writers round to a few decimals. */
const SAME = 0.01;

export const hexOf = (c: Rgb): string => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
export const chromaOf = (c: Rgb): number => Math.max(...c) - Math.min(...c);

function bboxOf(points: Array<[number, number]>): BBox {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}

/** Consecutive repeats removed, and the closing point when it repeats the first. */
function distinct(points: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (!last || Math.abs(last[0] - p[0]) > SAME || Math.abs(last[1] - p[1]) > SAME) out.push(p);
  }
  const first = out[0], last = out[out.length - 1];
  if (out.length > 1 && first && last && Math.abs(first[0] - last[0]) <= SAME && Math.abs(first[1] - last[1]) <= SAME) {
    out.pop();
  }
  return out;
}

const edgesOf = (pts: Array<[number, number]>, closed: boolean): Array<[[number, number], [number, number]]> => {
  const out: Array<[[number, number], [number, number]]> = [];
  for (let i = 1; i < pts.length; i++) out.push([pts[i - 1]!, pts[i]!]);
  if (closed && pts.length > 2) out.push([pts[pts.length - 1]!, pts[0]!]);
  return out;
};

const axisParallel = (e: [[number, number], [number, number]]): boolean => Math.abs(e[0][0] - e[1][0]) <= SAME || Math.abs(e[0][1] - e[1][1]) <= SAME;

/** Four corners that are exactly the box's corners: an axis-parallel rectangle. */
function isRectangle(pts: Array<[number, number]>, b: BBox): boolean {
  if (pts.length !== 4) return false;
  return pts.every(([x, y]) => (Math.abs(x - b[0]) <= SAME || Math.abs(x - b[2]) <= SAME) && (Math.abs(y - b[1]) <= SAME || Math.abs(y - b[3]) <= SAME));
}

/**
 * The items of shapes already moved into the figure's pixels. `thin`: a filled rectangle no
 * thicker than this in grey is a drawn rule (a tick or gridline), not a bar.
 */
export function itemsOf(shapes: DrawnShape[], thin: number): Item[] {
  const items: Item[] = [];
  const push = (kind: Item['kind'], bbox: BBox, rgb: Rgb, points: Array<[number, number]> = [], filled = false): void => {
    items.push({ kind, bbox, rgb, colour: hexOf(rgb), points, filled });
  };
  for (const s of shapes) {
    for (const sub of s.paths) {
      const pts = distinct(sub.points);
      if (pts.length < 2) continue;
      const b = bboxOf(pts);
      const w = b[2] - b[0], h = b[3] - b[1];
      if (s.fill && pts.length >= 3) {
        const rgb: Rgb = [s.fill[0], s.fill[1], s.fill[2]];
        if (!sub.curved && isRectangle(pts, b)) {
          if (Math.min(w, h) <= thin && chromaOf(rgb) < 40) {
            // A thin grey filled rectangle is a rule along its long side.
            if (w >= h) push('rule', [b[0], (b[1] + b[3]) / 2, b[2], (b[1] + b[3]) / 2], rgb);
            else push('rule', [(b[0] + b[2]) / 2, b[1], (b[0] + b[2]) / 2, b[3]], rgb);
          } else push('rect', b, rgb, pts, true);
        } else push('blob', b, rgb, pts, true);
        continue;
      }
      if (!s.stroke) continue;
      const rgb: Rgb = [s.stroke[0], s.stroke[1], s.stroke[2]];
      const edges = edgesOf(pts, sub.closed);
      if (!sub.curved && edges.every(axisParallel)) {
        for (const [p, q] of edges) push('rule', [Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1])], rgb);
        // An outlined box is also a shape (a hollow square marker, a frame).
        if (sub.closed && w > SAME && h > SAME) push('blob', b, rgb, pts, false);
      } else if (sub.closed || sub.curved) push('blob', b, rgb, pts, false);
      else push('polyline', b, rgb, pts);
    }
  }
  return items;
}
