// What the vector readers share: the drawing's items and text, the numeric axes fitted to drawn
// ticks, the legend (a swatch of a series colour just left of a name) and the helpers that turn a
// reading into a ChartExtraction (title, axis summaries, series list, confidence).
import type { BBox } from '../../types.js';
import { bh, cx, cy, type Phrase } from '../text.js';
import type { ChartAxis, ChartSeries } from '../types.js';
import type { Item } from './primitives.js';
import type { VectorAxis } from './scale.js';
import { titleAboveLine } from '../scene.js';

export interface LegendEntry {
  colour: string;
  name: string;
  phrase: Phrase;
  swatch: BBox;
}

export interface VectorScene {
  width: number;
  height: number;
  /** Median text height: the length unit for "near". */
  th: number;
  phrases: Phrase[];
  items: Item[];
  rules: Item[];
  xAxis: VectorAxis | undefined;
  yAxis: VectorAxis | undefined;
  legend: LegendEntry[];
  warnings: string[];
}

/**
 * Legend entries: a small shape (a square, a marker, a short line) in one of the series colours
 * with a name (letters) starting just right of it on the same line. Each colour takes its nearest.
 */
export function findLegend(items: Item[], phrases: Phrase[], colours: Set<string>, th: number): LegendEntry[] {
  const named = phrases.filter((p) => p.text.trim() !== '');
  const best = new Map<string, { e: LegendEntry; gap: number }>();
  const usedPhrases = new Set<Phrase>();
  const cands: Array<{ e: LegendEntry; gap: number }> = [];
  for (const it of items) {
    if (!colours.has(it.colour)) continue;
    const [x0, y0, x1, y1] = it.bbox;
    if (y1 - y0 > 2 * th || x1 - x0 > 3 * th) continue;
    for (const p of named) {
      const gap = p.bbox[0] - x1;
      if (gap < -0.5 || gap > 2.5 * th || Math.abs(cy(p.bbox) - (y0 + y1) / 2) > 0.5 * bh(p.bbox)) continue;
      cands.push({ e: { colour: it.colour, name: p.text, phrase: p, swatch: it.bbox }, gap });
    }
  }
  const take = (list: Array<{ e: LegendEntry; gap: number }>): void => {
    for (const c of list.sort((a, b) => a.gap - b.gap)) {
      if (best.has(c.e.colour) || usedPhrases.has(c.e.phrase)) continue;
      best.set(c.e.colour, c);
      usedPhrases.add(c.e.phrase);
    }
  };
  take(cands.filter((c) => /\p{L}/u.test(c.e.phrase.text)));
  // A name without letters ("2023") only beside a swatch in line with named entries' swatches
  // (a number right of a short bar is its value label).
  const found = [...best.values()].map((b) => b.e.swatch);
  take(cands.filter((c) => !/\p{L}/u.test(c.e.phrase.text) && found.some((s) => Math.abs(s[0] - c.e.swatch[0]) <= 0.5 || Math.abs(s[1] - c.e.swatch[1]) <= 0.5)));
  return [...best.values()].map((b) => b.e);
}

/** Is this item the swatch of a legend entry? */
export const isSwatch = (it: Item, legend: LegendEntry[]): boolean =>
  legend.some((e) => e.colour === it.colour && it.bbox[0] >= e.swatch[0] - 0.01 && it.bbox[2] <= e.swatch[2] + 0.01 && it.bbox[1] >= e.swatch[1] - 0.01 && it.bbox[3] <= e.swatch[3] + 0.01);

/** Series colours in legend order (top to bottom, then left to right), the rest in `fallback` order. */
export function legendOrder(colours: string[], legend: LegendEntry[]): string[] {
  const pos = new Map(legend.map((e) => [e.colour, e.swatch]));
  return [...colours].sort((a, b) => {
    const pa = pos.get(a), pb = pos.get(b);
    if (pa && pb) return Math.abs(pa[1] - pb[1]) > 2 ? pa[1] - pb[1] : pa[0] - pb[0];
    if (pa || pb) return pa ? -1 : 1;
    return colours.indexOf(a) - colours.indexOf(b);
  });
}

export function seriesOf(scene: VectorScene, colours: string[]): ChartSeries[] {
  const names = new Map(scene.legend.map((e) => [e.colour, e.name]));
  return colours.map((c, i) => ({ name: names.get(c) ?? (colours.length === 1 ? 'value' : `series ${i + 1}`), colour: c }));
}

export function axisSummary(ax: VectorAxis | undefined): ChartAxis | null {
  if (!ax) return null;
  const vs = ax.labels.map((l) => l.value!);
  return { label: null, scale: ax.scale, min: Math.min(...vs), max: Math.max(...vs) };
}

/** The largest text above the plot that no other role took. */
export function titleAbove(scene: VectorScene, plot: BBox, used: Set<Phrase>): string | null {
  return titleAboveLine(scene.phrases, plot[1], used);
}

/** The box around boxes. */
export function union(boxes: BBox[]): BBox {
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

/** How sure the reading is: drawn ticks give exact values; labels' centres only close ones. */
export function confidenceOf(axes: Array<VectorAxis | undefined>, labelsRead: number, categories: number): number {
  let c = 1;
  for (const ax of axes) if (ax && !ax.ticked) c -= 0.15;
  if (categories > 0) c -= 0.3 * Math.max(0, 1 - labelsRead / categories);
  return Math.max(0, Math.round(c * 100) / 100);
}

export const centre = (b: BBox): [number, number] => [cx(b), cy(b)];
