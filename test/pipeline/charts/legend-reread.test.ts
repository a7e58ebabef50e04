// Issue 13df: small legend names at 72 dpi (train5 4100038) read as "TeaniA" on the page and as
// nothing from the crop pass (a gridline's removal cut their strokes); read again whole, from the
// picture as drawn, they read "Team A" and "Team B" (8 -> 43 of 45 values).
import { describe, expect, it } from 'vitest';
import { oddWord, rereadLegendNames } from '../../../src/pipeline/charts/legend-reread.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';
import type { PageText, Word } from '../../../src/pipeline/types.js';

const W = 200, H = 60, TH = 10, BG: Rgb = [255, 255, 255];

/** White paper, a red swatch at x 100-108 and grey "text" ink at x 112-150, y 20-30. */
function picture(): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(255);
  for (let y = 21; y < 29; y++) for (let x = 100; x < 108; x++) rgb.set([200, 30, 30], 3 * (y * W + x));
  for (let y = 20; y < 30; y++) for (let x = 112; x < 150; x += 3) rgb.set([60, 60, 60], 3 * (y * W + x));
  return rgb;
}

/** An OCR that reads `texts` side by side over the sheet's first crop, counting its calls. */
function fakeOcr(texts: string[], calls: Buffer[]): (png: Buffer) => Promise<PageText> {
  return async (png) => {
    calls.push(png);
    return { source: 'ocr', lines: [{ text: texts.join(' '), bbox: [24, 30, 200, 70], words: texts.map((text, k) => ({ text, bbox: [24 + 40 * k, 30, 56 + 40 * k, 70], confidence: 0.9 })) }] };
  };
}

describe('legend names read again whole', () => {
  it('knows glyphs run together by a capital after a small letter', () => {
    expect(oddWord('TeaniA')).toBe(true);
    expect(oddWord('Team A')).toBe(false);
    expect(oddWord('Q3')).toBe(false);
  });

  it('replaces an odd name beside a swatch with a plain reading, in one OCR call', async () => {
    const calls: Buffer[] = [];
    const words: Word[] = [{ text: 'TeaniA', bbox: [112, 20, 150, 30], confidence: 0.77 }, { text: 'Sales', bbox: [10, 40, 40, 50], confidence: 0.95 }];
    const out = await rereadLegendNames(words, [], picture(), W, H, BG, TH, fakeOcr(['Team', 'A'], calls));
    expect(calls).toHaveLength(1);
    expect(out.map((w) => w.text).sort()).toEqual(['A', 'Sales', 'Team']);
  });

  it('makes no call where every name reads plainly, and keeps a reading no better', async () => {
    const calls: Buffer[] = [];
    const plain: Word[] = [{ text: 'Team A', bbox: [112, 20, 150, 30], confidence: 0.9 }];
    expect(await rereadLegendNames(plain, [], picture(), W, H, BG, TH, fakeOcr(['x'], calls))).toEqual(plain);
    expect(calls).toHaveLength(0);
    const odd: Word[] = [{ text: 'TeaniA', bbox: [112, 20, 150, 30], confidence: 0.77 }];
    expect(await rereadLegendNames(odd, [], picture(), W, H, BG, TH, fakeOcr(['TeaiA'], calls))).toEqual(odd);
  });

  it('reads a crop beside a swatch that read as nothing', async () => {
    const calls: Buffer[] = [];
    const out = await rereadLegendNames([], [[112, 20, 150, 30]], picture(), W, H, BG, TH, fakeOcr(['Team', 'B'], calls));
    expect(out.map((w) => w.text)).toEqual(['Team', 'B']);
  });
});
