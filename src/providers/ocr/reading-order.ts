// Reading order for detected text boxes (a text detector returns them in no useful order):
// columns left to right when a gutter separates them, otherwise top to bottom, and boxes on
// one text row left to right. A recursive XY-cut that keeps full-width blocks (titles) above
// or below the columns they head.
import type { BBox } from '../../pipeline/types.js';

type Gap = [number, number];

/** Typical text row height and the narrowest gap that counts as a column gutter. */
interface Scale {
  row: number;
  gutter: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Interior horizontal gaps at least `min` wide in the x-projection of the boxes. */
function gutters(boxes: BBox[], ids: number[], min: number): Gap[] {
  const spans = ids.map((i) => [boxes[i]![0], boxes[i]![2]] as Gap).sort((a, b) => a[0] - b[0]);
  const gaps: Gap[] = [];
  let reach = spans[0]?.[1] ?? 0;
  for (const [x0, x1] of spans.slice(1)) {
    if (x0 - reach >= min) gaps.push([reach, x0]);
    reach = Math.max(reach, x1);
  }
  return gaps;
}

/** Splits at every gap in the y-projection, top to bottom. */
function bands(boxes: BBox[], ids: number[]): number[][] {
  const sorted = [...ids].sort((a, b) => boxes[a]![1] - boxes[b]![1]);
  const out: number[][] = [];
  let reach = -Infinity;
  for (const i of sorted) {
    const b = boxes[i]!;
    const last = out[out.length - 1];
    if (last && b[1] < reach) {
      last.push(i);
      reach = Math.max(reach, b[3]);
    } else {
      out.push([i]);
      reach = b[3];
    }
  }
  return out;
}

/** Boxes on one text row (vertical overlap of at least half the smaller height), left to right. */
function rows(boxes: BBox[], ids: number[]): number[] {
  const sorted = [...ids].sort((a, b) => boxes[a]![1] + boxes[a]![3] - (boxes[b]![1] + boxes[b]![3]));
  const out: { y0: number; y1: number; ids: number[] }[] = [];
  for (const i of sorted) {
    const b = boxes[i]!;
    const row = out.find((r) => Math.min(r.y1, b[3]) - Math.max(r.y0, b[1]) >= 0.5 * Math.min(r.y1 - r.y0, b[3] - b[1]));
    if (row) {
      row.ids.push(i);
      row.y0 = Math.min(row.y0, b[1]);
      row.y1 = Math.max(row.y1, b[3]);
    } else out.push({ y0: b[1], y1: b[3], ids: [i] });
  }
  return out.sort((a, b) => a.y0 - b.y0).flatMap((r) => r.ids.sort((a, b) => boxes[a]![0] - boxes[b]![0]));
}

/** At least two text rows: a column, not a word or a cell standing alone. */
function multiRow(boxes: BBox[], ids: number[], rowHeight: number): boolean {
  if (ids.length < 2) return false;
  const top = Math.min(...ids.map((i) => boxes[i]![1]));
  const bottom = Math.max(...ids.map((i) => boxes[i]![3]));
  return bottom - top >= 1.5 * rowHeight;
}

/** Gutters that leave at least two rows of text on each side (columns, not spaced-out words). */
function columnCuts(boxes: BBox[], ids: number[], scale: Scale): Gap[] {
  const cuts: Gap[] = [];
  let from = -Infinity;
  for (const gap of gutters(boxes, ids, scale.gutter)) {
    const left = ids.filter((i) => boxes[i]![0] >= from && boxes[i]![2] <= gap[0]);
    const right = ids.filter((i) => boxes[i]![0] >= gap[1]);
    if (multiRow(boxes, left, scale.row) && multiRow(boxes, right, scale.row)) {
      cuts.push(gap);
      from = gap[1];
    }
  }
  return cuts;
}

function order(boxes: BBox[], ids: number[], scale: Scale): number[] {
  if (ids.length <= 1) return ids;
  const cuts = columnCuts(boxes, ids, scale);
  if (cuts.length > 0) {
    const columns: number[][] = Array.from({ length: cuts.length + 1 }, () => []);
    for (const i of ids) columns[cuts.filter(([, end]) => boxes[i]![0] >= end).length]!.push(i);
    return columns.flatMap((c) => order(boxes, c, scale));
  }
  // No gutter runs through everything: cut into bands, then regroup consecutive bands that share
  // a gutter (the rows of a multi-column block) so that the next level splits their columns.
  const groups: { ids: number[]; gap: Gap | undefined }[] = [];
  for (const band of bands(boxes, ids)) {
    const cur = groups[groups.length - 1];
    const gap = cur?.gap;
    if (cur && gap && band.every((i) => boxes[i]![2] <= gap[0] || boxes[i]![0] >= gap[1])) cur.ids.push(...band);
    else groups.push({ ids: band, gap: gutters(boxes, band, scale.gutter).sort((a, b) => b[1] - b[0] - (a[1] - a[0]))[0] });
  }
  if (groups.length <= 1) return rows(boxes, ids);
  return groups.flatMap((g) => (g.ids.length === ids.length ? rows(boxes, g.ids) : order(boxes, g.ids, scale)));
}

/** Indices of `boxes` in reading order. */
export function readingOrder(boxes: BBox[]): number[] {
  const row = Math.max(1, median(boxes.map((b) => b[3] - b[1])));
  // A column gutter is wider than a word space; a text row's height is a fair yardstick.
  return order(
    boxes,
    boxes.map((_, i) => i),
    { row, gutter: Math.max(4, row * 1.2) },
  );
}
