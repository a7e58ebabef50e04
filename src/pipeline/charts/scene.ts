// What the chart readers share: the scene (text, colours, marks, axes and plot area found once
// per figure) and the helpers that turn it into a ChartExtraction (series, titles, category rows,
// printed values, confidence).
import type { BBox } from '../types.js';
import type { Axis } from './axes.js';
import type { Component, LegendEntry } from './marks.js';
import { splitJoinedLabels } from './joined-labels.js';
import { hex, type ColourClusters } from './raster.js';
import { bh, cx, cy, type Phrase } from './text.js';
import type { ChartAxis, ChartExtraction, ChartSeries } from './types.js';

export interface Scene {
  width: number;
  height: number;
  phrases: Phrase[];
  th: number;
  clusters: ColourClusters;
  /** Data marks by series cluster (legend swatches and rules removed). */
  marks: Map<number, Component[]>;
  legend: LegendEntry[];
  plot: BBox;
  ruled: BBox | undefined;
  xAxis: Axis | undefined;
  yAxis: Axis | undefined;
  warnings: string[];
  /** Text and rule pixels. */
  skip: Uint8Array;
  /** Tick marks on the bottom axis (x positions), when found. */
  xTicks?: number[];
  /** A scan's background grain (raster.ts NOISY_GRAIN and up); absent on a rendered chart. */
  grain?: number;
}

export function isBarLike(c: Component): boolean {
  const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
  return Math.min(w, h) >= 3 && c.area >= 15 && c.area >= 0.75 * w * h;
}

/** The box's centre lies within r grown by `margin` (marks at an axis limit are centred on the frame). */
export const inside = (b: BBox, r: BBox, margin = 0): boolean => cx(b) >= r[0] - margin && cx(b) <= r[2] + margin && cy(b) >= r[1] - margin && cy(b) <= r[3] + margin;

export function plotArea(ruled: BBox | undefined, xAxis: Axis | undefined, yAxis: Axis | undefined, width: number, height: number): BBox {
  if (ruled && ruled[2] - ruled[0] > width * 0.2 && ruled[3] - ruled[1] > height * 0.2) return ruled;
  const x0 = yAxis ? Math.max(...yAxis.labels.map((l) => l.bbox[2])) : 0;
  const y1 = xAxis ? Math.min(...xAxis.labels.map((l) => l.bbox[1])) : height;
  return [x0, 0, width, y1];
}

export function axisInfo(ax: Axis | undefined, label: string | null): ChartAxis | null {
  if (!ax) return label ? { label, scale: 'linear', min: null, max: null } : null;
  const vs = ax.labels.map((l) => l.value!);
  return { label, scale: ax.scale, min: Math.min(...vs), max: Math.max(...vs) };
}

export function seriesList(scene: Scene, clusters: number[]): ChartSeries[] {
  const names = new Map(scene.legend.map((e) => [e.cluster, e.name]));
  return clusters.map((k, i) => ({ name: names.get(k) ?? (clusters.length === 1 ? 'value' : `series ${i + 1}`), colour: hex(scene.clusters.centres[k]!) }));
}

/** Series in legend order (top to bottom, then left to right), the rest by size. */
export function orderSeries(scene: Scene): number[] {
  const pos = new Map(scene.legend.map((e) => [e.cluster, e.swatch]));
  return [...scene.marks.keys()].sort((a, b) => {
    const pa = pos.get(a), pb = pos.get(b);
    if (pa && pb) return Math.abs(pa[1] - pb[1]) > 4 ? pa[1] - pb[1] : pa[0] - pb[0];
    if (pa || pb) return pa ? -1 : 1;
    return a - b;
  });
}

export function titleOf(scene: Scene, used: Set<Phrase>): string | null {
  return titleAboveLine(scene.phrases, scene.ruled ? scene.ruled[1] : scene.plot[1], used);
}

/** The row of largest text above `top` (a chart's title) that no other role took. */
export function titleAboveLine(phrases: Phrase[], top: number, used: Set<Phrase>): string | null {
  const cands = phrases.filter((p) => !used.has(p) && p.bbox[3] <= top + 2 && /\p{L}/u.test(p.text));
  if (cands.length === 0) return null;
  const h = Math.max(...cands.map((p) => bh(p.bbox)));
  const row = cands.filter((p) => bh(p.bbox) >= 0.8 * h).sort((a, b) => a.bbox[1] - b.bbox[1]);
  const first = row[0]!;
  return row
    .filter((p) => Math.abs(cy(p.bbox) - cy(first.bbox)) < 0.5 * h)
    .sort((a, b) => a.bbox[0] - b.bbox[0])
    .map((p) => p.text)
    .join(' ');
}

export function empty(scene: Scene, warning: string): ChartExtraction {
  return {
    chart_type: 'bar',
    title: titleOf(scene, new Set()),
    axes: { x: axisInfo(scene.xAxis, null), y: axisInfo(scene.yAxis, null) },
    series: [],
    table: { columns: ['category'], rows: [] },
    confidence: 0,
    warnings: [...scene.warnings, warning],
  };
}

/** Phrases in a box transposed into a bar view's (u, v) coordinates. */
export type ToView = (b: BBox) => BBox;

/**
 * The category labels beside the bars: the row of phrases outside the bars' extent along v whose
 * centres fall along the bars' span; rows are tried by both edges and the centre (labels are
 * aligned by one of them).
 */
export function categoryRow(cands: Phrase[], toView: ToView, uSpan: [number, number], vSpan: [number, number], th: number): Phrase[] {
  const inView = cands
    .map((p) => ({ p, b: toView(p.bbox) }))
    .filter(({ b }) => (b[1] >= vSpan[1] - 2 || b[3] <= vSpan[0] + 2) && cx(b) >= uSpan[0] && cx(b) <= uSpan[1]);
  let best: Phrase[] = [];
  const keys: ((b: BBox) => number)[] = [(b) => b[1], (b) => b[3], (b) => cy(b)];
  for (const key of keys)
    for (const { b } of inView) {
      const row = inView.filter((o) => Math.abs(key(o.b) - key(b)) <= Math.max(3, 0.5 * th));
      // Labels in a row do not overlap each other along u.
      const sorted = row.sort((a, c) => a.b[0] - c.b[0]);
      const clean = sorted.filter((o, i) => i === 0 || o.b[0] >= sorted[i - 1]!.b[2] - 2);
      if (clean.length > best.length) best = clean.map((o) => o.p);
    }
  return splitJoinedLabels(best.sort((a, c) => cx(toView(a.bbox)) - cx(toView(c.bbox))), toView);
}

/** A printed number beside a mark's end that agrees with the measurement replaces it (it is exact). */
export function printedValue(measured: number, labels: Phrase[], near: (b: BBox) => number, limit: number, tolerance: number, taken: Set<Phrase>): number {
  let best: Phrase | undefined, bestD = limit;
  for (const p of labels) {
    if (taken.has(p)) continue;
    const d = near(p.bbox);
    if (d <= bestD) {
      bestD = d;
      best = p;
    }
  }
  if (!best || Math.abs(best.value! - measured) > tolerance) return measured;
  taken.add(best);
  return best.value!;
}

export function axisSpan(axis: Axis): number {
  const vs = axis.labels.map((l) => l.value!);
  return Math.max(...vs) - Math.min(...vs);
}

export function confidence(scene: Scene, axis: Axis | undefined, labelsRead: number, categories: number): number {
  let c = 1;
  if (!axis) c -= 0.5;
  else c -= Math.min(0.3, axis.residual / 10);
  if (categories > 0) c -= 0.3 * Math.max(0, 1 - labelsRead / categories);
  if (scene.phrases.length === 0) c -= 0.2;
  return Math.max(0, Math.round(c * 100) / 100);
}

export const round = (v: number): number => {
  if (!Number.isFinite(v)) return v;
  const mag = Math.abs(v) < 1e-9 ? 0 : Math.floor(Math.log10(Math.abs(v)));
  const f = Math.pow(10, 4 - mag);
  return Math.round(v * f) / f;
};
