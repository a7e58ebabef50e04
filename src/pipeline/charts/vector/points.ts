// Line and scatter charts drawn as paths: a line series is the vertices of its polylines (one
// colour), read at each category's x; a scatter series is the centres of its repeated markers.
import { categoryRow } from '../scene.js';
import { cx, type Phrase } from '../text.js';
import type { ChartCell, ChartExtraction } from '../types.js';
import type { Item } from './primitives.js';
import { readValue } from './scale.js';
import { axisSummary, confidenceOf, legendOrder, seriesOf, titleAbove, union, type VectorScene } from './scene.js';

/** Vertices of one colour's polylines by x (the first drawn wins where two share an x). */
function vertices(lines: Item[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const l of lines) for (const p of l.points) if (!out.some((q) => Math.abs(q[0] - p[0]) <= 0.5)) out.push(p);
  return out.sort((a, b) => a[0] - b[0]);
}

export function readVectorLines(scene: VectorScene, lines: Item[]): ChartExtraction | null {
  const { yAxis, xAxis, th } = scene;
  if (!yAxis) return null;
  const byColour = new Map<string, Item[]>();
  for (const l of lines) byColour.set(l.colour, [...(byColour.get(l.colour) ?? []), l]);
  const verts = new Map([...byColour].map(([c, ls]) => [c, vertices(ls)]));
  // The categories: every x a vertex stands at (series may skip some).
  const xs: number[] = [];
  for (const vs of verts.values()) for (const [x] of vs) if (!xs.some((q) => Math.abs(q - x) <= 0.5)) xs.push(x);
  xs.sort((a, b) => a - b);
  if (xs.length < 2) return null;
  const spacing = Math.min(...xs.slice(1).map((x, i) => x - xs[i]!));
  const used = new Set<Phrase>([...yAxis.labels, ...scene.legend.map((e) => e.phrase)]);
  const ys = lines.flatMap((l) => [l.bbox[1], l.bbox[3]]);
  const pad = 0.5 * spacing + 3;
  const row = categoryRow(
    scene.phrases.filter((p) => !used.has(p)),
    (b) => b,
    [xs[0]! - pad, xs[xs.length - 1]! + pad],
    [Math.min(...ys), Math.max(...ys)],
    th,
  );
  row.forEach((p) => used.add(p));
  let named = 0;
  const cats = xs.map((x, i) => {
    const p = row.find((q) => Math.abs(cx(q.bbox) - x) <= Math.max(0.3 * spacing, 1));
    if (p) named++;
    return { x, name: p?.text ?? (xAxis ? String(readValue(xAxis, x)) : `#${i + 1}`) };
  });
  if (named < cats.length) scene.warnings.push('Some category labels could not be matched to the line vertices.');
  const colours = legendOrder([...verts.keys()], scene.legend);
  const info = seriesOf(scene, colours);
  const rows: ChartCell[][] = cats.map((cat) => [
    cat.name,
    ...colours.map((c) => {
      const v = verts.get(c)!.find((p) => Math.abs(p[0] - cat.x) <= 0.5);
      return v ? readValue(yAxis, v[1]) : null;
    }),
  ]);
  const plot = union(lines.map((l) => l.bbox));
  return {
    chart_type: 'line',
    title: titleAbove(scene, plot, used),
    axes: { x: axisSummary(xAxis), y: axisSummary(yAxis) },
    series: info,
    table: { columns: ['category', ...info.map((s) => s.name)], rows },
    confidence: confidenceOf([yAxis], named, cats.length),
    warnings: scene.warnings,
    plot_area: plot,
  };
}

export function readVectorScatter(scene: VectorScene, marks: Item[]): ChartExtraction | null {
  const { xAxis, yAxis } = scene;
  if (!xAxis || !yAxis || marks.length === 0) return null;
  const colours = legendOrder([...new Set(marks.map((m) => m.colour))], scene.legend);
  const info = seriesOf(scene, colours);
  const rows: ChartCell[][] = [];
  colours.forEach((c, i) => {
    const pts = marks.filter((m) => m.colour === c).map((m) => [(m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2] as const);
    for (const [x, y] of [...pts].sort((a, b) => a[0] - b[0])) {
      const vx = readValue(xAxis, x), vy = readValue(yAxis, y);
      rows.push(colours.length > 1 ? [info[i]!.name, vx, vy] : [vx, vy]);
    }
  });
  const used = new Set<Phrase>([...xAxis.labels, ...yAxis.labels, ...scene.legend.map((e) => e.phrase)]);
  const plot = union(marks.map((m) => m.bbox));
  return {
    chart_type: 'scatter',
    title: titleAbove(scene, plot, used),
    axes: { x: axisSummary(xAxis), y: axisSummary(yAxis) },
    series: info,
    table: { columns: colours.length > 1 ? ['series', 'x', 'y'] : ['x', 'y'], rows },
    confidence: confidenceOf([xAxis, yAxis], 1, 1),
    warnings: scene.warnings,
    plot_area: plot,
  };
}
