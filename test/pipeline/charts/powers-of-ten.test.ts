// Log axes labelled 10⁰ 10¹ 10² (matplotlib's default): OCR reads "10°", "101", "10?"; a column
// or row of such labels with the exponent raised reads as 1, 10, 100 (train-mpl seeds 900011, 900021).
import { describe, expect, it } from 'vitest';
import { exponentBox, isRaisedPower, readPowersOfTen, rereadExponents } from '../../../src/pipeline/charts/powers.js';
import type { Raster, Rgb } from '../../../src/pipeline/charts/raster.js';
import type { BBox, PageText, Word } from '../../../src/pipeline/types.js';

const W = 200, H = 200, BG: Rgb = [255, 255, 255];

function raster(): Raster {
  return { width: W, height: H, rgb: new Uint8Array(W * H * 3).fill(255) };
}

function fill(r: Raster, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) r.rgb.fill(0, 3 * (y * W + x), 3 * (y * W + x) + 3);
}

/** A label at (x, y): "10" as a 16 × 18 block, and either a raised small exponent or a third full-height digit. */
function label(r: Raster, text: string, x: number, y: number, raised: boolean): Word {
  fill(r, x, y + 4, x + 16, y + 22);
  if (raised) fill(r, x + 20, y, x + 27, y + 9);
  else fill(r, x + 19, y + 4, x + 27, y + 22);
  const bbox: BBox = [x, y, x + 28, y + 22];
  return { text, bbox, confidence: 0.8 };
}

describe('powers of ten', () => {
  it('reads a column of raised powers as consecutive powers, anchored where the digits agree', () => {
    const r = raster();
    // Bottom to top: 10⁰ read "10°", 10¹ read "101", 10² read "10?", 10³ read "107" (a misread).
    const ws = [label(r, '10°', 20, 150, true), label(r, '101', 20, 110, true), label(r, '10?', 20, 70, true), label(r, '107', 20, 30, true)];
    expect(ws.every((w) => isRaisedPower(w, r, BG))).toBe(true);
    const out = readPowersOfTen([...ws, { text: 'Revenue', bbox: [100, 10, 160, 30], confidence: 0.9 }], r, BG);
    expect(out.map((w) => w.text)).toEqual(['1', '10', '100', '1000', 'Revenue']);
  });

  it('reads a row left to right', () => {
    const r = raster();
    const ws = [label(r, '10!', 20, 160, true), label(r, '102', 70, 160, true), label(r, '10*', 120, 160, true)];
    expect(readPowersOfTen(ws, r, BG).map((w) => w.text)).toEqual(['10', '100', '1000']);
  });

  it('leaves a linear axis of 100, 101, 102 (no raised glyph) as read', () => {
    const r = raster();
    const ws = [label(r, '100', 20, 150, false), label(r, '101', 20, 110, false), label(r, '102', 20, 70, false)];
    expect(ws.some((w) => isRaisedPower(w, r, BG))).toBe(false);
    expect(readPowersOfTen(ws, r, BG).map((w) => w.text)).toEqual(['100', '101', '102']);
  });

  // train-mpl3 2900037: bottom to top 10² read "102", 10³ read "10?" (a look-alike of 2), which
  // tie and read as 10 and 100; the 3 read again alone outvotes the look-alike.
  it('lets an exponent read again alone outvote the word readings', () => {
    const r = raster();
    const ws = [label(r, '102', 20, 150, true), label(r, '10?', 20, 100, true)];
    expect(readPowersOfTen(ws, r, BG, new Map([[ws[1]!, 3]])).map((w) => w.text)).toEqual(['100', '1000']);
  });

  // train-mpl3 2900054: 10³ read "107", 10⁴ "10*"; read alone, enlarged, the exponents read 3 and 4.
  it('takes exponents read again alone over the word readings', () => {
    const r = raster();
    const ws = [label(r, '107', 20, 160, true), label(r, '10*', 120, 160, true)];
    const again = new Map([[ws[0]!, 3], [ws[1]!, 4]]);
    expect(readPowersOfTen(ws, r, BG, again).map((w) => w.text)).toEqual(['1000', '10000']);
  });

  // train-mpl2 1900003: labels every second decade, 10¹ and 10³ (read again as 1 and 3).
  it('steps by the stride of decades the exponents agree on', () => {
    const r = raster();
    const ws = [label(r, '10!', 20, 150, true), label(r, '10?', 20, 100, true)];
    expect(readPowersOfTen(ws, r, BG, new Map([[ws[0]!, 1], [ws[1]!, 3]])).map((w) => w.text)).toEqual(['10', '1000']);
    // Without the second reading the look-alikes (1, 2) keep consecutive decades.
    expect(readPowersOfTen(ws, r, BG).map((w) => w.text)).toEqual(['10', '100']);
  });

  it('boxes the raised exponent apart from the "10"', () => {
    const r = raster();
    const w = label(r, '10?', 20, 100, true);
    expect(exponentBox(w, r, BG)).toEqual([40, 100, 47, 109]);
  });

  it('reads the exponents again in one OCR call, keeping single digits', async () => {
    const r = raster();
    const ws = [label(r, '10!', 20, 150, true), label(r, '10?', 20, 100, true)];
    const calls: Buffer[] = [];
    // An OCR that reads nothing: no second readings, and one call made.
    const none = await rereadExponents(ws, r, BG, async (png): Promise<PageText> => (calls.push(png), { source: 'ocr', lines: [] }));
    expect(none.size).toBe(0);
    expect(calls).toHaveLength(1);
    expect((await rereadExponents(ws.slice(0, 1), r, BG, async (): Promise<PageText> => ({ source: 'ocr', lines: [] }))).size).toBe(0);
  });

  // train-mpl2 1900038: 10³ and 10⁴ read "107" and "104" in boxes drawn wide over the minor tick
  // marks beside them, so no raised glyph shows at their right; they stand at the column's spacing.
  it('takes in "10"+glyph words at the even spacing of a column of raised powers', () => {
    const r = raster();
    const ws = [label(r, '10:', 20, 150, true), label(r, '102', 20, 110, true), label(r, '107', 20, 70, false), label(r, '104', 20, 30, false)];
    expect(readPowersOfTen(ws, r, BG).map((w) => w.text)).toEqual(['10', '100', '1000', '10000']);
    // Off the spacing, a "10"+digit word is another label and stays as read.
    const off = [label(r, '10:', 20, 150, true), label(r, '102', 20, 110, true), label(r, '107', 20, 85, false)];
    expect(readPowersOfTen(off, r, BG).map((w) => w.text)).toEqual(['10', '100', '107']);
  });
});
