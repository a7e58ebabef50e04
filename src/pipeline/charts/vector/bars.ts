// Bar charts drawn as filled rectangles: bars measured from their drawn ends on the value axis,
// columns (bars sharing their span across the axis: a stack) grouped into categories by their
// label row, series by fill colour.
import type { BBox } from '../../types.js';
import { median } from '../axes.js';
import { categoryRow } from '../scene.js';
import { cx, type Phrase } from '../text.js';
import type { ChartCell, ChartExtraction, ChartType } from '../types.js';
import type { Item } from './primitives.js';
import { pixelOf, precisionOf, readSpan, readValue } from './scale.js';
import { axisSummary, confidenceOf, legendOrder, seriesOf, titleAbove, union, type VectorScene } from './scene.js';

interface Bar {
  item: Item;
  u0: number;
  u1: number;
  v0: number;
  v1: number;
}

/** Share of values within half a pixel of their most common value. */
function modalShare(xs: number[]): number {
  let best = 0;
  for (const x of xs) best = Math.max(best, xs.filter((y) => Math.abs(y - x) <= 0.5).length);
  return xs.length ? best / xs.length : 0;
}

/** The coordinate most ends share (the baseline where no zero is drawn, e.g. a log axis). */
function modalEnd(ends: number[]): number {
  let best = ends[0]!, n = 0;
  for (const e of ends) {
    const k = ends.filter((x) => Math.abs(x - e) <= 0.5).length;
    if (k > n) [best, n] = [e, k];
  }
  return best;
}

/** Are the rectangles standing up (vertical bars) rather than lying (horizontal bars)? */
export function standing(scene: VectorScene, rects: Item[]): boolean {
  const w = rects.map((r) => r.bbox[2] - r.bbox[0]), h = rects.map((r) => r.bbox[3] - r.bbox[1]);
  let sv = modalShare(w) + modalShare(rects.flatMap((r) => [r.bbox[1], r.bbox[3]])) / 2;
  let sh = modalShare(h) + modalShare(rects.flatMap((r) => [r.bbox[0], r.bbox[2]])) / 2;
  if (scene.yAxis && !scene.xAxis) sv += 0.25;
  if (scene.xAxis && !scene.yAxis) sh += 0.25;
  return sv >= sh;
}

export function readVectorBars(scene: VectorScene, rects: Item[], vertical: boolean): ChartExtraction | null {
  const { th } = scene;
  let axis = vertical ? scene.yAxis : scene.xAxis;
  if (!axis || rects.length === 0) return null;
  const toView = (b: BBox): BBox => (vertical ? b : [b[1], b[0], b[3], b[2]]);
  const bars: Bar[] = rects.map((item) => {
    const [u0, v0, u1, v1] = toView(item.bbox);
    return { item, u0, u1, v0, v1 };
  });
  const ends = bars.flatMap((b) => [b.v0, b.v1]);
  const vSpan: [number, number] = [Math.min(...ends), Math.max(...ends)];
  let zero = axis.scale === 'linear' ? pixelOf(axis, 0) : undefined;
  const common = modalEnd(ends);
  // Bars stand on zero: where their common base lies within the scale's uncertainty of it, it is
  // zero's exact position (ticks and axis lines may be drawn half a unit off for crispness).
  if (zero !== undefined && axis.exactSlope && Math.abs(common - zero) <= Math.max(axis.slack, 0.05 * th) && ends.filter((e) => Math.abs(e - common) <= 0.01).length >= 2) {
    axis = { ...axis, a: -axis.b * common, slack: precisionOf(th) };
    zero = common;
  }
  const base = zero !== undefined && zero >= vSpan[0] - 0.5 && zero <= vSpan[1] + 0.5 ? zero : common;

  // Columns: bars over the same span across the axis (one bar, or a stack).
  const sorted = [...bars].sort((a, b) => a.u0 + a.u1 - b.u0 - b.u1);
  const columns: Bar[][] = [];
  for (const b of sorted) {
    const col = columns[columns.length - 1];
    const last = col?.[0];
    if (col && last && Math.min(b.u1, last.u1) - Math.max(b.u0, last.u0) >= 0.5 * Math.min(b.u1 - b.u0, last.u1 - last.u0)) col.push(b);
    else columns.push([b]);
  }
  const stacked = columns.some((c) => new Set(c.map((b) => b.item.colour)).size > 1);
  const colours: string[] = [];
  for (const c of columns) for (const b of [...c].sort((x, y) => Math.abs(x.v0 + x.v1 - 2 * base) - Math.abs(y.v0 + y.v1 - 2 * base))) if (!colours.includes(b.item.colour)) colours.push(b.item.colour);

  const used = new Set<Phrase>([...axis.labels, ...scene.legend.map((e) => e.phrase)]);
  const uSpan: [number, number] = [Math.min(...bars.map((b) => b.u0)), Math.max(...bars.map((b) => b.u1))];
  const colCentre = (c: Bar[]): number => (Math.min(...c.map((b) => b.u0)) + Math.max(...c.map((b) => b.u1))) / 2;
  const pad = 0.5 * median(columns.map((c) => Math.max(...c.map((b) => b.u1)) - Math.min(...c.map((b) => b.u0)))) * Math.max(1, colours.length);
  const labels = categoryRow(
    scene.phrases.filter((p) => !used.has(p)),
    toView,
    [uSpan[0] - pad, uSpan[1] + pad],
    vSpan,
    th,
  );
  labels.forEach((p) => used.add(p));

  interface Category {
    name: string;
    centre: number;
    bars: Bar[];
  }
  let cats: Category[];
  if (labels.length >= 1) {
    cats = labels.map((p) => ({ name: p.text, centre: cx(toView(p.bbox)), bars: [] }));
    const spacing = cats.length > 1 ? (cats[cats.length - 1]!.centre - cats[0]!.centre) / (cats.length - 1) : uSpan[1] - uSpan[0] + 2 * pad;
    for (const c of columns) {
      const m = colCentre(c);
      let best = cats[0]!;
      for (const cat of cats) if (Math.abs(cat.centre - m) < Math.abs(best.centre - m)) best = cat;
      if (Math.abs(best.centre - m) <= 0.75 * spacing) best.bars.push(...c);
      else cats.push({ name: '', centre: m, bars: [...c] });
    }
    cats = cats.filter((c) => c.bars.length > 0 || c.name !== '').sort((a, b) => a.centre - b.centre);
  } else {
    cats = groupColumns(columns, stacked || colours.length === 1).map((g) => ({ name: '', centre: colCentre(g), bars: g }));
    scene.warnings.push('The category labels could not be read; categories are numbered.');
  }
  cats.forEach((c, i) => (c.name ||= `#${i + 1}`));

  let series = colours;
  if (scene.legend.length > 0 && colours.every((c) => scene.legend.some((e) => e.colour === c))) series = legendOrder(colours, scene.legend);
  const rows: ChartCell[][] = cats.map((cat) => [
    cat.name,
    ...series.map((colour): ChartCell => {
      const mine = cat.bars.filter((b) => b.item.colour === colour).sort((a, b) => b.u1 - b.u0 - (a.u1 - a.u0));
      const b = mine[0];
      if (!b) return axis.scale === 'linear' ? 0 : null;
      const near = Math.abs(b.v0 - base) <= Math.abs(b.v1 - base) ? b.v0 : b.v1;
      const far = near === b.v0 ? b.v1 : b.v0;
      return axis.scale === 'log' && Math.abs(near - base) <= 0.5 ? readValue(axis, far) : readSpan(axis, near, far);
    }),
  ]);
  const layout = series.length === 1 ? 'single' : stacked ? 'stacked' : 'grouped';
  const chartType: ChartType = !vertical ? 'horizontal_bar' : layout === 'single' ? 'bar' : layout === 'stacked' ? 'stacked_bar' : 'grouped_bar';
  const info = seriesOf(scene, series);
  const plot = union(rects.map((r) => r.bbox));
  return {
    chart_type: chartType,
    title: titleAbove(scene, plot, used),
    axes: { x: axisSummary(scene.xAxis), y: axisSummary(scene.yAxis) },
    series: info,
    table: { columns: ['category', ...info.map((s) => s.name)], rows },
    confidence: confidenceOf([axis], labels.length, cats.length),
    warnings: scene.warnings,
    bar_layout: layout,
    plot_area: plot,
  };
}

/**
 * Columns into categories without labels: each column is one where a column holds every series
 * (single series, stacks); else neighbours closer than the gap between groups go together.
 */
function groupColumns(columns: Bar[][], each: boolean): Bar[][] {
  if (each || columns.length < 2) return columns;
  const gaps = columns.slice(1).map((c, i) => Math.min(...c.map((b) => b.u0)) - Math.max(...columns[i]!.map((b) => b.u1)));
  const lo = Math.min(...gaps), hi = Math.max(...gaps);
  if (hi - lo <= 0.5) return columns;
  const cut = (lo + hi) / 2;
  const groups: Bar[][] = [[...columns[0]!]];
  columns.slice(1).forEach((c, i) => (gaps[i]! > cut ? groups.push([...c]) : groups[groups.length - 1]!.push(...c)));
  return groups;
}
