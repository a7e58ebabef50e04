// Tick labels OCR misread on matplotlib charts (train-mpl): a serif 8 read as 6 (900015), a tick
// label joined to a stray glyph of the turned axis title ("c 10", 900074), minor log labels with a
// factor ("6×10⁰", 900007), a speck read as a full stop ("2.").
import { describe, expect, it } from 'vitest';
import { findAxis, glyphSwaps } from '../../../src/pipeline/charts/axes.js';
import { readPowersOfTen } from '../../../src/pipeline/charts/powers.js';
import type { Raster, Rgb } from '../../../src/pipeline/charts/raster.js';
import { shedStrayGlyphs } from '../../../src/pipeline/charts/stray-glyphs.js';
import { parseNumber, phrases, type Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox, Word } from '../../../src/pipeline/types.js';

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: parseNumber(text)?.value ?? null, percent: false });

describe('look-alike digits', () => {
  it('offers the look-alike readings of a label, the likelier first', () => {
    expect(glyphSwaps(phrase('6', [0, 0, 1, 1])).map((o) => o.v)).toEqual([8, 5]);
    expect(glyphSwaps(phrase('40', [0, 0, 1, 1]))).toEqual([]);
  });

  it('reads a column 6, 6, 4 (the top 6 a misread 8) as 8, 6, 4', () => {
    const ps = [phrase('6', [13, 101, 21, 112]), phrase('6', [13, 199, 21, 210]), phrase('4', [12, 298, 21, 309])];
    expect(findAxis(ps, 'y')!.values).toEqual([8, 6, 4]);
  });

  it('keeps labels that fit as printed', () => {
    const ps = ['60', '50', '40', '30'].map((t, i) => phrase(t, [10, 20 + 40 * i, 30, 32 + 40 * i]));
    expect(findAxis(ps, 'y')!.values).toEqual([60, 50, 40, 30]);
  });

  it('reads a trailing full stop as nothing', () => {
    expect(parseNumber('2.')?.value).toBe(2);
    expect(parseNumber('2.5')?.value).toBe(2.5);
    // A pair of minor ticks beside a label reads as "=" (train-mpl2 1900038: "104 =").
    expect(parseNumber('104 =')?.value).toBe(104);
  });
});

describe('stray glyphs before a tick label', () => {
  it('cuts "c 10" into the glyph and the number, and leaves words and numbers alone', () => {
    const w = (text: string, bbox: BBox): Word => ({ text, bbox, confidence: 0.9 });
    const ps = phrases([w('c', [31, 441, 57, 461]), w('10', [78, 437, 123, 464]), w('Team', [200, 437, 260, 464]), w('B', [270, 437, 285, 464])]);
    expect(ps.map((p) => p.text)).toEqual(['c 10', 'Team B']);
    expect(shedStrayGlyphs(ps).map((p) => [p.text, p.value])).toEqual([['c', null], ['10', 10], ['Team B', null]]);
  });
});

describe('minor log labels with a factor', () => {
  const W = 300, H = 60, BG: Rgb = [255, 255, 255];
  const r: Raster = { width: W, height: H, rgb: new Uint8Array(W * H * 3).fill(255) };
  const fill = (x0: number, y0: number, x1: number, y1: number): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) r.rgb.fill(0, 3 * (y * W + x), 3 * (y * W + x) + 3);
  };
  /** "10" as a block and a raised exponent, at x. */
  const power = (text: string, x: number): Word => {
    fill(x, 24, x + 16, 42);
    fill(x + 20, 20, x + 27, 29);
    return { text, bbox: [x, 20, x + 28, 42], confidence: 0.8 };
  };
  it('reads 6×10⁰, 10¹, 2×10¹ as 6, 10, 20 and drops the factor words', () => {
    const ws = [{ text: '6x', bbox: [10, 26, 30, 42] as BBox, confidence: 0.9 }, power('10°', 34), power('10?', 120), { text: '2x', bbox: [200, 26, 220, 42] as BBox, confidence: 0.9 }, power('107', 224)];
    expect(readPowersOfTen(ws, r, BG).map((w) => w.text)).toEqual(['6', '10', '20']);
  });
});
