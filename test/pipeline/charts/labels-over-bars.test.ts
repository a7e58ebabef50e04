// Issue 13ad: value labels and legends drawn over bars. Glyphs the OCR missed cut a bar's columns
// short (a negative bar read as strips and dropped), a label's box masks a bar's end, and crumbs a
// legend's words cut off a bar were taken for a swatch.
import { describe, expect, it } from 'vitest';
import { barsOf, type BarView } from '../../../src/pipeline/charts/bars.js';
import { findLegend, type Component } from '../../../src/pipeline/charts/marks.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

/** A vertical view over a label grid (cluster per pixel), with optional masks. */
function view(width: number, height: number, paint: [number, BBox][], hiddenBoxes: BBox[] = [], bridge = 0): BarView {
  const label = new Int16Array(width * height).fill(-1);
  for (const [k, b] of paint) for (let y = b[1]; y < b[3]; y++) for (let x = b[0]; x < b[2]; x++) label[y * width + x] = k;
  const inBox = (u: number, v: number): boolean => hiddenBoxes.some((b) => u >= b[0] && u < b[2] && v >= b[1] && v < b[3]);
  return {
    nu: width,
    nv: height,
    // Hidden pixels show no mark (text masks are left out of the marks).
    at: (u, v) => (inBox(u, v) ? -1 : label[v * width + u]!),
    hidden: inBox,
    // Cluster 9 stands for dark glyph ink of no series.
    over: (u, v) => label[v * width + u] === 9,
    bridge,
    under: (u, v) => label[v * width + u]!,
  };
}

describe('bars under value labels', () => {
  // A negative bar 40 px wide from the baseline (v 20) down to v 100; an unread label's glyphs
  // (ink of no series) cross its middle columns at v 80..92.
  const paint: [number, BBox][] = [
    [0, [10, 20, 50, 100]],
    [9, [20, 80, 40, 92]],
  ];

  it('reads the bar whole across the glyphs', () => {
    expect(barsOf(view(60, 120, paint, [], 18), 0).map((b) => [b.u0, b.u1, b.v0, b.v1])).toEqual([[10, 50, 20, 100]]);
  });

  it('splits it into strips without the bridge', () => {
    expect(barsOf(view(60, 120, paint, [], 0), 0).length).toBeGreaterThan(1);
  });

  it('does not bridge into another series', () => {
    // Series 1 stacked on series 0 with a strip of glyph ink between: series 0 stops at its own end.
    const stacked: [number, BBox][] = [
      [0, [10, 20, 50, 60]],
      [9, [10, 60, 50, 64]],
      [1, [10, 64, 50, 100]],
    ];
    expect(barsOf(view(60, 120, stacked, [], 18), 0).map((b) => [b.v0, b.v1])).toEqual([[20, 60]]);
  });

  it("finds a bar's end inside a label's box from the colour between the glyphs", () => {
    // The bar ends at v 100; a label box masks v 90..106 on every column.
    const masked = barsOf(view(60, 120, [[0, [10, 20, 50, 100]]], [[0, 90, 60, 106]]), 0);
    expect(masked.map((b) => [b.v0, b.v1])).toEqual([[20, 100]]);
  });
});

describe('legend words over a bar', () => {
  const comp = (cluster: number, bbox: BBox): Component => ({ cluster, bbox, area: (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), pixels: new Int32Array(0) });
  const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [{ text, bbox, confidence: 0.9 }], value: null, percent: false });

  it('takes no crumb the words cut off a bar for a swatch', () => {
    // Legend column: light swatch (cluster 0) "Bu"(dget), dark swatch (cluster 1) "Stores"; the rest of
    // "Budget" lies over a dark bar (cluster 1, 117..167) and cut a 2×3 crumb off its corner, nearer "Bu".
    const comps = [comp(0, [70, 43, 86, 59]), comp(1, [70, 64, 86, 80]), comp(1, [117, 44, 119, 47]), comp(1, [117, 44, 167, 435])];
    const ps = [phrase('Bu', [95, 45, 112, 57]), phrase('Stores', [94, 65, 141, 78])];
    const legend = findLegend(comps, ps, 12, new Set([0, 1]), new Set(), [40, 30, 690, 435]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([
      [0, 'Bu'],
      [1, 'Stores'],
    ]);
  });
});
