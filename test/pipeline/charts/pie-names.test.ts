// Pie slices sharing a colour (a palette shorter than the slices) are named by the legend's rows
// laid round the pie in order, one way or the other.
import { describe, expect, it } from 'vitest';
import type { LegendEntry } from '../../../src/pipeline/charts/marks.js';
import { legendRows, nameLike, rowsRound, type LegendRow } from '../../../src/pipeline/charts/pie-names.js';
import type { Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: null, percent: false });
const row = (cluster: number, name: string): LegendRow => ({ cluster, name, swatch: [0, 0, 1, 1] });

describe('legend rows', () => {
  it('reads every row of a legend column, a colour repeated, in order', () => {
    // Swatches 20 x 10 at x 400, names at x 430, rows 30 px apart; colours 1 2 3 1.
    const width = 500, height = 200;
    const label = new Int16Array(width * height).fill(-1);
    [1, 2, 3, 1].forEach((k, i) => {
      for (let y = 20 + 30 * i; y < 30 + 30 * i; y++) for (let x = 400; x < 420; x++) label[y * width + x] = k;
    });
    const names = ['Retail', 'Summit', 'Energy', 'West'];
    const ps = names.map((t, i) => phrase(t, [430, 18 + 30 * i, 480, 32 + 30 * i]));
    // One entry per colour was found: West for colour 1 (the nearer pair won), Summit, Energy.
    const legend: LegendEntry[] = [
      { cluster: 1, name: 'West', phrase: ps[3]!, swatch: [400, 110, 420, 120] },
      { cluster: 2, name: 'Summit', phrase: ps[1]!, swatch: [400, 50, 420, 60] },
      { cluster: 3, name: 'Energy', phrase: ps[2]!, swatch: [400, 80, 420, 90] },
    ];
    const rows = legendRows(legend, [...ps, phrase('Title', [100, 0, 160, 14])], 14, { width, height, label }, new Set([1, 2, 3]));
    expect(rows.map((r) => [r.cluster, r.name])).toEqual([[1, 'Retail'], [2, 'Summit'], [3, 'Energy'], [1, 'West']]);
  });
});

describe('slices round the pie', () => {
  const rows = [row(1, 'Retail'), row(2, 'Summit'), row(3, 'Energy'), row(4, 'Media'), row(1, 'West'), row(2, 'Cherry')];

  it('names slices drawn counter-clockwise (clockwise order of colours reversed)', () => {
    // Clockwise from 12 o'clock: Cherry, West, Media, Energy, Summit, Retail.
    expect(rowsRound([2, 1, 4, 3, 2, 1], rows)?.map((r) => r.name)).toEqual(['Cherry', 'West', 'Media', 'Energy', 'Summit', 'Retail']);
  });

  it('names slices drawn clockwise from another slice', () => {
    expect(rowsRound([3, 4, 1, 2, 1, 2], rows)?.map((r) => r.name)).toEqual(['Energy', 'Media', 'West', 'Cherry', 'Retail', 'Summit']);
  });

  it('gives up where the colours do not match or match two ways', () => {
    expect(rowsRound([1, 2, 3, 4, 2, 1], rows)).toBeUndefined();
    expect(rowsRound([1, 2, 1, 2], [row(1, 'A'), row(2, 'B'), row(1, 'C'), row(2, 'D')])).toBeUndefined();
  });
});

describe('printed slice names', () => {
  it('takes words and years as names, not shares (train-mpl 900073: slices named 2010 … 2014)', () => {
    const num = (text: string, value: number, percent = false): Phrase => ({ text, bbox: [0, 0, 1, 1], words: [], value, percent });
    expect(nameLike(phrase('Retail', [0, 0, 1, 1]))).toBe(true);
    expect(nameLike(num('2010', 2010))).toBe(true);
    expect(nameLike(num('23.2', 23.2))).toBe(false);
    expect(nameLike(num('23%', 23, true))).toBe(false);
  });
});
