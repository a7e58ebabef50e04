// Grouped bars join the category whose label they sit under, even where a missing bar leaves a
// gap inside a group as wide as the gaps between groups.
import { describe, expect, it } from 'vitest';
import { barsByLabel, type BarSlot } from '../../../src/pipeline/charts/category-slots.js';

const labels = [100, 300, 500].map((centre) => ({ centre }));
const bar = (u0: number, series: number, w = 40): BarSlot => ({ u0, u1: u0 + w, series });

describe('bars by category label', () => {
  it('puts the bars of one group under one label though a bar in the middle is missing', () => {
    // Four series per category, the second and third of the first category missing: its two bars
    // stand as far apart as the groups do.
    const bars = [bar(20, 0), bar(140, 3), bar(220, 0), bar(260, 1), bar(300, 2), bar(340, 3), bar(420, 0), bar(540, 3)];
    expect(barsByLabel(labels, bars)).toEqual([0, 0, 1, 1, 1, 1, 2, 2]);
  });

  it('keeps narrow pieces of a cut bar and a legend swatch with their category', () => {
    const bars = [bar(60, 0), bar(100, 1, 8), bar(110, 1, 8), bar(290, 0), bar(330, 0, 20), bar(480, 0)];
    expect(barsByLabel(labels, bars)).toEqual([0, 0, 0, 1, 1, 2]);
  });

  it('refuses labels printed at every other bar (two bars of one series under one label)', () => {
    const bars = [0, 1, 2, 3, 4, 5].map((i) => bar(80 + 100 * i - 20, 0));
    expect(barsByLabel(labels, bars)).toBeUndefined();
  });

  it('refuses unevenly spaced labels and bars far from every label', () => {
    expect(barsByLabel([100, 300, 420].map((centre) => ({ centre })), [bar(80, 0)])).toBeUndefined();
    expect(barsByLabel(labels, [bar(80, 0), bar(700, 0)])).toBeUndefined();
  });
});
