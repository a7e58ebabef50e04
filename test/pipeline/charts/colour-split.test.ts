// Two fills of similar colour (a palette's pastels, a light grey beside a pale blue) are two
// series, not one cluster: each is far too common to be the other's anti-aliased rim or noise.
import { describe, expect, it } from 'vitest';
import { clusterColours, type Raster, type Rgb } from '../../../src/pipeline/charts/raster.js';

function twoFills(a: Rgb, b: Rgb): Raster {
  const width = 200, height = 100;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (let y = 10; y < 90; y++)
    for (let x = 10; x < 190; x++) if (x < 90 || x >= 110) rgb.set(x < 100 ? a : b, 3 * (y * width + x));
  return { width, height, rgb };
}

describe('similar fills', () => {
  it.each([
    ['pale blue and teal (set3 / paired)', [166, 206, 227], [141, 211, 199]],
    ['light grey and pale blue', [229, 229, 229], [193, 222, 234]],
  ] as [string, Rgb, Rgb][])('keeps %s apart', (_, a, b) => {
    const cl = clusterColours(twoFills(a, b));
    expect(cl.centres).toHaveLength(2);
    expect(cl.label[50 * 200 + 50]).not.toBe(cl.label[50 * 200 + 150]);
  });

  it('still joins a colour with its slightly different shades', () => {
    const r = twoFills([76, 120, 168], [80, 124, 164]);
    expect(clusterColours(r).centres).toHaveLength(1);
  });
});

describe('tints of one hue', () => {
  it('keeps two large fills of a sequential palette apart', () => {
    const cl = clusterColours(twoFills([174, 209, 226], [209, 224, 242]));
    expect(cl.centres).toHaveLength(2);
  });
});

describe('a pale series colour beside the gridline grey', () => {
  it('keeps small pale-blue rings apart from the far more common light-grey grid', () => {
    const width = 300, height = 200;
    const rgb = new Uint8Array(width * height * 3).fill(255);
    const put = (x: number, y: number, c: Rgb): void => rgb.set(c, 3 * (y * width + x));
    // Gridlines every 20 px, 2 px wide, in #ddd, inside a white margin.
    for (let y = 10; y < height - 10; y++) for (let x = 10; x < width - 10; x++) if (x % 20 < 2 || y % 20 < 2) put(x, y, [221, 221, 221]);
    // Eight hollow rings (9 px squares, 2 px outline) of a pale blue, off the grid.
    for (let k = 0; k < 8; k++) {
      const x0 = 25 + 32 * k, y0 = 25 + 20 * (k % 4);
      for (let y = y0; y < y0 + 9; y++) for (let x = x0; x < x0 + 9; x++) if (x - x0 < 2 || x - x0 > 6 || y - y0 < 2 || y - y0 > 6) put(x, y, [198, 219, 239]);
    }
    const cl = clusterColours({ width, height, rgb });
    const ring = cl.label[25 * width + 25]!, grid = cl.label[100 * width + 40]!;
    expect(ring).toBeGreaterThanOrEqual(0);
    expect(ring).not.toBe(grid);
  });
});
