// Figures: graphics that are not text: clusters of drawn segments and blobs of ink left once the
// text lines are masked, merged when close and kept when they cover ≥ 3% of the page.
import type { BBox, Segment, TextLine } from '../types.js';
import { area, center, clusterBoxes, contains, coverage, gap, grow, height, segmentBox, union, unionAll, width } from './geometry.js';
import { drawnGraphic } from './figure-type.js';
import { graphicShare, inkBlobs, maskInk } from './ink.js';
import type { InkMap } from './types.js';

/** Smallest figure, as a share of the page area. */
export const MIN_FIGURE_SHARE = 0.03;

const CAPTION = /^(figure|fig\.|chart|graph|exhibit|diagram|table|source)s?\b/i;

export interface FigureInput {
  width: number;
  height: number;
  lines: TextLine[];
  segments: Segment[];
  ink?: InkMap;
  lineHeight: number;
}

/** Underlines and strike-throughs: short horizontal segments hugging a text line. */
function decoratesText(s: BBox, lines: TextLine[], lh: number): boolean {
  if (height(s) > 0.3 * lh) return false;
  return lines.some((l) => s[0] >= l.bbox[0] - lh && s[2] <= l.bbox[2] + lh && s[1] >= l.bbox[1] - 0.3 * lh && s[3] <= l.bbox[3] + 0.4 * lh);
}

/** Boxes of drawn segments (not decorating text, not in `taken`), clustered by proximity. */
function segmentClusters(input: FigureInput, taken: BBox[]): BBox[] {
  const lh = input.lineHeight;
  const boxes = input.segments
    .map(segmentBox)
    .filter((b) => !decoratesText(b, input.lines, lh) && !taken.some((t) => contains(grow(t, lh * 0.5), center(b))));
  const reach = lh * 1.5;
  return clusterBoxes(boxes, reach, (i, j) => gap(boxes[i]!, boxes[j]!) <= reach)
    .filter((g) => g.length >= 2)
    .map((g) => unionAll(g.map((i) => boxes[i]!))!);
}

/** The ink map with the text lines and the `taken` areas painted white, and its scale. */
function maskedInk(input: FigureInput, taken: BBox[]): { ink: InkMap; sx: number; sy: number } | undefined {
  const { ink } = input;
  if (!ink) return undefined;
  const sx = ink.width / input.width;
  const sy = ink.height / input.height;
  const pad = input.lineHeight * 0.5;
  const hide = [...input.lines.map((l) => l.bbox), ...taken.map((t) => grow(t, pad))];
  return { ink: maskInk(ink, hide.map((b) => [b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy])), sx, sy };
}

/** Blobs of masked ink, clustered, in page pixels. */
function inkClusters(m: { ink: InkMap; sx: number; sy: number }): BBox[] {
  const blobs = inkBlobs(m.ink).filter((b) => b.pixels >= 3);
  const reach = Math.max(2, m.ink.width * 0.015);
  return clusterBoxes(blobs.map((b) => b.bbox), reach, (i, j) => gap(blobs[i]!.bbox, blobs[j]!.bbox) <= reach).map((g) => {
    const b = unionAll(g.map((i) => blobs[i]!.bbox))!;
    return [b[0] / m.sx, b[1] / m.sy, b[2] / m.sx, b[3] / m.sy] as BBox;
  });
}

/** Merges boxes that overlap or nearly touch, until none do. */
export function mergeBoxes(boxes: BBox[], reach: number): BBox[] {
  let cur = boxes.map((b) => [...b] as BBox);
  for (;;) {
    const groups = clusterBoxes(cur, reach, (i, j) => gap(cur[i]!, cur[j]!) <= reach);
    if (groups.length === cur.length) return cur;
    cur = groups.map((g) => unionAll(g.map((i) => cur[i]!))!);
  }
}

/** Lines set in a figure or labelling it from just outside (axis and tick labels), captions excepted. */
function absorbLabels(fig: BBox, lines: TextLine[], lh: number): BBox {
  let out = fig;
  for (let pass = 0; pass < 2; pass++) {
    for (const l of lines) {
      if (CAPTION.test(l.text.trim())) continue;
      if (contains(out, center(l.bbox))) continue;
      const short = l.words.length <= 5 && width(l.bbox) <= 0.6 * width(out);
      if (short && gap(out, l.bbox) <= lh) out = union(out, l.bbox);
    }
  }
  return out;
}

/** Share of the characters inside `b` that belong to prose lines (7+ words). */
function proseShare(b: BBox, lines: TextLine[]): number {
  const inside = lines.filter((l) => coverage(l.bbox, b) >= 0.5);
  const chars = inside.reduce((s, l) => s + l.text.length, 0);
  const prose = inside.filter((l) => l.words.length >= 7).reduce((s, l) => s + l.text.length, 0);
  return chars ? prose / chars : 0;
}

export interface FigureCandidate {
  bbox: BBox;
  /** Whether it is surely a drawing or picture, not a table's rules or shading. */
  graphic: boolean;
}

/**
 * Figure boxes on the page, excluding the areas in `taken` (ruled tables). A frame around
 * running text (a sidebar) is no figure.
 */
export function findFigures(input: FigureInput, taken: BBox[]): FigureCandidate[] {
  const pageArea = input.width * input.height;
  const lh = input.lineHeight;
  const outsideTaken = (b: BBox): boolean => taken.reduce((s, t) => s + coverage(b, grow(t, lh * 0.5)), 0) < 0.6;
  const m = maskedInk(input, taken);
  const raw = [...segmentClusters(input, taken), ...(m ? inkClusters(m) : [])].filter(outsideTaken);
  const seeds = mergeBoxes(raw, lh).filter((b) => area(b) >= pageArea * MIN_FIGURE_SHARE * 0.2 && width(b) > lh * 2 && height(b) > lh * 2);
  // Labels can bridge parts of one drawing (a mind map's central topic): merge again once they are in.
  return mergeBoxes(seeds.map((b) => absorbLabels(b, input.lines, lh)), lh * 1.5)
    .filter((b) => area(b) >= pageArea * MIN_FIGURE_SHARE && outsideTaken(b) && proseShare(b, input.lines) < 0.5)
    .map((bbox) => ({ bbox, graphic: drawnGraphic(bbox, input.segments, lh, input.lines) || (!!m && inkGraphic(m, bbox, input.lines, lh)) }));
}

/** Curves, bars or pictures in the box (rules and the fills under text do not count). */
function inkGraphic(m: { ink: InkMap; sx: number; sy: number }, b: BBox, lines: TextLine[], lh: number): boolean {
  const toInk = (x: BBox): BBox => [x[0] * m.sx, x[1] * m.sy, x[2] * m.sx, x[3] * m.sy];
  const inside = lines.filter((l) => coverage(l.bbox, b) > 0.5).map((l) => toInk(l.bbox));
  return graphicShare(m.ink, toInk(b), Math.max(4, 3 * lh * m.sx), inside) >= 0.01;
}
