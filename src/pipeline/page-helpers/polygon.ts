// Plane geometry for polygon regions: simplicity (no self-intersection), bounding rectangle,
// point-in-polygon, and the reading order of boxes. Pure.
import type { BBox } from '../types.js';

export type Point = [number, number];

const cross = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

const onSegment = (p: Point, a: Point, b: Point): boolean =>
  Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1]);

/** Whether segments ab and cd share a point (touching counts). */
export function segmentsIntersect(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(a, c, d)) || (d2 === 0 && onSegment(b, c, d)) || (d3 === 0 && onSegment(c, a, b)) || (d4 === 0 && onSegment(d, a, b))
  );
}

/** Twice the signed area (shoelace). */
export function doubleArea(poly: Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s;
}

/**
 * Why the polygon is not a simple polygon of positive area, or undefined when it is. Edges that
 * are not neighbours must not meet; neighbours meet only at their shared vertex.
 */
export function polygonProblem(poly: Point[]): string | undefined {
  const n = poly.length;
  if (n < 3) return 'A polygon needs at least 3 points';
  for (let i = 0; i < n; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % n]!;
    if (a[0] === b[0] && a[1] === b[1]) return `Points ${i} and ${(i + 1) % n} are the same point`;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      const [a, b, c, d] = [poly[i]!, poly[(i + 1) % n]!, poly[j]!, poly[(j + 1) % n]!];
      if (adjacent) {
        // Neighbours share one vertex; they overlap only when they fold back on each other.
        const shared = j === i + 1 ? b : a;
        const far1 = j === i + 1 ? a : b;
        const far2 = j === i + 1 ? d : c;
        if (cross(shared, far1, far2) === 0 && (far1[0] - shared[0]) * (far2[0] - shared[0]) + (far1[1] - shared[1]) * (far2[1] - shared[1]) > 0) {
          return `Edges ${i} and ${j} overlap`;
        }
        continue;
      }
      if (segmentsIntersect(a, b, c, d)) return `The polygon intersects itself (edges ${i} and ${j})`;
    }
  }
  if (doubleArea(poly) === 0) return 'The polygon has no area';
  return undefined;
}

export function boundsOf(poly: Point[]): BBox {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Even-odd ray casting; points on the boundary count as inside. */
export function containsPoint(poly: Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (cross(a, b, p) === 0 && onSegment(p, a, b)) return true;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
  }
  return inside;
}

export const centroidOf = (b: BBox): Point => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/**
 * Boxes sorted top-to-bottom, then left-to-right: boxes whose vertical extents overlap by at
 * least half the smaller height form one row, rows go by their top, boxes in a row by their left.
 */
export function rowOrder(boxes: BBox[]): number[] {
  const ids = boxes.map((_, i) => i).sort((a, b) => boxes[a]![1] + boxes[a]![3] - (boxes[b]![1] + boxes[b]![3]));
  const rows: Array<{ y0: number; y1: number; ids: number[] }> = [];
  for (const i of ids) {
    const b = boxes[i]!;
    const row = rows.find((r) => Math.min(r.y1, b[3]) - Math.max(r.y0, b[1]) >= 0.5 * Math.min(r.y1 - r.y0, b[3] - b[1]));
    if (row) {
      row.ids.push(i);
      row.y0 = Math.min(row.y0, b[1]);
      row.y1 = Math.max(row.y1, b[3]);
    } else rows.push({ y0: b[1], y1: b[3], ids: [i] });
  }
  return rows.sort((a, b) => a.y0 - b.y0).flatMap((r) => r.ids.sort((a, b) => boxes[a]![0] - boxes[b]![0]));
}
