// Issue 13v: a scan's blur spreads a legend stroke's rim into paler clusters (a light grey, a pale
// tint) two or three pixels out and over much of the stroke's area; such a rim is no swatch.
import { describe, expect, it } from 'vitest';
import { findLegend, type Component } from '../../../src/pipeline/charts/marks.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: null, percent: false });
const comp = (cluster: number, bbox: BBox, area: number): Component => ({ cluster, bbox, area, pixels: new Int32Array(0) });

describe('legend strokes on a scan', () => {
  // Scan 500042 of the training split: the blue stroke of "Team A" (cluster 4) and, nearer the
  // name, a piece of its blurred rim in the light grey cluster 0 (2-3 px beyond the stroke, 9 px).
  const name = phrase('Team A', [1535, 96, 1627, 117]);
  const comps = [comp(4, [1497, 107, 1521, 110], 70), comp(0, [1521, 105, 1524, 112], 9), comp(0, [1492, 107, 1497, 112], 9)];

  it('names the stroke, not its rim, when the rim may spread as blur does', () => {
    const scan = findLegend(comps, [name], 21, new Set([0, 4]), new Set(), undefined, 3);
    expect(scan.map((e) => [e.cluster, e.name])).toEqual([[4, 'Team A']]);
  });

  it('keeps the rendered rule (one pixel of spread), where the nearer piece wins', () => {
    const clean = findLegend(comps, [name], 21, new Set([0, 4]), new Set());
    expect(clean.map((e) => e.cluster)).toEqual([0]);
  });

  it("takes a rim of up to two-thirds of the stroke's area on a scan", () => {
    const teal = [comp(3, [1495, 213, 1522, 217], 104), comp(0, [1497, 216, 1523, 219], 51)];
    const out = findLegend(teal, [phrase('2023', [1536, 203, 1595, 224])], 21, new Set([0, 3]), new Set(), undefined, 3);
    expect(out.map((e) => e.cluster)).toEqual([3]);
  });
});
