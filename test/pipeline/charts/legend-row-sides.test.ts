// Legend entries in a row, evenly spaced (ggplot2 draws them so): a name between two swatches lies
// as near the next swatch as its own, and the side the row's unambiguous swatches show decides.
// In a column of entries names may sit left of their samples (gnuplot's keys): no vote there.
import { describe, expect, it } from 'vitest';
import { findLegend, type Component } from '../../../src/pipeline/charts/marks.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const comp = (cluster: number, bbox: BBox): Component => ({ cluster, bbox, area: (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), pixels: new Int32Array(0) });
const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [{ text, bbox, confidence: 0.9 }], value: null, percent: false });
const named = (legend: { cluster: number; name: string | null }[]): [number, string | null][] => legend.map((e): [number, string | null] => [e.cluster, e.name]).sort();

describe('a row of evenly spaced legend entries', () => {
  it('names each swatch by the word on its right, as the first swatch shows', () => {
    // train-gg 7100038: "Before" ends 10.5 px before the next swatch and starts 11 px after its own.
    const comps = [comp(1, [153, 317, 175, 339]), comp(3, [244, 317, 265, 339]), comp(0, [324, 317, 345, 339]), comp(2, [425, 317, 448, 339])];
    const ps = [phrase('Before', [186, 322, 234, 334]), phrase('2019', [276, 323, 313, 334]), phrase('Group X', [356, 323, 415, 337]), phrase('Foreign', [459, 322, 512, 337])];
    const legend = findLegend(comps, ps, 11.5, new Set([0, 1, 2, 3]), new Set(), [25, 20, 600, 250]);
    expect(named(legend)).toEqual([[0, 'Group X'], [1, 'Before'], [2, 'Foreign'], [3, '2019']]);
  });
});

describe('a column of legend entries with names left of their samples', () => {
  it('keeps each name with the sample on its own row', () => {
    const comps = [comp(0, [520, 40, 560, 43]), comp(1, [520, 60, 560, 63]), comp(2, [520, 80, 560, 83])];
    const ps = [phrase('Actual', [460, 36, 510, 47]), phrase('Budget', [458, 56, 510, 67]), phrase('Plan', [474, 76, 510, 87])];
    const legend = findLegend(comps, ps, 11, new Set([0, 1, 2]), new Set(), [40, 20, 600, 300]);
    expect(named(legend)).toEqual([[0, 'Actual'], [1, 'Budget'], [2, 'Plan']]);
  });
});
