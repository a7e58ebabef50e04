// Log axes labelled at only some decades (10¹ and 10³) or with only minor labels (2×10⁰, 3×10⁰):
// two labelled ticks fix the log scale (train-mpl7 6500032, 6500042, 6500021).
import { describe, expect, it } from 'vitest';
import { findAxis, toValue } from '../../../src/pipeline/charts/axes.js';
import { glyphBox, isRaisedPower, readPowersOfTen } from '../../../src/pipeline/charts/powers.js';
import type { Raster, Rgb } from '../../../src/pipeline/charts/raster.js';
import { phrases } from '../../../src/pipeline/charts/text.js';
import type { BBox, Word } from '../../../src/pipeline/types.js';

const W = 240, H = 240, BG: Rgb = [255, 255, 255];

function raster(): Raster {
  return { width: W, height: H, rgb: new Uint8Array(W * H * 3).fill(255) };
}

function fill(r: Raster, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) r.rgb.fill(0, 3 * (y * W + x), 3 * (y * W + x) + 3);
}

/** "10" as a 16 × 18 block at (x, y + 4) with a raised exponent; the tick stands level with the "10"'s middle, y + 13. */
function power(r: Raster, text: string, x: number, y: number, box: BBox = [x, y, x + 28, y + 22]): Word {
  fill(r, x, y + 4, x + 16, y + 22);
  fill(r, x + 20, y, x + 27, y + 9);
  return { text, bbox: box, confidence: 0.8 };
}

describe('log axes with sparse labels', () => {
  it('fits a column labelled 10¹ and 10³ only, the box of 10³ reaching over the plot frame', () => {
    const r = raster();
    // The plot's frame at x = 60..61, full height; OCR boxed "10³" out to it (a tick mark beside it too).
    fill(r, 60, 0, 62, H);
    fill(r, 52, 52, 60, 54);
    const ws = [power(r, '10!', 20, 140), power(r, '103', 20, 40, [20, 40, 63, 62])];
    expect(glyphBox(ws[1]!.bbox, r, BG)[2]).toBeLessThan(50);
    expect(ws.every((w) => isRaisedPower(w, r, BG))).toBe(true);
    const read = readPowersOfTen(ws, r, BG, new Map([[ws[0]!, 1], [ws[1]!, 3]]));
    expect(read.map((w) => w.text)).toEqual(['10', '1000']);
    const axis = findAxis(phrases(read), 'y', new Set(), 2);
    expect(axis?.scale).toBe('log');
    // Ticks at y = 153 (10) and y = 53 (1000): y = 103 is 100, between them in log.
    expect(toValue(axis!, 153)).toBeCloseTo(10, 6);
    expect(toValue(axis!, 53)).toBeCloseTo(1000, 6);
    expect(toValue(axis!, 103)).toBeCloseTo(100, 6);
  });

  it('fits a row of minor labels 2×10⁰ and 3×10⁰ (factor read "2x", and "3" "x" apart) as log', () => {
    const r = raster();
    // log10(3/2) = 0.176 decades apart: 2 at x = 44, 3 at x = 144 (1 decade = 568 px).
    const ws: Word[] = [
      { text: '2x', bbox: [10, 184, 28, 200], confidence: 0.9 },
      power(r, '10°', 30, 180, [30, 180, 58, 202]),
      { text: '3', bbox: [110, 184, 118, 200], confidence: 0.9 },
      { text: 'x', bbox: [119, 188, 128, 200], confidence: 0.9 },
      power(r, '10°', 130, 180, [130, 180, 158, 202]),
    ];
    const read = readPowersOfTen(ws, r, BG);
    expect(read.map((w) => w.text)).toEqual(['2', '3']);
    const axis = findAxis(phrases(read), 'x', new Set(), 2);
    expect(axis?.scale).toBe('log');
    const at = (v: number): number => 34 + (Math.log10(v / 2) / Math.log10(1.5)) * 100;
    expect(toValue(axis!, at(2))).toBeCloseTo(2, 6);
    expect(toValue(axis!, at(4))).toBeCloseTo(4, 6);
  });

  it('drops a power whose factor OCR lost (a times sign alone), not reading "10²" as 102', () => {
    const r = raster();
    const ws: Word[] = [{ text: 'x', bbox: [119, 188, 128, 200], confidence: 0.9 }, power(r, '102', 130, 180), power(r, '102', 30, 180)];
    expect(readPowersOfTen(ws, r, BG).map((w) => w.text)).toEqual(['100']);
  });
});
