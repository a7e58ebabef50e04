// On a scan the blurred edges of bars (a pale tint between a fill and the paper, or a dark one
// where two fills meet) can gather into a colour cluster of their own. Its pieces are strips a few
// pixels across along the bars' sides; read as a series they put dozens of phantom bars between
// the real ones (phantom category slots, a single or stacked chart read as grouped). The bars of
// one chart share their thickness: a series none of whose bars is a fifth as thick as the
// thickest series' bars is such a rim.
import type { Bar } from './bars.js';
import type { LegendEntry } from './marks.js';

/** A rim series' thickest bar is under this share of the thickest bar of the chart. */
const RIM_SHARE = 0.2;

/** The series (of `series`, two or more) whose bars are all rim strips; empty when none or all are. */
export function rimSeries(bars: Bar[], series: number[]): Set<number> {
  if (series.length < 2) return new Set();
  const thickest = new Map<number, number>();
  for (const b of bars) thickest.set(b.series, Math.max(thickest.get(b.series) ?? 0, b.u1 - b.u0));
  const top = Math.max(0, ...thickest.values());
  const rims = new Set(series.filter((k) => (thickest.get(k) ?? 0) < RIM_SHARE * top));
  return rims.size === series.length ? new Set() : rims;
}

/**
 * The legend with the entries of the rim series `rims` dropped, except where a swatch read in the
 * rim's colour (its pixels blurred into it) names the one kept series that no entry names: that
 * entry passes to it.
 */
export function legendWithoutRims(legend: LegendEntry[], rims: Set<number>, kept: number[]): LegendEntry[] {
  const named = new Set(legend.map((e) => e.cluster));
  const unnamed = kept.filter((k) => !named.has(k));
  const rimEntries = legend.filter((e) => rims.has(e.cluster));
  const heir = unnamed.length === 1 && rimEntries.length === 1 ? unnamed[0] : undefined;
  return legend.flatMap((e) => (!rims.has(e.cluster) ? [e] : heir !== undefined ? [{ ...e, cluster: heir }] : []));
}
