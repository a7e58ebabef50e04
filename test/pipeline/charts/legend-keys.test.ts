// ggplot2-like legends: names spaced as far from the next swatch as from their own (a row read with
// the names on one side), and keys three text heights tall beside small text (a column of keys).
import { describe, expect, it } from 'vitest';
import { findLegend, type Component } from '../../../src/pipeline/charts/marks.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const comp = (cluster: number, bbox: BBox): Component => ({ cluster, bbox, area: (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]), pixels: new Int32Array(0) });
const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [{ text, bbox, confidence: 0.9 }], value: null, percent: false });

describe('a row of evenly spaced entries', () => {
  it('names each swatch by the word on its right, as the first swatch shows', () => {
    // Train-gg 7100038: "Before" ends 10.5 px before the next swatch and starts 11 px after its own.
    const comps = [comp(1, [153, 317, 175, 339]), comp(3, [244, 317, 265, 339]), comp(0, [324, 317, 345, 339]), comp(2, [425, 317, 448, 339])];
    const ps = [phrase('Before', [186, 322, 234, 334]), phrase('2019', [276, 323, 313, 334]), phrase('Group X', [356, 323, 415, 337]), phrase('Foreign', [459, 322, 512, 337])];
    const legend = findLegend(comps, ps, 11.5, new Set([0, 1, 2, 3]), new Set(), [25, 20, 600, 250]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, 'Group X'], [1, 'Before'], [2, 'Foreign'], [3, '2019']]);
  });
});

describe('large keys in a column', () => {
  it('takes squares nearly three text heights tall, stacked as keys, for swatches', () => {
    // Train-gg 7100032: 27 px keys beside names 10 px tall.
    const comps = [comp(2, [879, 234, 907, 261]), comp(0, [879, 263, 906, 289]), comp(1, [880, 291, 906, 318])];
    const ps = [phrase('Group Z', [917, 243, 971, 256]), phrase('Plant 3', [917, 270, 963, 281]), phrase('After', [916, 299, 950, 310])];
    const legend = findLegend(comps, ps, 9.5, new Set([0, 1, 2]), new Set(), [60, 30, 855, 500]);
    expect(legend.map((e) => [e.cluster, e.name]).sort()).toEqual([[0, 'Plant 3'], [1, 'After'], [2, 'Group Z']]);
  });

  it('does not take a lone large square beside a word for a swatch', () => {
    const legend = findLegend([comp(2, [879, 234, 907, 261])], [phrase('Group Z', [917, 243, 971, 256])], 9.5, new Set([2]), new Set(), [60, 30, 855, 500]);
    expect(legend).toEqual([]);
  });
});
