// Translucent marks (Vega-Lite draws points at 0.7 opacity, matplotlib's alpha) show a colour of
// their own where they lie over a rule: an axis line or gridline seen through the mark. That
// colour is neither near the mark's colour nor a blend with the background, so it would become a
// series of its own and cut a hollow marker sitting on the axis into pieces.
import { chroma, toSegment, type Rgb } from './colour.js';

/**
 * The centre whose mark `col` is, seen over another centre's rule: a mark of opacity a shows
 * a·c + (1-a)·background on the background and a·c + (1-a)·rule over a rule, so the two differ
 * by (1-a)·(rule - background). `col` must be that shift of a far more common colour centre, for
 * a grey rule clearly off the background and an opacity of 0.3 to 0.9; -1 if none. A grey rule
 * shifts every channel alike, so the colour keeps its chroma (a dark grey is no colour seen over
 * a rule, nor is one grey another seen through black).
 */
export function seenThroughRule(col: Rgb, count: number, centres: Rgb[], weights: number[], background: Rgb): number {
  let best = -1, bestD = 10;
  for (let k = 0; k < centres.length; k++) {
    const c = centres[k]!;
    if (count >= 0.25 * weights[k]! || chroma(c) < 36 || Math.abs(chroma(col) - chroma(c)) > 16) continue;
    for (let g = 0; g < centres.length; g++) {
      const rule = centres[g]!;
      if (g === k || count >= weights[g]! || chroma(rule) >= 24) continue;
      const shift: Rgb = [rule[0] - background[0], rule[1] - background[1], rule[2] - background[2]];
      if (Math.hypot(...shift) < 60) continue;
      // col on the segment from c towards c + 0.7·shift, a tenth of the way at least.
      const s = toSegment(col, c, [c[0] + 0.7 * shift[0], c[1] + 0.7 * shift[1], c[2] + 0.7 * shift[2]]);
      if (s.t > 0.14 && s.t < 1 && s.d < bestD) {
        bestD = s.d;
        best = k;
      }
    }
  }
  return best;
}
