// Page layout: text blocks (titles, paragraphs, lists, running headers and footers), tables (ruled
// grids and aligned text) and figures (with a guess at their type), in reading order.
import type { BBox, Segment } from '../types.js';
import { center, contains, coverage, grow, xOverlap } from './geometry.js';
import { guessFigureType } from './figure-type.js';
import { findFigures, mergeBoxes } from './figures.js';
import { inkSegments, maskInk } from './ink.js';
import { columnRows } from './columns.js';
import { bodyLineHeight, buildRows } from './rows.js';
import { findGrids, rules } from './table-grid.js';
import { findFramedTables } from './table-framed.js';
import { findTextTables } from './table-text.js';
import { textBlocks } from './text.js';
import type { InkMap, LayoutInput, LayoutRegion } from './types.js';

export type { FigureType, InkMap, LayoutInput, LayoutRegion, RegionKind } from './types.js';
export { inkMap, inkMapOf, inkSegments } from './ink.js';

/** Ruling lines of a scan: thin runs of ink outside the text, scaled to page pixels. */
function scannedSegments(input: LayoutInput, ink: InkMap): Segment[] {
  const sx = ink.width / input.width;
  const sy = ink.height / input.height;
  const masked = maskInk(ink, input.lines.map((l) => [l.bbox[0] * sx, l.bbox[1] * sy, l.bbox[2] * sx, l.bbox[3] * sy]), 0);
  return inkSegments(masked).map((s) => ({ x0: s.x0 / sx, y0: s.y0 / sy, x1: s.x1 / sx, y1: s.y1 / sy, width: s.width / sx }));
}

interface Table {
  bbox: BBox;
  confidence: number;
}

/**
 * Tables and figures. Ruled grids with text in their cells come first; then graphics, then tables
 * of aligned text, which give way to drawings (a chart's labels line up too) but keep the rules
 * and shading around them from passing for figures.
 */
function tablesAndFigures(input: LayoutInput, segments: Segment[], lh: number): { tables: Table[]; figures: BBox[] } {
  const all = input.lines.map((_, i) => i);
  const chunks = buildRows(input.lines, all).flatMap((r) => r.chunks);
  const grids = findGrids(segments, chunks, lh)
    .filter((g) => g.filled >= 0.3 && chunks.filter((c) => contains(g.bbox, center(c.bbox))).length >= 2)
    .map((g) => ({ bbox: g.bbox, confidence: 0.85 }));
  const candidates = findFigures({ ...input, segments, lineHeight: lh }, grids.map((g) => g.bbox));
  // The labels of drawings take no part in the search for columns and tables.
  const drawn = candidates.filter((f) => f.graphic).map((f) => f.bbox);
  const free = all.filter((i) => !drawn.some((d) => contains(d, center(input.lines[i]!.bbox))));
  const rows = columnRows(buildRows(input.lines, free), lh);
  const hRules = rules(segments, lh, Math.max(1.5, lh * 0.25)).filter((r) => r.kind === 'h').map((r) => r.box);
  const aligned = findTextTables(rows, lh, hRules, grids.map((g) => g.bbox));
  const framed = findFramedTables(rows, lh, hRules, [...grids, ...aligned].map((t) => t.bbox));
  const text = [...aligned, ...framed]
    .filter((t) => drawn.reduce((s, d) => s + coverage(t.bbox, d), 0) < 0.5)
    .map((t) => ({ bbox: t.bbox, confidence: t.confidence }));
  const found = [...grids, ...text];
  // Overlapping detections describe one table.
  const tables = mergeBoxes(found.map((t) => t.bbox), 0).map((bbox) => ({
    bbox,
    confidence: Math.max(...found.filter((t) => coverage(t.bbox, bbox) > 0.5).map((t) => t.confidence)),
  }));
  const figures = candidates.filter((f) => tables.reduce((s, t) => s + coverage(f.bbox, grow(t.bbox, lh)), 0) < 0.6).map((f) => f.bbox);
  return { tables, figures };
}

const linesIn = (input: LayoutInput, b: BBox): number[] =>
  input.lines.flatMap((l, i) => (contains(b, center(l.bbox), 0.5) ? [i] : []));

/** Regions in reading order: by their first text line; regions without text before what lies below them. */
function readingOrder(regions: LayoutRegion[]): LayoutRegion[] {
  const withText = regions.filter((r) => r.lines?.length).sort((a, b) => Math.min(...a.lines!) - Math.min(...b.lines!));
  const out = [...withText];
  const bare = regions.filter((r) => !r.lines?.length).sort((a, b) => a.bbox[1] - b.bbox[1]);
  for (const r of bare) {
    const below = out.findIndex((o) => o.bbox[1] >= r.bbox[1] && xOverlap(o.bbox, r.bbox) > 0);
    if (below >= 0) out.splice(below, 0, r);
    else out.push(r);
  }
  return out;
}

export function detectLayout(input: LayoutInput): LayoutRegion[] {
  const lh = bodyLineHeight(input.lines) || input.height / 60;
  const scanned = input.segments.length === 0 && input.ink ? scannedSegments(input, input.ink) : [];
  const segments = input.segments.length ? input.segments : scanned;

  const { tables, figures } = tablesAndFigures(input, segments, lh);

  const regions: LayoutRegion[] = [];
  const claimed = new Set<number>();
  for (const t of tables) {
    const lines = linesIn(input, t.bbox).filter((i) => !claimed.has(i));
    lines.forEach((i) => claimed.add(i));
    regions.push({ kind: 'table', bbox: t.bbox, confidence: t.confidence, lines });
  }
  for (const f of figures) {
    const lines = linesIn(input, f).filter((i) => !claimed.has(i));
    lines.forEach((i) => claimed.add(i));
    const guess = guessFigureType(f, segments, input.lines, lh);
    regions.push({ kind: 'figure', bbox: f, confidence: guess.confidence, figure_type: guess.type, lines });
  }
  const rest = input.lines.map((_, i) => i).filter((i) => !claimed.has(i));
  for (const b of textBlocks(input.lines, rest, lh, input.height)) regions.push({ kind: b.kind, bbox: b.bbox, confidence: b.confidence, lines: b.lines });
  return readingOrder(regions.map(clean));
}

/** Drops undefined optional fields so regions serialise cleanly. */
function clean(r: LayoutRegion): LayoutRegion {
  const out: LayoutRegion = { kind: r.kind, bbox: r.bbox.map((v) => Math.round(v * 100) / 100) as BBox, confidence: Math.round(r.confidence * 100) / 100 };
  if (r.figure_type) out.figure_type = r.figure_type;
  if (r.lines) out.lines = r.lines;
  return out;
}
