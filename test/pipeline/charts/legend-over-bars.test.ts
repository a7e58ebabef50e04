// Issue 13cv: a legend drawn over the bars can hide every swatch but one (each swatch on a bar of
// its own colour); its one visible swatch, named by a number ("2023"), is still a legend row when
// the name stands in a left-aligned column of words (Vega-Lite train seed 2 lost every name).
import { describe, expect, it } from 'vitest';
import { findLegend, type Component } from '../../../src/pipeline/charts/marks.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox, value: number | null = null): Phrase => ({ text, bbox, words: [], value, percent: false });
const comp = (cluster: number, bbox: BBox, area = (bbox[2] - bbox[0]) * (bbox[3] - bbox[1])): Component => ({ cluster, bbox, area, pixels: new Int32Array(0) });

describe('a legend over the bars', () => {
  const bars = [comp(0, [100, 300, 240, 500]), comp(1, [100, 200, 240, 300]), comp(0, [250, 350, 390, 500]), comp(1, [250, 250, 390, 350])];
  const names = [phrase('Budget', [290, 310, 350, 326]), phrase('Forecast', [290, 342, 362, 358])];
  const plot: BBox = [90, 40, 400, 500];

  it('takes the one visible swatch beside a number in a column of names', () => {
    const legend = findLegend([...bars, comp(2, [256, 376, 278, 398])], [...names, phrase('2023', [290, 374, 330, 390], 2023)], 16, new Set([0, 1, 2]), new Set(), plot);
    expect(legend.map((e) => [e.cluster, e.name])).toEqual([[2, '2023']]);
  });

  it('takes no square beside a lone number inside the plot (a value label by a marker)', () => {
    const legend = findLegend([...bars, comp(2, [256, 376, 278, 398])], [phrase('2023', [290, 374, 330, 390], 2023)], 16, new Set([0, 1, 2]), new Set(), plot);
    expect(legend).toEqual([]);
  });
});
