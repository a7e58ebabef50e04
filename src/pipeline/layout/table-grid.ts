// Ruled tables: drawn horizontal and vertical lines that cross one another as a grid of at least
// 2 × 2 cells, with text in a fair share of the cells (a chart's gridlines enclose no text).
import type { BBox, Segment } from '../types.js';
import { clusterBoxes, orientation, segmentBox, unionAll } from './geometry.js';
import type { Chunk } from './rows.js';

export interface Grid {
  bbox: BBox;
  /** Distinct row and column rule positions. */
  rows: number[];
  cols: number[];
  /** Share of the grid's cells holding text. */
  filled: number;
}

/** An index into a BBox. */
type Side = 0 | 1 | 2 | 3;

interface Rule {
  box: BBox;
  kind: 'h' | 'v';
}

/** Positions within `tol` of one another merged (sorted). */
function distinct(values: number[], tol: number): number[] {
  const out: number[] = [];
  for (const v of [...values].sort((a, b) => a - b)) if (!out.length || v - out[out.length - 1]! > tol) out.push(v);
  return out;
}

function touches(a: Rule, b: Rule, tol: number): boolean {
  return a.box[0] - tol <= b.box[2] && b.box[0] - tol <= a.box[2] && a.box[1] - tol <= b.box[3] && b.box[1] - tol <= a.box[3];
}

/**
 * Axis-aligned rules of `segments`: collinear pieces that touch are joined first (grids drawn
 * cell by cell), then those shorter than `minLength` dropped.
 */
export function rules(segments: Segment[], minLength: number, tol: number): Rule[] {
  const out: Rule[] = [];
  for (const kind of ['h', 'v'] as const) {
    // Along: the coordinate the rule runs along; across: its position.
    const [a0, a1, c0, c1]: [Side, Side, Side, Side] = kind === 'h' ? [0, 2, 1, 3] : [1, 3, 0, 2];
    const boxes = segments.filter((s) => orientation(s) === kind).map(segmentBox);
    boxes.sort((p, q) => (p[c0] + p[c1]) / 2 - (q[c0] + q[c1]) / 2 || p[a0] - q[a0]);
    const merged: BBox[] = [];
    for (const b of boxes) {
      const pos = (b[c0] + b[c1]) / 2;
      let hit: BBox | undefined;
      // `merged` is in order of position: look back only while positions are close.
      for (let k = merged.length - 1; k >= 0 && pos - (merged[k]![c0] + merged[k]![c1]) / 2 <= tol; k--) {
        const m = merged[k]!;
        if (Math.abs((m[c0] + m[c1]) / 2 - pos) <= tol / 2 && b[a0] <= m[a1] + tol && m[a0] <= b[a1] + tol) hit = m;
        if (hit) break;
      }
      if (hit) {
        hit[a0] = Math.min(hit[a0], b[a0]);
        hit[a1] = Math.max(hit[a1], b[a1]);
        hit[c0] = Math.min(hit[c0], b[c0]);
        hit[c1] = Math.max(hit[c1], b[c1]);
      } else merged.push([...b]);
    }
    for (const m of merged) if (m[a1] - m[a0] >= minLength) out.push({ box: m, kind });
  }
  return out;
}

/**
 * Grids among the segments. `lineHeight` (body text) sets the tolerances; `chunks` are the
 * page's text cells, used to tell tables from gridded charts and drawings.
 */
export function findGrids(segments: Segment[], chunks: Chunk[], lineHeight: number): Grid[] {
  const tol = Math.max(1.5, lineHeight * 0.25);
  const rs = rules(segments, Math.max(2, lineHeight * 0.5), tol);
  if (rs.length < 6) return [];
  const groups = clusterBoxes(rs.map((r) => r.box), tol, (i, j) => rs[i]!.kind !== rs[j]!.kind && touches(rs[i]!, rs[j]!, tol));
  const grids: Grid[] = [];
  for (const g of groups) {
    const members = g.map((i) => rs[i]!);
    const hs = members.filter((r) => r.kind === 'h');
    const vs = members.filter((r) => r.kind === 'v');
    if (hs.length < 3 || vs.length < 3) continue;
    // Lines crossing at least three lines of the other kind: a grid has three such each way.
    const crossing = (a: Rule, others: Rule[]): number => others.filter((b) => touches(a, b, tol)).length;
    const hRows = distinct(hs.filter((h) => crossing(h, vs) >= 3).map((h) => (h.box[1] + h.box[3]) / 2), tol);
    const vCols = distinct(vs.filter((v) => crossing(v, hs) >= 3).map((v) => (v.box[0] + v.box[2]) / 2), tol);
    if (hRows.length < 3 || vCols.length < 3) continue;
    let bbox = unionAll(members.map((m) => m.box))!;
    let rows = distinct(hs.map((h) => (h.box[1] + h.box[3]) / 2), tol);
    const cols = distinct(vs.map((v) => (v.box[0] + v.box[2]) / 2), tol);
    // Bands at the top and bottom that no inner vertical crosses (a boxed exhibit's title and
    // notes) are the frame's, not the table's.
    const inner = vs.filter((v) => v.box[0] > bbox[0] + tol && v.box[2] < bbox[2] - tol);
    const crossed = (i: number): boolean => inner.some((v) => v.box[1] <= (rows[i]! + rows[i + 1]!) / 2 && v.box[3] >= (rows[i]! + rows[i + 1]!) / 2);
    let first = 0;
    let last = rows.length - 2;
    while (first <= last && !crossed(first)) first++;
    while (last >= first && !crossed(last)) last--;
    if (last - first >= 1) {
      rows = rows.slice(first, last + 2);
      bbox = [bbox[0], rows[0]!, bbox[2], rows[rows.length - 1]!];
    }
    const filled = filledShare(rows, cols, chunks, bbox);
    grids.push({ bbox, rows, cols, filled });
  }
  return grids;
}

/** Share of the cells between consecutive rule positions that hold the centre of some text. */
function filledShare(rows: number[], cols: number[], chunks: Chunk[], bbox: BBox): number {
  const cells = (rows.length - 1) * (cols.length - 1);
  if (cells <= 0) return 0;
  const hit = new Set<number>();
  for (const c of chunks) {
    const x = (c.bbox[0] + c.bbox[2]) / 2;
    const y = (c.bbox[1] + c.bbox[3]) / 2;
    if (x < bbox[0] || x > bbox[2] || y < bbox[1] || y > bbox[3]) continue;
    const r = rows.findIndex((v, i) => i + 1 < rows.length && y >= v && y <= rows[i + 1]!);
    const k = cols.findIndex((v, i) => i + 1 < cols.length && x >= v && x <= cols[i + 1]!);
    if (r >= 0 && k >= 0) hit.add(r * cols.length + k);
  }
  return hit.size / cells;
}
