// Pie slices that share a colour (a palette shorter than the list of slices repeats its colours)
// cannot be named by colour alone. The legend lists the slices in drawing order, so the sequence
// of the legend's colours, laid round the pie one way or the other from some slice, names every
// slice where it matches the sequence of the slices' colours.
import type { BBox } from '../types.js';
import { coveringColour, type LabelGrid } from './legend-column.js';
import { cleanName, type LegendEntry } from './marks.js';
import { bh, cy, type Phrase } from './text.js';

export interface LegendRow {
  cluster: number;
  name: string;
  swatch: BBox;
}

/**
 * Every row of the legend, in reading order: the entries found, and the words stacked in their
 * column (left edges aligned, a line or two apart) with a series colour at the entry's swatch
 * offset, whatever colour that is (the entries hold one name per colour).
 */
export function legendRows(legend: LegendEntry[], phrases: Phrase[], th: number, grid: LabelGrid, series: Set<number>): LegendRow[] {
  const rows: (LegendRow & { phrase: Phrase })[] = legend.map((e) => ({ cluster: e.cluster, name: e.name, swatch: e.swatch, phrase: e.phrase }));
  const seen = new Set(rows.map((r) => r.phrase));
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of [...rows]) {
      const pitch = Math.max(th, bh(e.phrase.bbox));
      for (const p of phrases) {
        if (seen.has(p) || !/\p{L}/u.test(p.text)) continue;
        if (Math.abs(p.bbox[0] - e.phrase.bbox[0]) > Math.max(3, 0.3 * th) || Math.abs(bh(p.bbox) - bh(e.phrase.bbox)) > 0.5 * pitch) continue;
        const shift = cy(p.bbox) - cy(e.phrase.bbox);
        if (Math.abs(shift) < 0.6 * pitch || Math.abs(shift) > 2.6 * pitch) continue;
        const swatch: BBox = [e.swatch[0], e.swatch[1] + shift, e.swatch[2], e.swatch[3] + shift];
        const k = coveringColour(grid, swatch, series);
        if (k === undefined) continue;
        rows.push({ cluster: k, name: cleanName(p.text), swatch, phrase: p });
        seen.add(p);
        grew = true;
      }
    }
  }
  return rows.sort((a, b) => (Math.abs(a.swatch[1] - b.swatch[1]) > 4 ? a.swatch[1] - b.swatch[1] : a.swatch[0] - b.swatch[0]));
}

/**
 * The legend row of each slice (slices clockwise), where the rows' colours match the slices'
 * colours going round one way from one slice, and every such match agrees; undefined otherwise.
 */
export function rowsRound(slices: number[], rows: LegendRow[]): LegendRow[] | undefined {
  const n = slices.length;
  if (rows.length !== n || n < 2) return undefined;
  let found: LegendRow[] | undefined;
  for (const dir of [1, -1])
    for (let r = 0; r < n; r++) {
      const at = (i: number): number => (((r + dir * i) % n) + n) % n;
      if (!rows.every((row, i) => slices[at(i)] === row.cluster)) continue;
      const out = new Array<LegendRow>(n);
      rows.forEach((row, i) => (out[at(i)] = row));
      if (found && found.some((row, i) => row !== out[i])) return undefined;
      found = out;
    }
  return found;
}

/** A slice's printed name has a letter, or is a whole number no share can be (a year: 2010). */
export const nameLike = (p: Phrase): boolean => /\p{L}/u.test(p.text) || (p.value !== null && !p.percent && Number.isInteger(p.value) && p.value > 100);
