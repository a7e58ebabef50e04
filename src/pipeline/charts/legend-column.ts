// Legend entries whose swatch was not found as a mark of its own: a legend drawn over the data
// (inside the plot) puts a swatch on a bar or line of the same colour, and the two become one
// component. The entries of a legend column share their layout, so the words stacked under (or
// over) an entry already found, left-aligned with its name, have their swatch at the same offset:
// the series colour that covers that spot names the entry.
import type { BBox } from '../types.js';
import { cleanName, type LegendEntry } from './marks.js';
import { bh, cy, type Phrase } from './text.js';

export interface LabelGrid {
  width: number;
  height: number;
  /** Per pixel: colour cluster, negative for background and blends. */
  label: Int16Array;
}

/**
 * `known`: entries found by their own swatches; `series`: the clusters that are data colours;
 * `exclude`: phrases with another role (axis labels). Returns `known` with the entries added.
 */
export function completeLegendColumns(known: LegendEntry[], phrases: Phrase[], th: number, grid: LabelGrid, series: Set<number>, exclude: Set<Phrase>): LegendEntry[] {
  const out = [...known];
  const named = new Set(out.map((e) => e.phrase));
  const has = new Set(out.map((e) => e.cluster));
  const words = phrases.filter((p) => !exclude.has(p) && !named.has(p) && /[\p{L}\p{N}]/u.test(p.text));
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of [...out]) {
      const pitch = Math.max(th, bh(e.phrase.bbox));
      for (const p of words) {
        if (named.has(p)) continue;
        // The same column: left edges aligned, on the next line or the one after (a legend's rows are a line or so apart).
        if (Math.abs(p.bbox[0] - e.phrase.bbox[0]) > Math.max(3, 0.3 * th)) continue;
        const dy = Math.abs(cy(p.bbox) - cy(e.phrase.bbox));
        if (dy < 0.6 * pitch || dy > 2.6 * pitch) continue;
        if (Math.abs(bh(p.bbox) - bh(e.phrase.bbox)) > 0.5 * pitch) continue;
        const shift = cy(p.bbox) - cy(e.phrase.bbox);
        const box: BBox = [e.swatch[0], e.swatch[1] + shift, e.swatch[2], e.swatch[3] + shift];
        const k = coveringColour(grid, box, series);
        if (k === undefined || has.has(k)) continue;
        out.push({ cluster: k, name: cleanName(p.text), phrase: p, swatch: box.map(Math.round) as BBox });
        named.add(p);
        has.add(k);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * The series colour that covers a fifth of the box or more (a ring or a dotted stroke covers
 * less than a filled square) and twice as much as any other series colour there.
 */
export function coveringColour(grid: LabelGrid, box: BBox, series: Set<number>): number | undefined {
  const x0 = Math.max(0, Math.round(box[0])), x1 = Math.min(grid.width, Math.round(box[2]));
  const y0 = Math.max(0, Math.round(box[1])), y1 = Math.min(grid.height, Math.round(box[3]));
  const counts = new Map<number, number>();
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      n++;
      const k = grid.label[y * grid.width + x]!;
      if (series.has(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || n === 0 || best[1] < 0.2 * n || (second && best[1] < 2 * second[1])) return undefined;
  return best[0];
}
