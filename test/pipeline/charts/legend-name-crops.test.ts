// Issue 13cv: an unread legend name inside the plot is read again from a crop when a swatch lies
// beside it; findLegend pairs names with swatches up to 2.5 text heights off, so the swatch is
// looked for within three (train-mpl 900030: a triangle 1.8 text heights off showed only its tip
// within two, "Team C" went unread and its glyphs were read as a series of points).
import { describe, expect, it } from 'vitest';
import { besideSwatch } from '../../../src/pipeline/charts/crops.js';
import type { BBox } from '../../../src/pipeline/types.js';

const W = 200, H = 60, TH = 20;

/** White paper with a red triangle (apex up) of base `base` whose right corner is at x `right`. */
function triangle(right: number, base: number): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(255);
  for (let y = 22; y < 38; y++) {
    const half = (base / 2) * ((y - 22) / 16);
    for (let x = Math.round(right - base / 2 - half); x <= Math.round(right - base / 2 + half); x++) rgb.set([166, 6, 40], 3 * (y * W + x));
  }
  return rgb;
}

describe('a swatch beside an unread name', () => {
  const name: BBox = [140, 20, 190, 40];

  it('finds a triangle marker 1.8 text heights left of the name', () => {
    expect(besideSwatch(triangle(140 - 36, 18), W, H, name, TH)).toBe(true);
  });

  it('finds none where the colour is farther off than a legend pairs', () => {
    expect(besideSwatch(triangle(140 - 62, 18), W, H, name, TH)).toBe(false);
  });
});
