// Line, scatter and pie charts: a traced curve sampled at its categories, point centres in axis
// units, and slices measured by angle (printed shares preferred when they agree).
import type { BBox } from '../types.js';
import { toValue } from './axes.js';
import { centreline, coverage, pointCentres, sampleAt, sampleNearEnd, vertices, withoutCrumbs } from './lines.js';
import { vertexAt } from './line-vertex.js';
import { withoutRimTraces } from './line-rims.js';
import { fillCategoryGaps } from './category-gaps.js';
import { cutAtSlots, splitEvenRun } from './joined-labels.js';
import { fitDisk, slices, type Disk } from './pie.js';
import { legendRows, nameLike, rowsRound } from './pie-names.js';
import { evenTicks, vertexSlots } from './ticks.js';
import { hex, NOISY_GRAIN } from './raster.js';
import { withoutTickGlyphs } from './stray-glyphs.js';
import { cx, cy, type Phrase } from './text.js';
import type { ChartCell, ChartExtraction, ChartSeries } from './types.js';
import { axisInfo, axisSpan, categoryRow, confidence, empty, orderSeries, printedValue, round, seriesList, titleOf, type Scene } from './scene.js';

/** x positions where the line's categories sit: its label row, else the traced vertices. */
export function readLines(scene: Scene): ChartExtraction {
  const { width, th, warnings, yAxis, xAxis } = scene;
  const ordered = orderSeries(scene);
  // On a scan, crumbs (speckles, another line's blurred rim in a paler tint of its hue) would pull
  // the trace off its line; on a rendered chart small pieces are the line's own (ends cut by labels).
  const scanned = (scene.grain ?? 0) >= NOISY_GRAIN;
  const traces = new Map(ordered.map((k) => [k, centreline(scanned ? withoutCrumbs(scene.marks.get(k)!) : scene.marks.get(k)!, width)]));
  // A dark line's blurred rim read as a cluster of its own follows the line everywhere (line-rims.ts).
  const legendOf = new Set(scene.legend.map((e) => e.cluster));
  const area = (k: number): number => scene.marks.get(k)!.reduce((s, c) => s + c.area, 0);
  const series = scanned ? withoutRimTraces(ordered, traces, area, (k) => legendOf.has(k), Math.max(3, 0.3 * th)) : ordered;
  for (const k of ordered) if (!series.includes(k)) traces.delete(k);
  const used = new Set<Phrase>([...(yAxis?.labels ?? []), ...scene.legend.map((e) => e.phrase)]);
  const xs: number[] = [];
  for (const t of traces.values()) for (let x = 0; x < width; x++) if (!Number.isNaN(t[x]!)) xs.push(x);
  const span: [number, number] = [Math.min(...xs), Math.max(...xs)];
  const ys = [...scene.marks.values()].flat().flatMap((c) => [c.bbox[1], c.bbox[3]]);
  const pad = 0.04 * (span[1] - span[0]) + 3;
  const top = Math.min(...ys);
  // On a scan a row of labels under the marks read as one phrase is cut into its labels first (else
  // a row of tick marks read as glyphs, "I" and "1", outnumbers it); its parts stand for it in `used`.
  const whole = new Map<Phrase, Phrase>();
  // A label's box that OCR stretched up over a stroke above it (a dotted gridline's end) is judged
  // by its lowest line of text: the glyphs stand below the marks.
  const foot = (b: BBox): BBox => [b[0], Math.max(b[1], b[3] - 1.5 * th), b[2], b[3]];
  const near = scene.phrases.filter((p) => !used.has(p) && (p.bbox[3] <= top + 2 || belowMarks(scene, foot(p.bbox), Math.max(...ys))));
  const cands = scanned ? withoutTickGlyphs(near, th) : near;
  const row = categoryRow(
    scanned ? cands.flatMap((p) => (p.bbox[3] <= top + 2 ? [p] : splitEvenRun(p, (b) => b).map((q) => (q !== p && whole.set(q, p), q)))) : cands,
    (b) => b,
    [span[0] - pad, span[1] + pad],
    [top, -Infinity],
    th,
  );
  row.forEach((p) => used.add(whole.get(p) ?? p).add(p));
  let cats: { name: string; x: number }[];
  // Ticks on the axis mark every category, labelled or not (labels drawn at an angle are not read).
  const marked = evenTicks((scene.xTicks ?? []).filter((x) => x >= span[0] - pad && x <= span[1] + pad));
  const under = row.every((p) => p.bbox[1] >= top);
  // No ticks: the series' bends stand for them where the labels run together (see bendSlots).
  const ticks = marked.length >= 2 || scanned || row.length < 2 || !under ? marked : bendSlots([...traces.values()], row, th);
  // Labels set edge to edge and read as one are cut at the ticks, under the marks only (not a title above them).
  if (ticks.length >= 2 && ticks.length > row.length) cats = namedTicks(ticks, under ? cutAtSlots(row, ticks, (b) => b) : row);
  else if (row.length >= 2) cats = fillCategoryGaps(row.map((p) => ({ name: p.text, x: cx(p.bbox) })));
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
      const y = vertexAt(t, cat.x, spacing) ?? sampleAt(t, cat.x, Math.round(spacing * 0.6)) ?? sampleNearEnd(t, cat.x, Math.min(Math.round(0.3 * spacing), Math.max(6, Math.round(0.5 * th))));
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

/**
 * A label under the plot: below the axis line and below the marks in its own columns. A line that
 * dips to the axis at one category (or runs down a turned scan's slope) reaches lower than the labels
 * under the other categories stand; without an axis, below every mark.
 */
export function belowMarks(scene: Pick<Scene, 'marks' | 'ruled' | 'yAxis' | 'width'>, b: BBox, lowest: number): boolean {
  // No axis line found (a faint one on a scan): the value axis's lowest tick label stands in for it.
  const base = scene.ruled ? scene.ruled[3] - 3 : scene.yAxis ? Math.max(...scene.yAxis.labels.map((l) => cy(l.bbox))) : undefined;
  if (base === undefined) return b[1] >= lowest - 2;
  const { width } = scene;
  let floor = base;
  const x0 = Math.max(0, Math.floor(b[0])), x1 = Math.min(width, Math.ceil(b[2]));
  for (const cs of scene.marks.values())
    for (const c of cs) {
      if (c.bbox[2] <= x0 || c.bbox[0] >= x1 || c.bbox[3] <= floor) continue;
      for (const i of c.pixels) {
        const x = i % width;
        if (x >= x0 && x < x1) floor = Math.max(floor, (i - x) / width + 1);
      }
    }
  return b[1] >= floor - 2;
}

/**
 * The series' pooled bends at even steps, taken for the categories only where the labels ran
 * together and the bends account for them exactly: a label spans two bends or more, and cut at the
 * bends the row names every bend once (one part within half a step of each). Bends without a
 * label (a dense series labelled every few points) or labels without a bend leave the row as read.
 */
function bendSlots(traces: Float64Array[], row: Phrase[], th: number): number[] {
  const slots = vertexSlots(traces.map((t) => vertices(t, Math.max(1.5, th * 0.2)).map(([x]) => x)), Math.max(3, 0.6 * th));
  if (slots.length < 3 || slots.length <= row.length) return [];
  if (!row.some((p) => slots.filter((x) => x > p.bbox[0] && x < p.bbox[2]).length >= 2)) return [];
  const d = (slots[slots.length - 1]! - slots[0]!) / (slots.length - 1);
  const parts = cutAtSlots(row, slots, (b) => b);
  if (parts.length !== slots.length) return [];
  return parts.every((p, i) => Math.abs(cx(p.bbox) - slots[i]!) < 0.5 * d) ? slots : [];
}

/** Each tick takes the label centred nearest to it, within half the tick spacing. */
function namedTicks(ticks: number[], row: Phrase[]): { name: string; x: number }[] {
  const d = (ticks[ticks.length - 1]! - ticks[0]!) / (ticks.length - 1);
  const names = ticks.map(() => '');
  for (const p of row) {
    let best = -1;
    ticks.forEach((t, i) => (Math.abs(t - cx(p.bbox)) < 0.5 * d && (best < 0 || Math.abs(t - cx(p.bbox)) < Math.abs(ticks[best]! - cx(p.bbox))) ? (best = i) : 0));
    if (best >= 0 && !names[best]) names[best] = p.text;
  }
  return ticks.map((x, i) => ({ name: names[i]!, x }));
}

export function readScatter(scene: Scene): ChartExtraction {
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

export function readPie(scene: Scene, found: Disk): ChartExtraction {
  const { width, height, th, warnings } = scene;
  const raw = scene.clusters.label;
  const disk = fitDisk(found, (x, y) => (x < 0 || y < 0 || x >= width || y >= height ? -1 : scene.marks.has(raw[y * width + x]!) ? 1 : raw[y * width + x] === -1 ? -1 : 0));
  const label = new Int16Array(width * height).fill(-1);
  for (const [k, cs] of scene.marks) for (const c of cs) for (const i of c.pixels) label[i] = k;
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= width || y >= height ? -1 : label[y * width + x]!);
  const parts = slices(disk, at, scene.clusters.centres.length, (scene.grain ?? 0) >= NOISY_GRAIN);
  if (parts.length === 0) return empty(scene, 'The pie could not be divided into slices.');
  const angleOf = (b: BBox): number => ((Math.atan2(cx(b) - disk.cx, -(cy(b) - disk.cy)) * 180) / Math.PI + 360) % 360;
  const dist = (b: BBox): number => Math.hypot(cx(b) - disk.cx, cy(b) - disk.cy);
  const within = (a: number, s: { start: number; end: number }): boolean => (a >= s.start && a < s.end) || (a + 360 >= s.start && a + 360 < s.end);
  const legendName = new Map(scene.legend.map((e) => [e.cluster, e.name]));
  const used = new Set<Phrase>(scene.legend.map((e) => e.phrase));
  // Names printed round the pie: each goes to the slice it points at.
  // The nearest name a slice points at is its own (a title above the pie points at a slice too, from farther off).
  const outside = scene.phrases
    .filter((p) => !used.has(p) && nameLike(p) && dist(p.bbox) > 0.8 * disk.r && dist(p.bbox) < 1.8 * disk.r + 3 * th)
    .sort((a, b) => dist(a.bbox) - dist(b.bbox));
  const printedName = new Map<number, string>();
  for (const p of outside) {
    const a = angleOf(p.bbox);
    const i = parts.findIndex((s) => within(a, s));
    if (i >= 0 && !printedName.has(i)) {
      printedName.set(i, p.text.replace(/\s*[-\u2212]?\d[\d.,]*\s*%?$/, '').trim() || p.text);
      used.add(p);
    }
  }
  // A colour on two slices or more: the legend's rows, in order round the pie, name them.
  const colours = parts.map((s) => s.cluster);
  const byRow = new Set(colours).size < colours.length ? rowsRound(colours, legendRows(scene.legend, scene.phrases, th, { width, height, label: scene.clusters.label }, new Set(scene.marks.keys()))) : undefined;
  const numbers = scene.phrases.filter((p) => p.value !== null && !used.has(p) && dist(p.bbox) < 1.8 * disk.r);
  const rows = parts.map((s, i) => {
    let share = s.share * 100;
    const printed = numbers.filter((p) => within(angleOf(p.bbox), s)).sort((a, b) => dist(a.bbox) - dist(b.bbox));
    // A slice's printed number is its share (percent) when it agrees with the measured angle.
    const p = printed.find((q) => Math.abs(q.value! - share) <= 2.5);
    if (p) share = p.value!;
    const name = byRow?.[i]?.name ?? legendName.get(s.cluster) ?? printedName.get(i) ?? `slice ${i + 1}`;
    return { name, share, cluster: s.cluster, swatch: byRow?.[i]?.swatch ?? scene.legend.find((e) => e.cluster === s.cluster)?.swatch };
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

