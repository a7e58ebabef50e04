// Bar charts (vertical, horizontal, grouped, stacked): bars measured along their length from the
// baseline, grouped into categories by their label row, values from the value axis.
import { median, toPixel, toValue } from './axes.js';
import { barsOf, baseline, groupBars, presence, type Bar, type BarView } from './bars.js';
import { barsByLabel } from './category-slots.js';
import { legendWithoutRims, rimSeries } from './rim-series.js';
import { cutAtSlots } from './joined-labels.js';
import { NOISY_GRAIN } from './raster.js';
import { withoutTickGlyphs } from './stray-glyphs.js';
import { cx, cy, type Phrase } from './text.js';
import type { ChartCell, ChartExtraction, ChartType } from './types.js';
import { axisInfo, axisSpan, categoryRow, confidence, empty, isBarLike, orderSeries, printedValue, round, seriesList, titleOf, type Scene, type ToView } from './scene.js';

export function readBars(scene: Scene, upright: boolean | undefined): ChartExtraction {
  const { width, height, th, warnings } = scene;
  let series = orderSeries(scene);
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
  // Dark glyphs of a value label printed on a bar, where the OCR missed the label, are ink of no series.
  const cl = scene.clusters.label;
  const over = (i: number): boolean => cl[i] === -2 || (cl[i]! >= 0 && !scene.marks.has(cl[i]!));
  const bridge = Math.round(1.5 * th);
  const present = presence(label, width, vertical, vertical ? width : height, series);
  const view: BarView = vertical
    ? { nu: width, nv: height, at: (u, v) => label[v * width + u]!, hidden: (u, v) => scene.skip[v * width + u] === 1, over: (u, v) => over(v * width + u), bridge, under: (u, v) => cl[v * width + u]!, present }
    : { nu: height, nv: width, at: (u, v) => label[u * width + v]!, hidden: (u, v) => scene.skip[u * width + v] === 1, over: (u, v) => over(u * width + v), bridge, under: (u, v) => cl[u * width + v]!, present };
  const toView: ToView = vertical ? (b) => b : (b) => [b[1], b[0], b[3], b[2]];
  let bars = withoutSlivers(series.flatMap((k) => barsOf(view, k)), series);
  const rims = (scene.grain ?? 0) >= NOISY_GRAIN ? rimSeries(bars, series) : new Set<number>();
  if (rims.size) {
    // Without the rims the legend may name another series, and the order follows the legend.
    scene.legend = legendWithoutRims(scene.legend, rims, series.filter((k) => !rims.has(k)));
    series = orderSeries(scene).filter((k) => series.includes(k) && !rims.has(k));
    bars = bars.filter((b) => !rims.has(b.series));
  }
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
  const gCentre = (g: Bar[]): number => (Math.min(...g.map((b) => b.u0)) + Math.max(...g.map((b) => b.u1))) / 2;
  const free = scene.phrases.filter((p) => !used.has(p));
  const row = categoryRow(
    (scene.grain ?? 0) >= NOISY_GRAIN ? withoutTickGlyphs(free, th) : free,
    toView,
    [uSpan[0] - pad, uSpan[1] + pad],
    vSpan,
    th,
  );
  row.forEach((p) => used.add(p));
  // Fewer labels than groups: labels set edge to edge may have been read as one. Only a row on
  // the baseline's side is cut (a title over the bars can stand in for unread turned labels).
  const onBaseSide = (p: Phrase): boolean => Math.abs(cy(toView(p.bbox)) - base) < Math.abs(cy(toView(p.bbox)) - (Math.abs(vSpan[0] - base) > Math.abs(vSpan[1] - base) ? vSpan[0] : vSpan[1]));
  const catLabels = row.length < groups.length && groups.length >= 2 && row.every(onBaseSide) ? cutAtSlots(row, groups.map(gCentre), toView) : row;

  // Categories: by their labels when read, else by the bars' grouping.
  interface Category {
    name: string;
    bars: Bar[];
    centre: number;
  }
  let cats: Category[];
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
    cats = catLabels.map((p) => ({ name: p.text, bars: [] as Bar[], centre: cx(toView(p.bbox)) })).sort((a, b) => a.centre - b.centre);
    // Evenly spaced labels place grouped bars better than the gaps do (a missing bar splits a group);
    // stacked slots are whole categories already.
    const all = groups.flat();
    const byLabel = stacked ? undefined : barsByLabel(cats, all);
    if (byLabel) all.forEach((b, i) => cats[byLabel[i]!]!.bars.push(b));
    const spacing = joinSpacing(cats.map((c) => c.centre), groups.map(gCentre));
    for (const g of byLabel ? [] : groups) {
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

/**
 * How far a bar group may lie from the label it joins: the spacing of the labels, but no more
 * than the groups' own spacing (garbled labels of a rotated row can be fewer and far apart: they
 * name the groups they sit by, and the other groups become categories of their own).
 */
export function joinSpacing(labelCentres: number[], groupCentres: number[]): number {
  const spacing = (xs: number[]): number => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length > 1 ? (s[s.length - 1]! - s[0]!) / (s.length - 1) : Infinity;
  };
  return Math.min(spacing(labelCentres), spacing(groupCentres));
}

/**
 * Bars without the series whose every bar is a sliver (under 1.5 % of the longest bar, 3 pixels
 * at least): a scan's blurred axis line or a bar's rim along the baseline, in a colour of its own,
 * read as a series of zeros that also made grouped bars look stacked. `series` loses them in place.
 */
export function withoutSlivers(bars: Bar[], series: number[]): Bar[] {
  if (series.length < 2) return bars;
  const longest = new Map<number, number>();
  for (const b of bars) longest.set(b.series, Math.max(longest.get(b.series) ?? 0, b.v1 - b.v0));
  const top = Math.max(0, ...longest.values());
  const slivers = new Set(series.filter((k) => (longest.get(k) ?? 0) < Math.max(3, 0.015 * top)));
  if (slivers.size === 0 || slivers.size === series.length) return bars;
  const kept = series.filter((k) => !slivers.has(k));
  series.splice(0, series.length, ...kept);
  return bars.filter((b) => !slivers.has(b.series));
}
