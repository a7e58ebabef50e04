// Pie charts drawn as wedges: filled shapes that share one point (the centre) and whose arc
// (from its first point on the circle to its last, through the bezier control points between)
// sweeps an angle; the shares are the angles over the full turn, and together they close the circle.
import type { ChartExtraction } from '../types.js';
import type { Item } from './primitives.js';
import { snap } from './scale.js';
import { legendOrder, seriesOf, titleAbove, union, type VectorScene } from './scene.js';

interface Wedge {
  item: Item;
  /** Clockwise from 12 o'clock (y down), radians. */
  start: number;
  span: number;
}

const TURN = 2 * Math.PI;

/** The point most wedges share (within half a pixel), and how many share it. */
function sharedPoint(blobs: Item[]): [number, number] | undefined {
  let best: [number, number] | undefined, count = 1;
  for (const p of blobs[0]?.points ?? []) {
    const n = blobs.filter((b) => b.points.some((q) => Math.abs(q[0] - p[0]) <= 0.5 && Math.abs(q[1] - p[1]) <= 0.5)).length;
    if (n > count) [best, count] = [p, n];
  }
  return count >= Math.max(2, 0.8 * blobs.length) ? best : undefined;
}

function wedgeOf(item: Item, c: [number, number]): Wedge | undefined {
  const pts = item.points.filter(([x, y]) => Math.hypot(x - c[0], y - c[1]) > 0.5);
  const dist = pts.map(([x, y]) => Math.hypot(x - c[0], y - c[1]));
  // A wedge is drawn from the centre to its arc or from its arc's start: either way the first
  // point off the centre is on the circle (control points need not be).
  const r = dist[0] ?? 0;
  const on = dist.map((d) => Math.abs(d - r) <= 0.002 * r + 0.05);
  const first = on.indexOf(true), last = on.lastIndexOf(true);
  if (!Number.isFinite(r) || r < 3 || first < 0 || last <= first) return undefined;
  // The arc runs from its first point on the circle to its last, through its control points
  // (each step under half a turn): the signed sum of the steps is its span.
  const angle = ([x, y]: [number, number]): number => Math.atan2(x - c[0], -(y - c[1]));
  let sweep = 0;
  for (let i = first + 1; i <= last; i++) {
    let d = angle(pts[i]!) - angle(pts[i - 1]!);
    if (d > Math.PI) d -= TURN;
    if (d <= -Math.PI) d += TURN;
    sweep += d;
  }
  const start = (((sweep >= 0 ? angle(pts[first]!) : angle(pts[last]!)) % TURN) + TURN) % TURN;
  return { item, start, span: Math.abs(sweep) };
}

/** Null unless the wedges share a centre and close the circle. */
export function readVectorPie(scene: VectorScene, blobs: Item[]): ChartExtraction | null {
  const filled = blobs.filter((b) => b.filled && b.points.length >= 3);
  if (filled.length < 2) return null;
  const centre = sharedPoint(filled);
  if (!centre) return null;
  const wedges = filled.map((b) => wedgeOf(b, centre)).filter((w): w is Wedge => w !== undefined);
  const total = wedges.reduce((s, w) => s + w.span, 0);
  if (wedges.length < 2 || Math.abs(total - TURN) > 0.01 * TURN) return null;
  // Slices by colour (one slice may be drawn in pieces), in legend order, else clockwise from 12 o'clock.
  const byColour = new Map<string, number>();
  for (const w of [...wedges].sort((a, b) => a.start - b.start)) byColour.set(w.item.colour, (byColour.get(w.item.colour) ?? 0) + w.span);
  const colours = legendOrder([...byColour.keys()], scene.legend);
  const info = seriesOf(scene, colours).map((s, i) => (scene.legend.some((e) => e.colour === s.colour) ? s : { ...s, name: `slice ${i + 1}` }));
  const named = info.filter((s) => !s.name.startsWith('slice ')).length;
  return {
    chart_type: 'pie',
    title: titleAbove(scene, union(wedges.map((w) => w.item.bbox)), new Set(scene.legend.map((e) => e.phrase))),
    axes: { x: null, y: null },
    series: info,
    // Angles are exact to about 1e-5 of a turn: shares to a thousandth of a percent.
    table: { columns: ['label', 'share'], rows: colours.map((c, i) => [info[i]!.name, snap((100 * byColour.get(c)!) / TURN, 0.005)]) },
    confidence: Math.round((0.6 + 0.4 * (named / colours.length)) * 100) / 100,
    warnings: named < colours.length ? [...scene.warnings, 'Some slices have no readable name.'] : scene.warnings,
  };
}
