// Scanned bar charts: the blurred edges of the bars gathered into a colour of their own are no
// series (they put phantom bars between the real ones), and a legend swatch read in that colour
// names the one series left unnamed.
import { describe, expect, it } from 'vitest';
import { legendWithoutRims, rimSeries } from '../../../src/pipeline/charts/rim-series.js';
import type { Bar } from '../../../src/pipeline/charts/bars.js';
import type { LegendEntry } from '../../../src/pipeline/charts/marks.js';

const bar = (series: number, u0: number, thick: number, len: number): Bar => ({ series, u0, u1: u0 + thick, v0: 400 - len, v1: 400 });
const entry = (cluster: number, name: string, y: number): LegendEntry => ({ cluster, name, swatch: [10, y, 20, y + 10], phrase: { text: name, bbox: [24, y, 60, y + 10], words: [], value: null, percent: false } });

describe('rimSeries', () => {
  it('finds a series of strips along the bars and keeps narrower real bars', () => {
    const bars = [bar(0, 0, 150, 300), bar(1, 150, 150, 200), bar(2, 300, 40, 120), bar(5, 148, 3, 180), bar(5, 298, 22, 30), bar(5, 450, 2, 5)];
    expect([...rimSeries(bars, [0, 1, 2, 5])]).toEqual([5]);
  });

  it('drops nothing from a single series or where every series is thin', () => {
    expect(rimSeries([bar(0, 0, 3, 100)], [0]).size).toBe(0);
    expect(rimSeries([bar(0, 0, 3, 100), bar(1, 5, 3, 50)], [0, 1]).size).toBe(0);
  });
});

describe('legendWithoutRims', () => {
  it('hands a rim swatch’s name to the one kept series no entry names', () => {
    const legend = [entry(4, 'Q4', 0), entry(2, '2022', 20), entry(3, '2023', 40)];
    expect(legendWithoutRims(legend, new Set([4]), [1, 2, 3]).map((e) => [e.cluster, e.name])).toEqual([
      [1, 'Q4'],
      [2, '2022'],
      [3, '2023'],
    ]);
  });

  it('drops the rim’s entry where no single series is left unnamed', () => {
    const legend = [entry(4, 'Q4', 0), entry(2, '2022', 20)];
    expect(legendWithoutRims(legend, new Set([4]), [1, 2, 3]).map((e) => e.name)).toEqual(['2022']);
    expect(legendWithoutRims(legend, new Set([4]), [2]).map((e) => e.name)).toEqual(['2022']);
  });
});
