// A guess at what a figure shows, from the drawn segments and text labels inside it.
import type { BBox, Segment, TextLine } from '../types.js';
import { center, contains, height, median, orientation, segmentBox, segmentLength, width } from './geometry.js';
import { findGrids } from './table-grid.js';
import { buildRows, type Chunk } from './rows.js';
import type { FigureType } from './types.js';

export interface FigureGuess {
  type: FigureType;
  confidence: number;
}

const NUMBER = /^[-+]?[$€£]?\d[\d.,]*\s*%?$/;

/** Closed axis-aligned boxes among the segments: two horizontal edges joined by two vertical ones. */
function boxes(hs: BBox[], vs: BBox[], tol: number): BBox[] {
  const out: BBox[] = [];
  if (hs.length * hs.length * vs.length > 5e7) return out; // a dense drawing: no time for pairs
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= tol;
  for (const top of hs) {
    for (const bottom of hs) {
      if (bottom[1] <= top[1] + 2 * tol || !near(top[0], bottom[0]) || !near(top[2], bottom[2])) continue;
      const side = (x: number): boolean => vs.some((v) => near(v[0], x) && near(v[1], top[1]) && near(v[3], bottom[3]));
      if (side(top[0]) && side(top[2])) {
        out.push([top[0], top[1], top[2], bottom[3]]);
        break;
      }
    }
  }
  return out;
}

/** Whether a long horizontal and a long vertical segment meet at the lower left (chart axes). */
function hasAxes(hs: BBox[], vs: BBox[], fig: BBox): boolean {
  const tol = Math.max(width(fig), height(fig)) * 0.04;
  return hs.some((h) => width(h) >= 0.4 * width(fig) && vs.some((v) => height(v) >= 0.4 * height(fig) && Math.abs(v[0] - h[0]) <= tol && Math.abs(v[3] - h[1]) <= tol));
}

/** Segments leaving a central label in at least three directions, mostly slanted (a mind map's branches). */
function radial(segs: Segment[], labels: TextLine[], fig: BBox): boolean {
  const mid = center(fig);
  const hub = [...labels].sort((a, b) => Math.hypot(...sub(center(a.bbox), mid)) - Math.hypot(...sub(center(b.bbox), mid)))[0];
  if (!hub) return false;
  const pad = height(hub.bbox) * 1.5;
  const quadrants = new Set<number>();
  let spokes = 0;
  let slanted = 0;
  for (const s of segs) {
    const ends: Array<[number, number]> = [[s.x0, s.y0], [s.x1, s.y1]];
    const inner = ends.findIndex((p) => contains(hub.bbox, p, pad));
    if (inner < 0) continue;
    const outer = ends[1 - inner]!;
    const [dx, dy] = sub(outer, center(hub.bbox));
    if (Math.hypot(dx, dy) < pad) continue;
    spokes++;
    if (orientation(s) === 'd') slanted++;
    quadrants.add((dx >= 0 ? 0 : 1) + (dy >= 0 ? 0 : 2));
  }
  return spokes >= 4 && quadrants.size >= 3 && slanted >= spokes / 2;
}

const sub = (a: [number, number], b: [number, number]): [number, number] => [a[0] - b[0], a[1] - b[1]];

/** Long segments with at least three short perpendicular ticks touching them: chart axes. */
function tickedAxes(hs: BBox[], vs: BBox[], lh: number): number {
  const tol = Math.max(1, lh * 0.3);
  const short = (b: BBox): boolean => Math.max(width(b), height(b)) <= lh * 0.8;
  let axes = 0;
  for (const [long, across] of [[hs, vs], [vs, hs]] as const) {
    const ticks = across.filter(short);
    for (const a of long) {
      const horizontal = width(a) >= height(a);
      if ((horizontal ? width(a) : height(a)) < 3 * lh) continue;
      const n = ticks.filter((t) =>
        horizontal
          ? t[0] >= a[0] - tol && t[2] <= a[2] + tol && (Math.abs(t[1] - a[1]) <= tol || Math.abs(t[3] - a[1]) <= tol)
          : t[1] >= a[1] - tol && t[3] <= a[3] + tol && (Math.abs(t[0] - a[0]) <= tol || Math.abs(t[2] - a[0]) <= tol),
      ).length;
      if (n >= 3) axes++;
    }
  }
  return axes;
}

/**
 * A box holding a line of text set in three or more separate cells and no box of its own: a
 * table's boxed header band or row (score sheets, forms), not a drawing's node, whose label is
 * one run of words.
 */
function tableBand(b: BBox, all: BBox[], lines: TextLine[], tol: number): boolean {
  if (all.some((o) => o !== b && o[0] >= b[0] - tol && o[2] <= b[2] + tol && o[1] >= b[1] - tol && o[3] <= b[3] + tol)) return false;
  const inside = lines.flatMap((l, i) => (contains(b, center(l.bbox)) ? [i] : []));
  return buildRows(lines, inside).some((r) => r.chunks.length >= 3);
}

/**
 * Whether the segments inside `fig` are a drawing rather than a table's rules: slanted lines,
 * ticked axes, axes meeting at the lower left, or three or more separate closed boxes that are
 * not table bands (given the page's `lines`).
 */
export function drawnGraphic(fig: BBox, segments: Segment[], lineHeight: number, lines: TextLine[] = []): boolean {
  const segs = segments.filter((s) => contains(fig, center(segmentBox(s)), 1));
  if (segs.filter((s) => orientation(s) === 'd').length >= 3) return true;
  const hs = segs.filter((s) => orientation(s) === 'h').map(segmentBox);
  const vs = segs.filter((s) => orientation(s) === 'v').map(segmentBox);
  if (tickedAxes(hs, vs, lineHeight) >= 1) return true;
  // A frame's left and bottom sides meet like a chart's axes; rows of text cells inside make it a table's.
  if (hasAxes(hs, vs, fig)) return !tableText(fig, lines);
  const tol = Math.max(2, lineHeight * 0.3);
  const bx = boxes(hs, vs, tol);
  const apart = bx.filter((b) => !bx.some((o) => o !== b && b[0] - tol <= o[2] && o[0] - tol <= b[2] && b[1] - tol <= o[3] && o[1] - tol <= b[3]));
  return apart.filter((b) => !tableBand(b, bx, lines, tol)).length >= 3;
}

/**
 * Whether the text in `fig` reads as a table: six rows or more of three or more separate cells,
 * half the rows at least. A chart's labels make one such row (the x axis), its legend another.
 */
function tableText(fig: BBox, lines: TextLine[]): boolean {
  const inside = lines.flatMap((l, i) => (contains(fig, center(l.bbox)) ? [i] : []));
  const rows = buildRows(lines, inside);
  const cells = rows.filter((r) => r.chunks.length >= 3).length;
  return cells >= 6 && cells >= 0.5 * rows.length;
}

/** Figure type with an honest confidence; 'diagram' with a low one when nothing stands out. */
export function guessFigureType(fig: BBox, segments: Segment[], lines: TextLine[], lineHeight: number): FigureGuess {
  const inside = (b: BBox): boolean => contains(fig, center(b), 1);
  const segs = segments.filter((s) => inside(segmentBox(s)));
  const labels = lines.filter((l) => inside(l.bbox));
  const tol = Math.max(2, lineHeight * 0.3);
  const hs = segs.filter((s) => orientation(s) === 'h').map(segmentBox);
  const vs = segs.filter((s) => orientation(s) === 'v').map(segmentBox);
  const diagonal = segs.filter((s) => orientation(s) === 'd').length;

  const chunks: Chunk[] = labels.map((l, i) => ({ bbox: l.bbox, text: l.text, words: l.words, line: i }));
  const grid = findGrids(segs, chunks, lineHeight).find((g) => g.filled >= 0.3 && (g.bbox[2] - g.bbox[0]) * (g.bbox[3] - g.bbox[1]) >= 0.5 * width(fig) * height(fig));
  if (grid) return { type: 'table', confidence: 0.7 };

  const numbers = labels.filter((l) => NUMBER.test(l.text.trim())).length;
  if (hasAxes(hs, vs, fig)) return { type: 'chart', confidence: numbers >= 2 ? 0.75 : 0.5 };

  if (radial(segs, labels, fig)) return { type: 'mindmap', confidence: 0.55 };

  const bx = boxes(hs, vs, tol);
  const edgeOf = (b: BBox, s: BBox): boolean => s[0] >= b[0] - tol && s[2] <= b[2] + tol && s[1] >= b[1] - tol && s[3] <= b[3] + tol;
  const connectors = segs.filter((s) => {
    const sb = segmentBox(s);
    if (bx.some((b) => edgeOf(b, sb))) return false;
    return bx.some((b) => contains(b, [s.x0, s.y0], tol)) || bx.some((b) => contains(b, [s.x1, s.y1], tol));
  }).length;
  const labelled = bx.filter((b) => labels.some((l) => contains(b, center(l.bbox)))).length;
  if (bx.length >= 3 && connectors >= 2) return { type: 'flowchart', confidence: labelled >= 2 ? 0.7 : 0.55 };
  // Labelled boxes whose arrows are drawn as shapes rather than lines.
  if (labelled >= 3) return { type: 'flowchart', confidence: 0.5 };

  const shortLabels = labels.filter((l) => l.text.trim().length <= 4).length;
  const typical = median(segs.map(segmentLength));
  if (segs.length >= 40 && typical < 0.08 * Math.hypot(width(fig), height(fig)) && shortLabels >= 5) return { type: 'schematic', confidence: 0.5 };

  if (bx.length >= 2 && connectors >= 1) return { type: 'diagram', confidence: 0.5 };
  if (segs.length >= 3 && labels.length >= 2) return { type: 'diagram', confidence: 0.4 + (diagonal > 0 ? 0.05 : 0) };
  return { type: 'diagram', confidence: 0.3 };
}
