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
