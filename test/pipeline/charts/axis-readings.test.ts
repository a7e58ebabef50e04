// Tick labels whose decimal point OCR lost ("08" for "0.8", "10" for "1.0") are read at the value
// that puts them in line with the other labels of their axis.
import { describe, expect, it } from 'vitest';
import { applyReadings, findAxis, joinSplitNumbers, readings, toValue } from '../../../src/pipeline/charts/axes.js';
import { parseNumber, type Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: parseNumber(text)?.value ?? null, percent: false });

describe('tick labels with a lost decimal point', () => {
  it('offers the decimal readings of a bare digit string only', () => {
    expect(readings(phrase('08', [0, 0, 1, 1]))).toEqual([8, 0.8]);
    expect(readings(phrase('0 9', [0, 0, 1, 1]))).toEqual([9, 0.9]);
    expect(readings(phrase('250', [0, 0, 1, 1]))).toEqual([250, 2.5, 25]);
    expect(readings(phrase('0.6', [0, 0, 1, 1]))).toEqual([0.6]);
    expect(readings(phrase('1,000', [0, 0, 1, 1]))).toEqual([1000]);
  });

  it('reads a decimal comma', () => {
    expect(parseNumber('0,5')?.value).toBe(0.5);
    expect(parseNumber('1,000')?.value).toBe(1000);
  });

  it('fits the axis with the readings that put every label in place', () => {
    // 1.0 … 0.0 every 51 px from y = 28; OCR read "1.0" as "10", "0.8" as "08", "0.4" as "04".
    const texts = ['10', '08', '0.6', '04', '0.2', '0,0'];
    const ps = texts.map((t, i) => phrase(t, [14, 23 + 51 * i, 30, 33 + 51 * i]));
    const axis = findAxis(ps, 'y')!;
    expect(axis.labels).toHaveLength(6);
    expect(toValue(axis, 28 + 51 * 1.5)).toBeCloseTo(0.7, 3);
    // The labels carry the values read once the axis is adopted.
    applyReadings(axis);
    expect(ps.map((p) => p.value)).toEqual([1, 0.8, 0.6, 0.4, 0.2, 0]);
  });

  it('keeps the printed values when they already fit', () => {
    const ps = ['100', '80', '60', '40', '20', '0'].map((t, i) => phrase(t, [14, 23 + 40 * i, 30, 33 + 40 * i]));
    const axis = findAxis(ps, 'y')!;
    expect(axis.labels.map((l) => l.value)).toEqual([100, 80, 60, 40, 20, 0]);
  });

  it('joins a number split at its lost decimal point, and only a digit and the digits beside it', () => {
    const ps = [phrase('0', [39, 183, 46, 194]), phrase('7', [57, 183, 64, 194]), phrase('0.6', [39, 231, 64, 243]), phrase('40', [200, 183, 214, 194])];
    const out = joinSplitNumbers(ps);
    expect(out.map((p) => p.text)).toEqual(['0 7', '0.6', '40']);
    expect(readings(out[0]!)).toEqual([7, 0.7]);
  });
});
