// Chart to data: text, colours and marks are found first; the kind of chart follows from the
// marks' geometry (a round blob is a pie, filled rectangles are bars, a traced curve is a line,
// scattered blobs are points); values come from the axes fitted to the tick labels.
import type { BBox, Word } from '../types.js';
import { findAxis, median, toPixel, toValue, type Axis } from './axes.js';
import { barsOf, baseline, groupBars, type Bar, type BarView } from './bars.js';
import { centreline, continuity, coverage, pointCentres, sampleAt, vertices } from './lines.js';
import sharp from 'sharp';
import { components, findLegend, findRules, isLegendMark, ruledArea, withoutRules, type Component, type LegendEntry } from './marks.js';
import { findDisk, slices } from './pie.js';
import { chroma, clusterColours, decodeRgb, hex, type ColourClusters, type Raster } from './raster.js';
import { bh, cx, cy, dropDrawnWords, phrases, recogniseWords, textHeight, textMask, type Phrase } from './text.js';
import type { ChartAxis, ChartCell, ChartExtraction, ChartSeries, ChartType, FigureInput } from './types.js';

interface Scene {
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
}

export async function extractChart(input: FigureInput): Promise<ChartExtraction> {
  const raster = await decodeRgb(input.png);
  const { width, height } = raster;
  if (input.words) return analyse(raster, input.words, []);
  if (!input.ocr) return analyse(raster, [], ['No text was given and no OCR is available: axes and labels cannot be read.']);
  // OCR reads the picture without its rules first: gridlines and ticks beside labels turn into characters.
  const first = clusterColours(raster);
  const bg = first.background;
  const clean = withoutRules(raster.rgb, findRules(first, width, height, raster.rgb).mask, [Math.round(bg[0]), Math.round(bg[1]), Math.round(bg[2])]);
  const png = await sharp(clean, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
  const words = dropDrawnWords(await recogniseWords(png, width, height, input.ocr), raster.rgb, width, bg);
  const result = analyse(raster, words, []);
  if (!result.warnings.some((w) => MISSED_TEXT.some((m) => w.startsWith(m)))) return result;
  // Tesseract is not stable under small changes of the picture: what one reading missed, the
  // other often has. The union of both readings (overlaps keep the surer word) is tried once.
  const again = dropDrawnWords(await recogniseWords(input.png, width, height, input.ocr), raster.rgb, width, bg);
  const second = analyse(raster, unionWords(words, again), []);
  return second.confidence > result.confidence ? second : result;
}

const MISSED_TEXT = ['The category labels could not be read', 'No value axis could be read', 'An axis of the scatter plot could not be read'];

function unionWords(a: Word[], b: Word[]): Word[] {
  const out = [...a];
  for (const w of b) {
    const i = out.findIndex((o) => overlapShare(o.bbox, w.bbox) > 0.3);
    if (i < 0) out.push(w);
    else if (w.confidence > out[i]!.confidence) out[i] = w;
  }
  return out;
}

function overlapShare(a: BBox, b: BBox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
}

function analyse(raster: Raster, words: Word[], warnings: string[]): ChartExtraction {
  const { width, height } = raster;
  const ps = phrases(words);
  const th = textHeight(ps);
  const tmask = textMask(words, width, height, raster.rgb);
  const clusters = clusterColours(raster, tmask);
  const rules = findRules(clusters, width, height, raster.rgb);
  const skip = new Uint8Array(width * height);
  for (let i = 0; i < skip.length; i++) skip[i] = tmask[i]! | rules.mask[i]!;
  const comps = components(clusters, width, height, skip);
  const ruled = ruledArea(rules);
  // Three aligned labels make an axis anywhere; two only where tick labels belong (left of or below the frame).
  const leftOf = (p: Phrase): boolean => p.bbox[2] <= (ruled ? ruled[0] + 3 : 0.3 * width);
  const below = (p: Phrase): boolean => p.bbox[1] >= (ruled ? ruled[3] - 3 : 0.6 * height);
  const yAxis = findAxis(ps, 'y') ?? findAxis(ps.filter(leftOf), 'y', new Set(), 2);
  const xAxis = findAxis(ps, 'x', new Set(yAxis?.labels ?? [])) ?? findAxis(ps.filter(below), 'x', new Set(yAxis?.labels ?? []), 2);
  const plot = plotArea(ruled, xAxis, yAxis, width, height);

  // Series colours: enough mark area; greys only inside the plot (outside they are stray text).
  const minArea = Math.max(30, Math.round(width * height * 0.0003));
  const area = new Map<number, { all: number; inside: number }>();
  for (const c of comps) {
    const a = area.get(c.cluster) ?? { all: 0, inside: 0 };
    a.all += c.area;
    if (inside(c.bbox, plot)) a.inside += c.area;
    area.set(c.cluster, a);
  }
  const solid = solidPixels(clusters.label, skip, width, height, clusters.centres.length);
  const candidates = new Set<number>();
  for (const [k, a] of area) {
    const grey = chroma(clusters.centres[k]!) < 36;
    // Rims of anti-aliasing and stray text pixels have area but no solid core; a thin line has no core
    // either, but it lies on the background rather than along another colour.
    const body = solid.solid[k]! >= Math.max(10, 0.2 * a.all) || (!grey && solid.touching[k]! < 0.3 * a.all);
    if (a.all >= minArea && body && (!grey || a.inside >= 0.7 * a.all)) candidates.add(k);
  }
  const legend = findLegend(comps, ps, th, candidates);
  const marks = new Map<number, Component[]>();
  for (const c of comps) {
    if (!candidates.has(c.cluster) || isLegendMark(c, legend) || c.area < 3) continue;
    const list = marks.get(c.cluster) ?? [];
    list.push(c);
    marks.set(c.cluster, list);
  }
  for (const [k, list] of marks) if (list.reduce((s, c) => s + c.area, 0) < minArea || (chroma(clusters.centres[k]!) < 36 && textLike(list, th))) marks.delete(k);
  const scene: Scene = { width, height, phrases: ps, th, clusters, marks, legend, plot, ruled, xAxis, yAxis, warnings, skip };
  if (marks.size === 0) return empty(scene, 'No chart marks (bars, lines, points or slices) were found.');

  const all = [...marks.values()].flat();
  const disk = findDisk(all, width, height);
  if (disk && !(xAxis && yAxis)) return readPie(scene, disk);
  const total = all.reduce((s, c) => s + c.area, 0);
  const barLike = all.filter(isBarLike);
  const barArea = barLike.reduce((s, c) => s + c.area, 0);
  if (barArea >= 0.6 * total) {
    const vertical = groundedShare(barLike, true), horizontal = groundedShare(barLike, false);
    if (Math.max(vertical, horizontal) >= 0.6) return readBars(scene, vertical === horizontal ? undefined : vertical > horizontal);
  }
  // A line covers most columns between its ends, or at least continues smoothly across its gaps (dashes).
  const lineLike = [...marks.values()].map((cs) => {
    const t = centreline(cs, width);
    const cover = coverage(t);
    return cover >= 0.5 || (cover >= 0.25 && continuity(t) >= 0.8);
  });
  return lineLike.filter(Boolean).length >= lineLike.length / 2 ? readLines(scene) : readScatter(scene);
}

/**
 * Grey or black marks that are glyphs of unread text: small pieces (about a text height) of
 * varying size. Bars and lines are larger; markers are small but all alike.
 */
function textLike(comps: Component[], th: number): boolean {
  const area = comps.reduce((s, c) => s + c.area, 0);
  // Large: a filled shape (a bar) or a long stroke (a line); a word's touching glyphs are neither.
  const large = comps
    .filter((c) => {
      const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
      return (Math.max(w, h) >= 1.6 * th && c.area >= 0.6 * w * h) || Math.max(w, h) >= 5 * th;
    })
    .reduce((s, c) => s + c.area, 0);
  if (large >= 0.5 * area) return false;
  const areas = comps.map((c) => c.area);
  const mean = area / comps.length;
  const sd = Math.sqrt(areas.reduce((s, a) => s + (a - mean) ** 2, 0) / comps.length);
  return !(comps.length >= 3 && sd < 0.3 * mean);
}

/**
 * Per cluster, pixels with at least 5 of their 8 neighbours in the same cluster (solid), and
 * pixels touching another colour (rims of a mark in that colour are mostly such pixels).
 */
function solidPixels(label: Int16Array, skip: Uint8Array, width: number, height: number, n: number): { solid: number[]; touching: number[] } {
  const out = new Array<number>(n).fill(0);
  const touching = new Array<number>(n).fill(0);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const k = label[i]!;
      if (k < 0 || skip[i]) continue;
      let same = 0, other = false;
      for (const d of [-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1]) {
        const l = label[i + d]!;
        if (l === k) same++;
        else if (l >= 0) other = true;
      }
      if (same >= 5) out[k]!++;
      if (other) touching[k]!++;
    }
  return { solid: out, touching };
}

/**
 * Share of the rectangles that stand on one common line (the baseline) along this orientation,
 * directly or through rectangles stacked on them: near 1 for bar charts, low for square markers.
 */
function groundedShare(rects: Component[], vertical: boolean): number {
  if (rects.length < 2) return 0;
  const lo = (c: Component): number => (vertical ? c.bbox[1] : c.bbox[0]);
  const hi = (c: Component): number => (vertical ? c.bbox[3] : c.bbox[2]);
  const u0 = (c: Component): number => (vertical ? c.bbox[0] : c.bbox[1]);
  const u1 = (c: Component): number => (vertical ? c.bbox[2] : c.bbox[3]);
  const share = (line: number): number => {
    const grounded = new Set(rects.filter((c) => Math.abs(lo(c) - line) <= 2 || Math.abs(hi(c) - line) <= 2));
    if (grounded.size < 2) return 0;
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of rects) {
        if (grounded.has(c)) continue;
        for (const g of grounded) {
          const overlap = Math.min(u1(c), u1(g)) - Math.max(u0(c), u0(g));
          const gap = Math.max(lo(c) - hi(g), lo(g) - hi(c));
          if (overlap >= 0.8 * Math.min(u1(c) - u0(c), u1(g) - u0(g)) && gap <= 3) {
            grounded.add(c);
            grew = true;
            break;
          }
        }
      }
    }
    return grounded.size / rects.length;
  };
  // Every edge is a candidate baseline; the one that grounds the most rectangles wins.
  // (The twelve edges most rectangles share are tried.)
  const ends = rects.flatMap((c) => [lo(c), hi(c)]);
  const support = (e: number): number => ends.filter((x) => Math.abs(x - e) <= 2).length;
  const lines = [...new Set(ends)].sort((a, b) => support(b) - support(a)).slice(0, 12);
  return Math.max(0, ...lines.map(share));
}

function isBarLike(c: Component): boolean {
  const w = c.bbox[2] - c.bbox[0], h = c.bbox[3] - c.bbox[1];
  return Math.min(w, h) >= 3 && c.area >= 15 && c.area >= 0.75 * w * h;
}

const inside = (b: BBox, r: BBox): boolean => cx(b) >= r[0] && cx(b) <= r[2] && cy(b) >= r[1] && cy(b) <= r[3];

function plotArea(ruled: BBox | undefined, xAxis: Axis | undefined, yAxis: Axis | undefined, width: number, height: number): BBox {
  if (ruled && ruled[2] - ruled[0] > width * 0.2 && ruled[3] - ruled[1] > height * 0.2) return ruled;
  const x0 = yAxis ? Math.max(...yAxis.labels.map((l) => l.bbox[2])) : 0;
  const y1 = xAxis ? Math.min(...xAxis.labels.map((l) => l.bbox[1])) : height;
  return [x0, 0, width, y1];
}

function axisInfo(ax: Axis | undefined, label: string | null): ChartAxis | null {
  if (!ax) return label ? { label, scale: 'linear', min: null, max: null } : null;
  const vs = ax.labels.map((l) => l.value!);
  return { label, scale: ax.scale, min: Math.min(...vs), max: Math.max(...vs) };
}

function seriesList(scene: Scene, clusters: number[]): ChartSeries[] {
  const names = new Map(scene.legend.map((e) => [e.cluster, e.name]));
  return clusters.map((k, i) => ({ name: names.get(k) ?? (clusters.length === 1 ? 'value' : `series ${i + 1}`), colour: hex(scene.clusters.centres[k]!) }));
}

/** Series in legend order (top to bottom, then left to right), the rest by size. */
function orderSeries(scene: Scene): number[] {
  const pos = new Map(scene.legend.map((e) => [e.cluster, e.swatch]));
  return [...scene.marks.keys()].sort((a, b) => {
    const pa = pos.get(a), pb = pos.get(b);
    if (pa && pb) return Math.abs(pa[1] - pb[1]) > 4 ? pa[1] - pb[1] : pa[0] - pb[0];
    if (pa || pb) return pa ? -1 : 1;
    return a - b;
  });
}

function titleOf(scene: Scene, used: Set<Phrase>): string | null {
  const top = scene.ruled ? scene.ruled[1] : scene.plot[1];
  const cands = scene.phrases.filter((p) => !used.has(p) && p.bbox[3] <= top + 2 && /\p{L}/u.test(p.text));
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

function empty(scene: Scene, warning: string): ChartExtraction {
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
type ToView = (b: BBox) => BBox;

/**
 * The category labels beside the bars: the row of phrases outside the bars' extent along v whose
 * centres fall along the bars' span; rows are tried by both edges and the centre (labels are
 * aligned by one of them).
 */
function categoryRow(cands: Phrase[], toView: ToView, uSpan: [number, number], vSpan: [number, number], th: number): Phrase[] {
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
  return best.sort((a, c) => cx(toView(a.bbox)) - cx(toView(c.bbox)));
}

/** A printed number beside a mark's end that agrees with the measurement replaces it (it is exact). */
function printedValue(measured: number, labels: Phrase[], near: (b: BBox) => number, limit: number, tolerance: number, taken: Set<Phrase>): number {
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

function readBars(scene: Scene, upright: boolean | undefined): ChartExtraction {
  const { width, height, th, warnings } = scene;
  const series = orderSeries(scene);
  const label = new Int16Array(width * height).fill(-1);
  const dims: number[] = [], lens: number[] = [];
  for (const [k, cs] of scene.marks)
    for (const c of cs) {
      for (const i of c.pixels) label[i] = k;
      if (isBarLike(c)) {
        dims.push(c.bbox[2] - c.bbox[0]);
        lens.push(c.bbox[3] - c.bbox[1]);
      }
    }
  // Bars of one chart share their thickness; their lengths carry the data.
  const cv = (xs: number[]): number => {
    const m = xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
    return m === 0 ? 0 : Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length)) / m;
  };
  let vertScore = cv(lens) - cv(dims);
  if (scene.yAxis && !scene.xAxis) vertScore += 0.3;
  if (scene.xAxis && !scene.yAxis) vertScore -= 0.3;
  const vertical = upright ?? vertScore >= 0;
  const axis = vertical ? scene.yAxis : scene.xAxis;
  const view: BarView = vertical
    ? { nu: width, nv: height, at: (u, v) => label[v * width + u]!, hidden: (u, v) => scene.skip[v * width + u] === 1 }
    : { nu: height, nv: width, at: (u, v) => label[u * width + v]!, hidden: (u, v) => scene.skip[u * width + v] === 1 };
  const toView: ToView = vertical ? (b) => b : (b) => [b[1], b[0], b[3], b[2]];
  const bars = series.flatMap((k) => barsOf(view, k));
  if (bars.length === 0) return empty(scene, 'No bars could be measured.');
  const zero = axis && axis.scale === 'linear' ? toPixel(axis, 0) : undefined;
  const zeroInView = zero !== undefined && zero >= 0 && zero <= view.nv ? zero : undefined;
  const base = baseline(bars, zeroInView);
  const { stacked, groups } = groupBars(bars, series.length);

  // Only the value axis's labels are spoken for: numeric labels along the other axis (years) are categories.
  const used = new Set<Phrase>([...(axis?.labels ?? []), ...scene.legend.map((e) => e.phrase)]);
  const uSpan: [number, number] = [Math.min(...bars.map((b) => b.u0)), Math.max(...bars.map((b) => b.u1))];
  const pad = 0.5 * median(groups.map((g) => Math.max(...g.map((b) => b.u1)) - Math.min(...g.map((b) => b.u0))));
  const vSpan: [number, number] = [Math.min(...bars.map((b) => b.v0)), Math.max(...bars.map((b) => b.v1))];
  const catLabels = categoryRow(
    scene.phrases.filter((p) => !used.has(p)),
    toView,
    [uSpan[0] - pad, uSpan[1] + pad],
    vSpan,
    th,
  );
  catLabels.forEach((p) => used.add(p));

  // Categories: by their labels when read, else by the bars' grouping.
  interface Category {
    name: string;
    bars: Bar[];
    centre: number;
  }
  let cats: Category[];
  const gCentre = (g: Bar[]): number => (Math.min(...g.map((b) => b.u0)) + Math.max(...g.map((b) => b.u1))) / 2;
  if (catLabels.length > groups.length && groups.length >= 2) {
    // More labels than bar groups: the words of one label read apart ("Q1" "20"); each joins its nearest group.
    const centres = groups.map(gCentre);
    const spacing = (centres[centres.length - 1]! - centres[0]!) / (centres.length - 1);
    const names = groups.map(() => [] as string[]);
    for (const p of catLabels) {
      const c = cx(toView(p.bbox));
      let best = 0;
      centres.forEach((g, i) => (Math.abs(g - c) < Math.abs(centres[best]! - c) ? (best = i) : 0));
      if (Math.abs(centres[best]! - c) <= 0.75 * spacing) names[best]!.push(p.text);
    }
    cats = groups.map((g, i) => ({ name: names[i]!.join(' '), bars: g, centre: centres[i]! }));
  } else if (catLabels.length >= Math.min(2, groups.length)) {
    cats = catLabels.map((p) => ({ name: p.text, bars: [], centre: cx(toView(p.bbox)) }));
    const spacing = cats.length > 1 ? (cats[cats.length - 1]!.centre - cats[0]!.centre) / (cats.length - 1) : Infinity;
    for (const g of groups) {
      const c = gCentre(g);
      let best = cats[0]!;
      for (const cat of cats) if (Math.abs(cat.centre - c) < Math.abs(best.centre - c)) best = cat;
      if (Math.abs(best.centre - c) <= 0.75 * spacing) best.bars.push(...g);
      else cats.push({ name: '', bars: [...g], centre: c });
    }
    cats.sort((a, b) => a.centre - b.centre);
  } else {
    cats = groups.map((g) => ({ name: '', bars: g, centre: gCentre(g) }));
    warnings.push('The category labels could not be read; categories are numbered.');
  }
  cats.forEach((c, i) => (c.name ||= `#${i + 1}`));

  // Without a full legend, series go in the order their bars take within a group (left to right, or up the stack).
  if (!series.every((k) => scene.legend.some((e) => e.cluster === k))) {
    const rank = new Map<number, number[]>();
    for (const cat of cats) {
      const order = [...cat.bars].sort((a, b) => (stacked ? Math.abs(a.v0 + a.v1 - 2 * base) - Math.abs(b.v0 + b.v1 - 2 * base) : a.u0 - b.u0));
      order.forEach((b, i) => rank.set(b.series, [...(rank.get(b.series) ?? []), i]));
    }
    const mean = (k: number): number => {
      const r = rank.get(k) ?? [];
      return r.length ? r.reduce((s, x) => s + x, 0) / r.length : Infinity;
    };
    series.sort((a, b) => mean(a) - mean(b));
  }
  const valueOf = (p: number): number => (axis ? toValue(axis, p) : base - p);
  if (!axis) warnings.push('No value axis could be read: values are bar lengths in pixels.');
  const span = axis ? axisSpan(axis) : Infinity;
  const numbers = scene.phrases.filter((p) => p.value !== null && !used.has(p));
  const taken = new Set<Phrase>();
  const rows: ChartCell[][] = cats.map((cat) => {
    const row: ChartCell[] = [cat.name];
    for (const k of series) {
      const mine = cat.bars.filter((b) => b.series === k).sort((a, b) => b.u1 - b.u0 - (a.u1 - a.u0));
      const b = mine[0];
      if (!b) {
        row.push(axis ? round(valueOf(base)) : 0);
        continue;
      }
      const nearEnd = Math.abs(b.v0 - base) <= Math.abs(b.v1 - base) ? b.v0 : b.v1;
      const farEnd = nearEnd === b.v0 ? b.v1 : b.v0;
      const onBase = Math.abs(nearEnd - base) <= 2;
      let v = onBase ? valueOf(farEnd) : valueOf(farEnd) - valueOf(nearEnd);
      if (axis && axis.scale === 'linear' && onBase && zeroInView === undefined) v = valueOf(farEnd);
      const w = b.u1 - b.u0;
      v = printedValue(
        v,
        numbers,
        (box) => {
          const vb = toView(box);
          if (cx(vb) < b.u0 - 0.3 * w || cx(vb) > b.u1 + 0.3 * w) return Infinity;
          const c = cy(vb);
          const lo = Math.min(b.v0, b.v1), hi = Math.max(b.v0, b.v1);
          if (c >= lo && c <= hi) return stacked ? 0 : Math.abs(c - farEnd);
          return Math.min(Math.abs(c - lo), Math.abs(c - hi));
        },
        1.5 * th + 6,
        axis ? (axis.scale === 'log' ? Math.abs(v) * 0.15 : 0.05 * span) : Infinity,
        taken,
      );
      row.push(round(v));
    }
    return row;
  });
  const layout = series.length === 1 ? 'single' : stacked ? 'stacked' : 'grouped';
  const chartType: ChartType = !vertical ? 'horizontal_bar' : layout === 'single' ? 'bar' : layout === 'stacked' ? 'stacked_bar' : 'grouped_bar';
  const seriesInfo = seriesList(scene, series);
  const title = titleOf(scene, used);
  return {
    chart_type: chartType,
    title,
    axes: { x: axisInfo(scene.xAxis, null), y: axisInfo(scene.yAxis, null) },
    series: seriesInfo,
    table: { columns: ['category', ...seriesInfo.map((s) => s.name)], rows },
    confidence: confidence(scene, axis, catLabels.length, cats.length),
    warnings,
    bar_layout: layout,
    plot_area: scene.plot,
  };
}

function axisSpan(axis: Axis): number {
  const vs = axis.labels.map((l) => l.value!);
  return Math.max(...vs) - Math.min(...vs);
}

function confidence(scene: Scene, axis: Axis | undefined, labelsRead: number, categories: number): number {
  let c = 1;
  if (!axis) c -= 0.5;
  else c -= Math.min(0.3, axis.residual / 10);
  if (categories > 0) c -= 0.3 * Math.max(0, 1 - labelsRead / categories);
  if (scene.phrases.length === 0) c -= 0.2;
  return Math.max(0, Math.round(c * 100) / 100);
}

const round = (v: number): number => {
  if (!Number.isFinite(v)) return v;
  const mag = Math.abs(v) < 1e-9 ? 0 : Math.floor(Math.log10(Math.abs(v)));
  const f = Math.pow(10, 4 - mag);
  return Math.round(v * f) / f;
};

/** x positions where the line's categories sit: its label row, else the traced vertices. */
function readLines(scene: Scene): ChartExtraction {
  const { width, th, warnings, yAxis, xAxis } = scene;
  const series = orderSeries(scene);
  const traces = new Map(series.map((k) => [k, centreline(scene.marks.get(k)!, width)]));
  const used = new Set<Phrase>([...(yAxis?.labels ?? []), ...scene.legend.map((e) => e.phrase)]);
  const xs: number[] = [];
  for (const t of traces.values()) for (let x = 0; x < width; x++) if (!Number.isNaN(t[x]!)) xs.push(x);
  const span: [number, number] = [Math.min(...xs), Math.max(...xs)];
  const ys = [...scene.marks.values()].flat().flatMap((c) => [c.bbox[1], c.bbox[3]]);
  const pad = 0.04 * (span[1] - span[0]) + 3;
  const row = categoryRow(
    scene.phrases.filter((p) => !used.has(p)),
    (b) => b,
    [span[0] - pad, span[1] + pad],
    [Math.min(...ys), Math.max(scene.ruled ? scene.ruled[3] - 3 : 0, Math.max(...ys))],
    th,
  );
  row.forEach((p) => used.add(p));
  let cats: { name: string; x: number }[];
  if (row.length >= 2) cats = row.map((p) => ({ name: p.text, x: cx(p.bbox) }));
  else {
    const longest = [...traces.values()].sort((a, b) => coverage(b) * b.filter((v) => !Number.isNaN(v)).length - coverage(a) * a.filter((v) => !Number.isNaN(v)).length)[0]!;
    cats = vertices(longest, Math.max(1.5, th * 0.2)).map(([x]) => ({ name: xAxis ? String(round(toValue(xAxis, x))) : '', x }));
    warnings.push('The category labels could not be read; the line is read at its vertices.');
  }
  cats.forEach((c, i) => (c.name ||= `#${i + 1}`));
  const spacing = cats.length > 1 ? (cats[cats.length - 1]!.x - cats[0]!.x) / (cats.length - 1) : width;
  if (!yAxis) warnings.push('No value axis could be read: values are heights in pixels.');
  const valueOf = (y: number): number => (yAxis ? toValue(yAxis, y) : scene.plot[3] - y);
  const numbers = scene.phrases.filter((p) => p.value !== null && !used.has(p) && !(xAxis?.labels ?? []).includes(p));
  const taken = new Set<Phrase>();
  const tol = yAxis ? (yAxis.scale === 'log' ? 0 : 0.05 * axisSpan(yAxis)) : 0;
  const rows: ChartCell[][] = cats.map((cat) => [
    cat.name,
    ...series.map((k) => {
      const t = traces.get(k)!;
      const y = sampleAt(t, cat.x, Math.round(spacing * 0.6));
      if (y === null) return null;
      let v = valueOf(y);
      if (tol > 0) v = printedValue(v, numbers, (b) => (Math.abs(cx(b) - cat.x) < spacing / 2 ? Math.hypot(cx(b) - cat.x, cy(b) - y) : Infinity), 2 * th + 6, tol, taken);
      return round(v);
    }),
  ]);
  const seriesInfo = seriesList(scene, series);
  return {
    chart_type: 'line',
    title: titleOf(scene, used),
    axes: { x: axisInfo(xAxis, null), y: axisInfo(yAxis, null) },
    series: seriesInfo,
    table: { columns: ['category', ...seriesInfo.map((s) => s.name)], rows },
    confidence: confidence(scene, yAxis, row.length, cats.length),
    warnings,
    plot_area: scene.plot,
  };
}

function readScatter(scene: Scene): ChartExtraction {
  const { width, warnings, xAxis, yAxis } = scene;
  const series = orderSeries(scene);
  if (!xAxis || !yAxis) warnings.push('An axis of the scatter plot could not be read: coordinates are in pixels.');
  const seriesInfo = seriesList(scene, series);
  const rows: ChartCell[][] = [];
  series.forEach((k, i) => {
    for (const [x, y] of pointCentres(scene.marks.get(k)!, width).sort((a, b) => a[0] - b[0])) {
      const vx = round(xAxis ? toValue(xAxis, x + 0.5) : x), vy = round(yAxis ? toValue(yAxis, y + 0.5) : scene.plot[3] - y);
      rows.push(series.length > 1 ? [seriesInfo[i]!.name, vx, vy] : [vx, vy]);
    }
  });
  const used = new Set<Phrase>([...(xAxis?.labels ?? []), ...(yAxis?.labels ?? []), ...scene.legend.map((e) => e.phrase)]);
  return {
    chart_type: 'scatter',
    title: titleOf(scene, used),
    axes: { x: axisInfo(xAxis, null), y: axisInfo(yAxis, null) },
    series: seriesInfo,
    table: { columns: series.length > 1 ? ['series', 'x', 'y'] : ['x', 'y'], rows },
    confidence: confidence(scene, xAxis && yAxis, 1, 1),
    warnings,
    plot_area: scene.plot,
  };
}

function readPie(scene: Scene, disk: { cx: number; cy: number; r: number }): ChartExtraction {
  const { width, height, th, warnings } = scene;
  const label = new Int16Array(width * height).fill(-1);
  for (const [k, cs] of scene.marks) for (const c of cs) for (const i of c.pixels) label[i] = k;
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= width || y >= height ? -1 : label[y * width + x]!);
  const parts = slices(disk, at, scene.clusters.centres.length);
  if (parts.length === 0) return empty(scene, 'The pie could not be divided into slices.');
  const angleOf = (b: BBox): number => ((Math.atan2(cx(b) - disk.cx, -(cy(b) - disk.cy)) * 180) / Math.PI + 360) % 360;
  const dist = (b: BBox): number => Math.hypot(cx(b) - disk.cx, cy(b) - disk.cy);
  const within = (a: number, s: { start: number; end: number }): boolean => (a >= s.start && a < s.end) || (a + 360 >= s.start && a + 360 < s.end);
  const legendName = new Map(scene.legend.map((e) => [e.cluster, e.name]));
  const used = new Set<Phrase>(scene.legend.map((e) => e.phrase));
  // Names printed round the pie: each goes to the slice it points at.
  const outside = scene.phrases.filter((p) => !used.has(p) && /\p{L}/u.test(p.text) && dist(p.bbox) > 0.8 * disk.r && dist(p.bbox) < 1.8 * disk.r + 3 * th);
  const printedName = new Map<number, string>();
  for (const p of outside) {
    const a = angleOf(p.bbox);
    const i = parts.findIndex((s) => within(a, s));
    if (i >= 0 && !printedName.has(i)) {
      printedName.set(i, p.text.replace(/\s*[-\u2212]?\d[\d.,]*\s*%?$/, '').trim() || p.text);
      used.add(p);
    }
  }
  const numbers = scene.phrases.filter((p) => p.value !== null && !used.has(p) && dist(p.bbox) < 1.8 * disk.r);
  const rows = parts.map((s, i) => {
    let share = s.share * 100;
    const printed = numbers.filter((p) => within(angleOf(p.bbox), s)).sort((a, b) => dist(a.bbox) - dist(b.bbox));
    // A slice's printed number is its share (percent) when it agrees with the measured angle.
    const p = printed.find((q) => Math.abs(q.value! - share) <= 2.5);
    if (p) share = p.value!;
    const name = legendName.get(s.cluster) ?? printedName.get(i) ?? `slice ${i + 1}`;
    return { name, share, cluster: s.cluster, swatch: scene.legend.find((e) => e.cluster === s.cluster)?.swatch };
  });
  if (rows.every((r) => r.swatch)) rows.sort((a, b) => (Math.abs(a.swatch![1] - b.swatch![1]) > 4 ? a.swatch![1] - b.swatch![1] : a.swatch![0] - b.swatch![0]));
  const series: ChartSeries[] = rows.map((r) => ({ name: r.name, colour: hex(scene.clusters.centres[r.cluster]!) }));
  const named = rows.filter((r) => !r.name.startsWith('slice ')).length;
  return {
    chart_type: 'pie',
    title: titleOf(scene, used),
    axes: { x: null, y: null },
    series,
    table: { columns: ['label', 'share'], rows: rows.map((r) => [r.name, round(r.share)]) },
    confidence: Math.round((0.6 + 0.4 * (named / rows.length)) * 100) / 100,
    warnings: named < rows.length ? [...warnings, 'Some slices have no readable name.'] : warnings,
  };
}
