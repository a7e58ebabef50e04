// A legend drawn over the bars (train3 seed 400151): the swatch's dark frame is not a glyph though
// the bar's colour lies all round it, the dark text's tinted edges are ink, and the crop shows
// that text as grey ink on the background rather than as smudges of the bar's colour.
import { describe, expect, it } from 'vitest';
import { dark, inkLevels, layoutSheet, unreadText } from '../../../src/pipeline/charts/crops.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';

const WHITE: Rgb = [255, 255, 255];
const BLUE: Rgb = [55, 126, 184];
const W = 80, H = 30;

function picture(): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(i % W < 70 ? BLUE : WHITE, 3 * i);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, 3 * (y * W + x));
  };
  // A swatch: dark frame round red, over the blue bar.
  fill(4, 8, 15, 19, [40, 40, 40]);
  fill(5, 9, 14, 18, [228, 26, 28]);
  // Two glyphs ("U"): dark cores, edges that are blends of ink and the bar's blue.
  for (const x of [22, 30]) {
    fill(x, 9, x + 5, 18, [30, 55, 80]);
    fill(x + 1, 9, x + 4, 17, [20, 20, 22]);
    fill(x + 2, 9, x + 3, 16, BLUE);
  }
  return rgb;
}

describe('text drawn over a coloured mark', () => {
  it('counts ink tinted by the mark it lies on, but not the mark', () => {
    const rgb = new Uint8Array([30, 55, 80, 55, 126, 184, 0, 90, 0]);
    expect(dark(rgb, 0, WHITE)).toBe(true);
    expect(dark(rgb, 1, WHITE)).toBe(false);
    expect(dark(rgb, 2, WHITE)).toBe(false);
  });

  it('leaves a swatch frame out of the text line even with colour all round it', () => {
    const rgb = picture();
    const { boxes } = unreadText(rgb, W, H, WHITE, new Uint8Array(W * H), 10, () => true);
    expect(boxes).toEqual([[22, 9, 35, 18]]);
  });

  it('lays the glyphs on the sheet as grey ink, their tinted edges fainter than their cores', () => {
    const rgb = picture();
    const { boxes, glyphs } = unreadText(rgb, W, H, WHITE, new Uint8Array(W * H), 10, () => true);
    const ink = inkLevels(rgb, W, [18, 5, 39, 22], glyphs, WHITE);
    expect(ink).toBeDefined();
    expect(ink!(12 * W + 23)).toBe(1);
    expect(ink!(9 * W + 22)).toBeGreaterThan(0.3);
    expect(ink!(9 * W + 22)).toBeLessThan(1);
    const sheet = layoutSheet(rgb, W, H, WHITE, boxes, glyphs, 10).sheet;
    // No pixel of the sheet keeps the bar's hue.
    let hue = 0;
    for (let i = 0; i < sheet.width * sheet.height; i++) {
      const p = sheet.rgb.subarray(3 * i, 3 * i + 3);
      if (Math.max(...p) - Math.min(...p) > 20) hue++;
    }
    expect(hue).toBe(0);
  });
});
