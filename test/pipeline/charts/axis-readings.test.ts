// Tick labels whose decimal point OCR lost ("08" for "0.8", "10" for "1.0") are read at the value
// that puts them in line with the other labels of their axis.
import { describe, expect, it } from 'vitest';
import { applyReadings, findAxis, joinSplitNumbers, levelWithColumn, readings, toValue } from '../../../src/pipeline/charts/axes.js';
import { parseNumber, type Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: parseNumber(text)?.value ?? null, percent: false });

describe('tick labels with a lost decimal point', () => {
  it('offers the decimal readings of a bare digit string only', () => {
    // No number is printed with a leading zero: "08" and "0 9" can only be 0.8 and 0.9.
    expect(readings(phrase('08', [0, 0, 1, 1]))).toEqual([0.8]);
    expect(readings(phrase('0 9', [0, 0, 1, 1]))).toEqual([0.9]);
    expect(readings(phrase('045', [0, 0, 1, 1]))).toEqual([0.45]);
    expect(readings(phrase('1 5', [0, 0, 1, 1]))).toEqual([15, 1.5]);
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

  it('does not read a column of whole tens as lost points where bare digits stand among them', () => {
    // 80 … 10 every 45 px; OCR lost the 0 of "60" and of "20". Read as 8.0 … 1.0 every label would
    // fit, but one axis does not print "8.0" beside "6": the two bare digits are the misread ones.
    const ps = ['80', '70', '6', '50', '40', '30', '2', '10'].map((t, i) => phrase(t, [11, 40 + 45 * i, 25, 50 + 45 * i]));
    const axis = findAxis(ps, 'y')!;
    expect(axis.values).toEqual([80, 70, 50, 40, 30, 10]);
    expect(toValue(axis, 45 + 45 * 2)).toBeCloseTo(60, 3);
  });

  it('joins a number split at its lost decimal point, and only a digit and the digits beside it', () => {
    const ps = [phrase('0', [39, 183, 46, 194]), phrase('7', [57, 183, 64, 194]), phrase('0.6', [39, 231, 64, 243]), phrase('40', [200, 183, 214, 194])];
    const out = joinSplitNumbers(ps);
    expect(out.map((p) => p.text)).toEqual(['0 7', '0.6', '40']);
    expect(readings(out[0]!)).toEqual([0.7]);
  });

  it('reads a whole axis of labels split at their lost points ("0" "65") as decimals', () => {
    // 0.65 … 0.10 every 68.8 px, each read as "0" and two digits apart: too few for the pair-wise consensus to matter.
    const ps = joinSplitNumbers(['65', '60', '55'].flatMap((d, i) => [phrase('0', [71, 12 + 68.8 * i, 85, 34 + 68.8 * i]), phrase(d, [105, 13 + 68.8 * i, 135, 34 + 68.8 * i])]));
    const axis = findAxis(ps, 'y')!;
    applyReadings(axis);
    expect(axis.labels.map((l) => l.value)).toEqual([0.65, 0.6, 0.55]);
  });
});

describe('end labels flush with the axis ends', () => {
  it('reads the scale from the ticks, the first label by its left edge and the last by its right', () => {
    // Ticks 0.0 … 0.8 at x = 33 + 66.5 k; "0.0" starts at its tick, "0.8" ends at its tick, the rest are centred.
    const ps = [phrase('0.0', [33, 356, 52, 367]), phrase('0.2', [90, 356, 109, 367]), phrase('0.4', [156, 356, 176, 367]), phrase('0.6', [223, 356, 242, 367]), phrase('0.8', [280, 356, 299, 367])];
    const axis = findAxis(ps, 'x')!;
    expect(axis.labels).toHaveLength(5);
    expect(toValue(axis, 33)).toBeCloseTo(0, 2);
    expect(toValue(axis, 299)).toBeCloseTo(0.8, 2);
  });

  it('on a scan, reads a leading 6, 8 or 9 before a lost point as the 0 of "0.8", where more labels fall in place', () => {
    expect(readings(phrase('6 8', [0, 0, 1, 1]))).toEqual([68, 6.8]);
    expect(readings(phrase('6 8', [0, 0, 1, 1]), true)).toEqual([68, 6.8, 0.8]);
    // 1.0 … -0.6 every 95 px from y = 91 (scan 500042 of the training split): "0.8" read "6 8" and so on.
    const texts: [string, number][] = [['1 0', 0], ['6 8', 1], ['6 6', 2], ['6 4', 3], ['6 2', 4], ['0.0', 5], ['-0 4', 7], ['-0 6', 8]];
    const ps = texts.map(([t, i]) => phrase(t, [60, 81 + 95 * i, 105, 102 + 95 * i]));
    const clean = findAxis(ps, 'y')!;
    expect(clean.values).toEqual([68, 66, 64, 62]);
    const scan = findAxis(ps, 'y', new Set(), 3, true)!;
    expect(scan.values).toEqual([1, 0.8, 0.6, 0.4, 0.2, 0, -0.4, -0.6]);
  });

  it('on a scan, takes the gaps between single digits ("3 0") as lost points when a scale and its tenfold tie', () => {
    // 5.0 … 0.0 every 93.5 px (scan 500029): some points lost with a gap, some without; every label fits both scales.
    const texts: [string, number][] = [['45', 1], ['40', 2], ['3 0', 4], ['2 5-', 5], ['1 5-', 7], ['10', 8]];
    const ps = texts.map(([t, i]) => phrase(t, [63, 104 + 93.5 * i, 118, 130 + 93.5 * i]));
    expect(findAxis(ps, 'y')!.values).toEqual([45, 40, 30, 25, 15, 10]);
    expect(findAxis(ps, 'y', new Set(), 3, true)!.values).toEqual([4.5, 4, 3, 2.5, 1.5, 1]);
  });

  it('reads a dotted zero before the point ("6.20", a scan or small type) as 0 where more labels fall in place', () => {
    expect(readings(phrase('6.20', [0, 0, 1, 1]))).toEqual([6.2, 0.2]);
    expect(readings(phrase('6.20', [0, 0, 1, 1]), true)).toEqual([6.2, 0.2]);
    expect(readings(phrase('-8.5', [0, 0, 1, 1]), true)).toEqual([-8.5, -0.5]);
    expect(readings(phrase('1.20', [0, 0, 1, 1]), true)).toEqual([1.2]);
    // 0.00 … 1.00 every 187 px (scan 500015 of the training split): six of eleven zeros read as 6.
    const texts = ['0.00', '0.10', '6.20', '6.30', '6.40', '0.50', '6.60', '0.70', '6.80', '6.90', '1.00'];
    const ps = texts.map((t, i) => phrase(t, [161 + 187 * i, 906, 221 + 187 * i, 927]));
    // A clean chart too (train-mpl2 1900043: "0.0" "9.2" "9.4" "9.6" "9.8" for 0.0 … 0.8).
    expect(findAxis(ps, 'x')!.values).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(findAxis(ps, 'x', new Set(), 3, true)!.values).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  it('takes no log scale from values that are no log ticks (608, 62, 6.4, 0.6 stand 10x apart)', () => {
    // 0.0 … 1.0 every 153 px, read "608" "62" "64" "0.6" "68" "16" (scan 500029's x axis).
    const texts = ['608', '62', '64', '0.6', '68', '16'];
    const ps = texts.map((t, i) => phrase(t, [141 + 153 * i, 1072, 198 + 153 * i, 1099]));
    expect(findAxis(ps, 'x', new Set(), 3, true)!.values).toEqual([0.2, 0.4, 0.6, 0.8]);
    // Real log ticks still make a log axis.
    const log = ['1', '10', '100', '1000'].map((t, i) => phrase(t, [20, 300 - 90 * i, 40, 310 - 90 * i]));
    expect(findAxis(log, 'y')!.scale).toBe('log');
  });
});

describe('two powers of ten', () => {
  it('reads two labels a decade apart (10¹ and 10², the raised powers rewritten) as a log axis', () => {
    // 100 at y = 50, 10 at y = 150: halfway stands 10^1.5, not 55.
    const ps = [phrase('100', [14, 45, 30, 55]), phrase('10', [14, 145, 30, 155])];
    const axis = findAxis(ps, 'y', new Set(), 2)!;
    expect(axis.scale).toBe('log');
    expect(toValue(axis, 100)).toBeCloseTo(10 ** 1.5, 3);
  });

  it('keeps two labels that are no powers of ten linear', () => {
    const ps = [phrase('100', [14, 45, 30, 55]), phrase('50', [14, 145, 30, 155])];
    expect(findAxis(ps, 'y', new Set(), 2)!.scale).toBe('linear');
  });
});

describe('a row of value labels across the plot', () => {
  it('is no horizontal axis where it lies level with the middle of the vertical axis labels', () => {
    // y labels 1.0 … 0.1 from y = 130 to 800; value labels "0", "35" … at y ≈ 590 fit a row scale by chance.
    const column = findAxis(['1.0', '0.8', '0.6', '0.4', '0.2'].map((t, i) => phrase(t, [98, 120 + 160 * i, 148, 146 + 160 * i])), 'y')!;
    const row = findAxis([phrase('0', [564, 580, 581, 605]), phrase('35', [1078, 569, 1142, 605])], 'x', new Set(), 2)!;
    expect(levelWithColumn(row, column, 26)).toBe(true);
    const below = findAxis([phrase('0', [160, 822, 180, 850]), phrase('10', [560, 822, 590, 850]), phrase('20', [960, 822, 990, 850])], 'x')!;
    expect(levelWithColumn(below, column, 26)).toBe(false);
  });
});
