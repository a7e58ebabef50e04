// Charts drawn as vector graphics in a PDF, read from the drawing itself: bars are filled
// rectangles, lines are polylines, scatter points are repeated small shapes, pie slices are
// wedges round one centre, and the axes are
// the text layer's tick labels matched to the drawn ticks. Values are therefore exact to the
// precision the PDF was written with, where reading the rendered pixels gets within a pixel.
// Null when the drawing does not read as a chart with a fitted value axis: the caller then reads
// the rendered figure (extractChart).
import type { DrawnShape } from '../../pdf/shapes.js';
import type { Word } from '../../types.js';
import { cx, phrases, textHeight, type Phrase } from '../text.js';
import type { ChartExtraction } from '../types.js';
import { readVectorBars, standing } from './bars.js';
import { readVectorPie } from './pie.js';
import { readVectorLines, readVectorScatter } from './points.js';
import { chromaOf, itemsOf, type Item } from './primitives.js';
import { vectorAxis } from './scale.js';
import { findLegend, isSwatch, type VectorScene } from './scene.js';

export interface VectorFigure {
  /** The page's drawn paths, in page pixels. */
  shapes: DrawnShape[];
  /** The text layer's words inside the figure, in the figure's pixels. */
  words: Word[];
  /** The figure's top-left corner in page pixels, and its size. */
  x0: number;
  y0: number;
  width: number;
  height: number;
}

/** Fewest data shapes a chart is read from. */
const MIN_MARKS = 2;

const centreInside = (it: Item, w: number, h: number): boolean => {
  const x = (it.bbox[0] + it.bbox[2]) / 2, y = (it.bbox[1] + it.bbox[3]) / 2;
  return x >= 0 && y >= 0 && x <= w && y <= h;
};

function shifted(shapes: DrawnShape[], dx: number, dy: number): DrawnShape[] {
  return shapes.map((s) => ({ ...s, paths: s.paths.map((p) => ({ ...p, points: p.points.map(([x, y]) => [x - dx, y - dy] as [number, number]) })) }));
}

/** A filled shape behind others (a panel, the plot's background) or paper-white: not data. */
function isBackdrop(it: Item, all: Item[]): boolean {
  const [r, g, b] = it.rgb;
  if (Math.min(r, g, b) >= 240 && chromaOf(it.rgb) < 12) return true;
  let inside = 0;
  for (const o of all) {
    if (o === it || o.kind === 'rule') continue;
    const x = (o.bbox[0] + o.bbox[2]) / 2, y = (o.bbox[1] + o.bbox[3]) / 2;
    if (x > it.bbox[0] && x < it.bbox[2] && y > it.bbox[1] && y < it.bbox[3] && (o.bbox[2] - o.bbox[0]) * (o.bbox[3] - o.bbox[1]) < (it.bbox[2] - it.bbox[0]) * (it.bbox[3] - it.bbox[1])) inside++;
    if (inside >= 2) return true;
  }
  return false;
}

/** Equal small squares that share no baseline: square scatter markers rather than bars. */
function squareMarkers(rects: Item[], th: number): boolean {
  if (rects.length < 3) return false;
  const w = rects.map((r) => r.bbox[2] - r.bbox[0]), h = rects.map((r) => r.bbox[3] - r.bbox[1]);
  const same = (xs: number[]): boolean => Math.max(...xs) - Math.min(...xs) <= 0.5;
  if (!same(w) || !same(h) || Math.max(...w, ...h) > 2.5 * th) return false;
  const shared = (xs: number[]): boolean => xs.some((x) => xs.filter((y) => Math.abs(y - x) <= 0.5).length >= 0.5 * xs.length);
  return !shared(rects.map((r) => r.bbox[3])) && !shared(rects.map((r) => r.bbox[1])) && !shared(rects.map((r) => r.bbox[0])) && !shared(rects.map((r) => r.bbox[2]));
}

/**
 * Text set sideways (an axis title) comes out of the text layer as single glyphs stacked in a
 * column; they would pass for a row of category labels of horizontal bars. Three or more
 * one-letter phrases one above the other are dropped (one-digit tick labels stay).
 */
function withoutStackedGlyphs(ps: Phrase[]): Phrase[] {
  const single = ps.filter((p) => [...p.text.trim()].length === 1 && /\p{L}/u.test(p.text));
  const th = textHeight(ps);
  const stacked = new Set(single.filter((p) => single.filter((q) => Math.abs(cx(q.bbox) - cx(p.bbox)) <= 0.3 * th).length >= 3));
  return ps.filter((p) => !stacked.has(p));
}

export function readVectorChart(figure: VectorFigure): ChartExtraction | null {
  const { width, height } = figure;
  if (figure.words.length === 0 || figure.shapes.length === 0) return null;
  const ps = withoutStackedGlyphs(phrases(figure.words));
  const th = textHeight(ps);
  const items = itemsOf(shifted(figure.shapes, figure.x0, figure.y0), 0.12 * th).filter((it) => centreInside(it, width, height));
  const rules = items.filter((it) => it.kind === 'rule');
  const yAxis = vectorAxis(ps, rules, 'y');
  const xAxis = vectorAxis(ps, rules, 'x', new Set(yAxis?.labels ?? []));
  const small = (it: Item): boolean => Math.max(it.bbox[2] - it.bbox[0], it.bbox[3] - it.bbox[1]) <= 2.5 * th;
  if (!xAxis && !yAxis) {
    // No axis: a pie, or nothing read here.
    const wedges = items.filter((it) => it.kind === 'blob' && it.filled && !small(it) && !(Math.min(...it.rgb) >= 240 && chromaOf(it.rgb) < 12));
    const legend = findLegend(items.filter(small), ps, new Set(wedges.map((w) => w.colour)), th);
    const pie = readVectorPie({ width, height, th, phrases: ps, items, rules, xAxis, yAxis, legend, warnings: [] }, wedges);
    return pie && pie.table.rows.length > 0 ? pie : null;
  }
  let lines = items.filter((it) => it.kind === 'polyline');
  let rects = items.filter((it) => it.kind === 'rect' && !isBackdrop(it, items));
  let blobs = items.filter((it) => it.kind === 'blob' && small(it) && !isBackdrop(it, items));
  const colours = new Set([...lines, ...rects, ...blobs].map((it) => it.colour));
  const legend = findLegend(
    items.filter((it) => it.kind !== 'polyline' || small(it)),
    ps,
    colours,
    th,
  );
  const data = (it: Item): boolean => !isSwatch(it, legend);
  lines = lines.filter(data);
  rects = rects.filter(data);
  blobs = blobs.filter(data);
  const scene: VectorScene = { width, height, th, phrases: ps, items, rules, xAxis, yAxis, legend, warnings: [] };

  let out: ChartExtraction | null = null;
  if (lines.length > 0) out = readVectorLines(scene, lines);
  else if (rects.length >= 1 && !squareMarkers(rects, th)) out = readVectorBars(scene, rects, standing(scene, rects));
  else if (rects.length + blobs.length >= MIN_MARKS) out = readVectorScatter(scene, [...rects, ...blobs]);
  if (!out || out.table.rows.length === 0) return null;
  return out;
}
