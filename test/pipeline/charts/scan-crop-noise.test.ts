// Scan-like-3 (issue 13cx): on a scanned line chart (4500003) the darker grains of coloured lines
// passed for dark ink and crowded the crop sheet until OCR read none of the lone tick digits (no
// value axis); on a scanned bar chart (4500008) the tick marks under the axis, read from crops as
// "T" "1" "~T", outnumbered the category labels.
import { describe, expect, it } from 'vitest';
import { unreadText } from '../../../src/pipeline/charts/crops.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';
import { withoutTickGlyphs } from '../../../src/pipeline/charts/stray-glyphs.js';
import { parseNumber, type Phrase } from '../../../src/pipeline/charts/text.js';
import type { BBox } from '../../../src/pipeline/types.js';

const PAPER: Rgb = [235, 235, 235];
const W = 80, H = 30;

/** A green line's piece (mid-dark, tinted) at x 5..15 and a dark grey glyph at x 40..46. */
function picture(): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) rgb.set(PAPER, 3 * i);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, 3 * (y * W + x));
  };
  for (let k = 0; k < 10; k++) fill(5 + k, 8 + k, 6 + k, 10 + k, [110, 160, 110]);
  fill(40, 8, 46, 18, [50, 50, 50]);
  return rgb;
}

describe('coloured strokes on a scan', () => {
  it('are no glyphs on a scan, and stay so on a rendered chart', () => {
    const rgb = picture();
    const scan = unreadText(rgb, W, H, PAPER, new Uint8Array(W * H), 10, () => true, undefined, true);
    expect(scan.boxes).toEqual([[40, 8, 46, 18]]);
    const rendered = unreadText(rgb, W, H, PAPER, new Uint8Array(W * H), 10, () => true);
    expect(rendered.boxes.length).toBe(2);
  });
});

const phrase = (text: string, bbox: BBox): Phrase => ({ text, bbox, words: [], value: parseNumber(text)?.value ?? null, percent: false });

describe('tick marks read as glyphs', () => {
  it('drops a row of stroke readings, keeps the labels', () => {
    const ticks = ['T', '1', '~T', 'I'].map((t, i) => phrase(t, [100 + 90 * i, 500, 110 + 90 * i, 520]));
    const labels = ['North', 'Sales'].map((t, i) => phrase(t, [80 + 90 * i, 530, 130 + 90 * i, 550]));
    expect(withoutTickGlyphs([...ticks, ...labels], 20).map((p) => p.text)).toEqual(['North', 'Sales']);
  });

  it('keeps one "1" among labels', () => {
    const ps = ['1', '2', '3'].map((t, i) => phrase(t, [100 + 90 * i, 500, 110 + 90 * i, 520]));
    expect(withoutTickGlyphs(ps, 20).length).toBe(3);
  });
});
