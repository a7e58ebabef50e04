// A legend drawn inside the plot with its names set close (train6 6100005): "Budget"'s descender
// reaches down to "Q4" on the next row, the two lines of unread text join into one group too tall
// for a line, and neither name was read. Where the group may be stacked lines, it is cut into its
// lines when they start at one x and a swatch shows before one of them.
import { describe, expect, it } from 'vitest';
import { swatchBefore, unreadText } from '../../../src/pipeline/charts/crops.js';
import type { Rgb } from '../../../src/pipeline/charts/raster.js';

const WHITE: Rgb = [255, 255, 255];
const W = 64, H = 44;

function picture(swatch = true, secondRowAt = 14): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(255);
  const fill = (x0: number, y0: number, x1: number, y1: number, c: Rgb = [20, 20, 20]): void => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, 3 * (y * W + x));
  };
  if (swatch) fill(2, 10, 10, 20, [228, 26, 28]);
  // First row: three glyphs, the middle one with a descender, and a dot over a fourth (an "i").
  fill(14, 10, 19, 20);
  fill(24, 10, 29, 24);
  fill(34, 10, 39, 20);
  fill(44, 7, 46, 9);
  fill(44, 10, 49, 20);
  // Second row, two pixels under the descender.
  fill(secondRowAt, 26, secondRowAt + 5, 36);
  fill(secondRowAt + 10, 26, secondRowAt + 15, 36);
  return rgb;
}

const read = (rgb: Uint8Array, stacked: boolean): number[][] =>
  [...unreadText(rgb, W, H, WHITE, new Uint8Array(W * H), 10, () => true, undefined, false, () => stacked).boxes].sort((a, b) => a[1] - b[1]);

describe('legend names set close, one under the other', () => {
  it('are one group too tall for a line, and go unread, where no stacking is allowed', () => {
    expect(read(picture(), false)).toEqual([]);
  });

  it('are cut into their lines where the group may be stacked lines, an i keeping its dot', () => {
    expect(read(picture(), true)).toEqual([
      [14, 7, 49, 24],
      [14, 26, 29, 36],
    ]);
  });

  it('stay unread where no swatch shows before them', () => {
    expect(read(picture(false), true)).toEqual([]);
  });

  it('stay unread where the lines do not start at one x (value labels crowded over bars)', () => {
    expect(read(picture(true, 22), true)).toEqual([]);
  });

  it('find a swatch only as a patch with other pixels on both sides', () => {
    expect(swatchBefore(picture(), W, [14, 7, 49, 24], 10)).toBe(true);
    const bar = picture(false);
    for (let y = 0; y < H; y++) for (let x = 0; x < 12; x++) bar.set([228, 26, 28], 3 * (y * W + x));
    expect(swatchBefore(bar, W, [14, 7, 49, 24], 10)).toBe(false);
  });
});
