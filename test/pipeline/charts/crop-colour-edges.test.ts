// A legend name touching a data point or its swatch (train6 seed 6100029): the glyphs' grown edge
// took in the marker's colour, and pasted onto the sheet it cut OCR's confidence in "Actual" below
// use. Where the crop lies on a pale ground (7 in 10 pixels off the glyphs), vivid colour there goes.
import { describe, expect, it } from 'vitest';
import { layoutSheet, unreadText } from '../../../src/pipeline/charts/crops.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';

const WHITE: Rgb = [255, 255, 255];
const W = 60, H = 30;

function picture(): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(255);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, 3 * (y * W + x));
  };
  // Two dark glyphs, the second touched on its right by an orange marker.
  fill(10, 9, 14, 19, [30, 30, 30]);
  fill(18, 9, 22, 19, [30, 30, 30]);
  fill(22, 12, 30, 20, [247, 150, 70]);
  return rgb;
}

describe('crop sheet of text touching a coloured mark', () => {
  it('keeps the dark glyphs and none of the mark colour', () => {
    const rgb = picture();
    const { boxes, glyphs } = unreadText(rgb, W, H, WHITE, new Uint8Array(W * H), 10, () => true);
    expect(boxes.length).toBe(1);
    const sheet = layoutSheet(rgb, W, H, WHITE, boxes, glyphs, 10).sheet;
    let vivid = 0, dark = 0;
    for (let i = 0; i < sheet.width * sheet.height; i++) {
      const p = sheet.rgb.subarray(3 * i, 3 * i + 3);
      if (Math.max(...p) - Math.min(...p) > 40) vivid++;
      if (Math.max(...p) < 80) dark++;
    }
    expect(vivid).toBe(0);
    expect(dark).toBeGreaterThan(50);
  });
});
