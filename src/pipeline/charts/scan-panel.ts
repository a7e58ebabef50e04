// A plot panel filled with a light grey (ggplot- and seaborn-like themes) on a scan: flattenPanel
// finds panels by their one exact colour, which a scan's grain does not leave, so on a scan the
// panel stays as a pale grey colour cluster inside the plot. Taken for a series it adds a phantom
// series, and white gridlines cut it into tall strips that pass for bars (or its area, beside the
// bars, makes a bar chart read as lines).
import { chroma, type ColourClusters } from './raster.js';
import type { Component } from './marks.js';

/** A panel's ground lies along this share of each of its outer edges (gridlines and marks cut it in places). */
const EDGE_SHARE = 0.6;
/** And fills at least this share of its box. */
const FILL = 0.3;

/**
 * Grey clusters that are a panel: pale (nearer the paper than the darkest ink), their pieces
 * together filling a large box that is most of the plot, and lying along its top, left and right
 * edges. Bars of one pale grey reach the top edge only with the tallest bar, and the side
 * edges only with the outer bars; a line or a point series fills no box.
 */
export function panelClusters(comps: Component[], clusters: ColourClusters, width: number, plot: readonly [number, number, number, number], greyChroma: number): Set<number> {
  const out = new Set<number>();
  const bg = clusters.background;
  const lum = (c: readonly number[]): number => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
  const byCluster = new Map<number, Component[]>();
  for (const c of comps) byCluster.set(c.cluster, [...(byCluster.get(c.cluster) ?? []), c]);
  const pw = plot[2] - plot[0], ph = plot[3] - plot[1];
  for (const [k, cs] of byCluster) {
    const centre = clusters.centres[k]!;
    if (chroma(centre) >= greyChroma || lum(bg) - lum(centre) > 50) continue;
    // The panel's box is that of its largest pieces (cells between gridlines), nine-tenths of its
    // area; crumbs of grey text lie outside it.
    const total = cs.reduce((s, c) => s + c.area, 0);
    const big: Component[] = [];
    let held = 0;
    for (const c of [...cs].sort((a, b) => b.area - a.area)) {
      if (held >= 0.9 * total) break;
      big.push(c);
      held += c.area;
    }
    const box = [Math.min(...big.map((c) => c.bbox[0])), Math.min(...big.map((c) => c.bbox[1])), Math.max(...big.map((c) => c.bbox[2])), Math.max(...big.map((c) => c.bbox[3]))] as const;
    const bw = box[2] - box[0], bh = box[3] - box[1];
    if (bw < 0.7 * pw || bh < 0.7 * ph || bw < 20 || bh < 20) continue;
    if (big.reduce((s, c) => s + c.area, 0) < FILL * bw * bh) continue;
    // Each edge read along the best of the box's outer lines, 3 % of the box deep (a blurred edge
    // fades; ticks or a frame's crumbs joined on stick out a few pixels).
    const share = (horizontal: boolean, at: number): number => {
      let hit = 0, all = 0;
      const [from, to] = horizontal ? [box[0], box[2]] : [box[1], box[3]];
      for (let v = from; v < to; v++, all++) if (clusters.label[horizontal ? at * width + v : v * width + at] === k) hit++;
      return hit / Math.max(1, all);
    };
    const edge = (horizontal: boolean, at: number, step: number): number => {
      let best = 0;
      for (let d = 0; d <= Math.max(2, Math.round(0.03 * (horizontal ? bh : bw))); d++) best = Math.max(best, share(horizontal, at + d * step));
      return best;
    };
    if (edge(true, box[1], 1) >= EDGE_SHARE && edge(false, box[0], 1) >= EDGE_SHARE && edge(false, box[2] - 1, -1) >= EDGE_SHARE) out.add(k);
  }
  return out;
}
