// On a scan a dark line's blurred rim can form a colour cluster of its own (a paler shade round
// the core), traced as a second series that follows the first pixel for pixel. Two real series
// never coincide along their whole length, so a trace lying within a few pixels of a fuller one in
// nearly every column it has is that line's rim and is dropped.

/** Share of a trace's columns that must lie on the other trace. */
const ALONG = 0.9;

/**
 * Series kept of `series`: each trace (centre per column, NaN where none) that lies within `tol`
 * pixels of another kept trace in ALONG of its columns is dropped, taken from the most pixels
 * (`area`) down; a series the legend names (`named`) always stays (its swatch says it is one).
 */
export function withoutRimTraces(series: number[], traces: Map<number, Float64Array>, area: (k: number) => number, named: (k: number) => boolean, tol: number): number[] {
  const rank = (k: number): number => (named(k) ? 1e12 : 0) + area(k);
  const order = [...series].sort((a, b) => rank(b) - rank(a));
  const kept: number[] = [];
  for (const k of order) {
    const t = traces.get(k)!;
    const rim = !named(k) && kept.some((o) => follows(t, traces.get(o)!, tol));
    if (!rim) kept.push(k);
  }
  return series.filter((k) => kept.includes(k));
}

/**
 * `t` lies within `tol` of `o`, `tol` columns either way (a steep stretch's column centres move
 * fast along it), in ALONG of its columns (and has a few).
 */
function follows(t: Float64Array, o: Float64Array, tol: number): boolean {
  let own = 0, on = 0;
  const reach = Math.round(tol);
  for (let x = 0; x < t.length; x++) {
    if (Number.isNaN(t[x]!)) continue;
    own++;
    for (let d = Math.max(0, x - reach); d <= Math.min(o.length - 1, x + reach); d++)
      if (!Number.isNaN(o[d]!) && Math.abs(t[x]! - o[d]!) <= tol) {
        on++;
        break;
      }
  }
  return own >= 20 && on >= ALONG * own;
}
