// Outlines on scans (issue 13w): a thin outline broken by a pixel still encloses its shape
// (holes.ts closeGaps), a pale fill thrown over the threshold in specks is cleared
// (fill-specks.ts), a fill's crumbs give way to the hole read above it (holes.ts `strong`), and a
// drop shadow thick enough to leave a core of its own stays with its shape (shapes.ts).
import { describe, expect, it } from 'vitest';
import { closeGaps, shapeHoles } from '../../../src/pipeline/flowcharts/holes.js';
import { withoutFillSpecks } from '../../../src/pipeline/flowcharts/fill-specks.js';
import { findShapes } from '../../../src/pipeline/flowcharts/shapes.js';
import type { Mask, RgbImage } from '../../../src/pipeline/flowcharts/raster.js';

const scale = { stroke: 2, glyph: 10 };

function mask(width: number, height: number): Mask & { set: (x: number, y: number) => void; clear: (x: number, y: number) => void } {
  const data = new Uint8Array(width * height);
  return {
    width,
    height,
    data,
    set: (x, y) => {
      if (x >= 0 && y >= 0 && x < width && y < height) data[y * width + x] = 1;
    },
    clear: (x, y) => {
      data[y * width + x] = 0;
    },
  };
}

/** A 2-pixel box outline with letter-like bars in the middle. */
function box(m: ReturnType<typeof mask>, [x0, y0, x1, y1]: [number, number, number, number]): void {
  for (let x = x0; x < x1; x++) for (const y of [y0, y0 + 1, y1 - 2, y1 - 1]) m.set(x, y);
  for (let y = y0; y < y1; y++) for (const x of [x0, x0 + 1, x1 - 2, x1 - 1]) m.set(x, y);
  const cx = Math.round((x0 + x1) / 2);
  const cy = Math.round((y0 + y1) / 2);
  for (let k = -3; k <= 3; k++) for (let y = cy - 5; y < cy + 5; y++) for (let x = cx + 6 * k; x < cx + 6 * k + 2; x++) m.set(x, y);
}

describe('closeGaps', () => {
  it('a box outline with a one-pixel break encloses its inside once closed, and only then', () => {
    const m = mask(160, 100);
    box(m, [20, 20, 130, 70]);
    // The break: both rows of the top side cut at one column.
    m.clear(75, 20);
    m.clear(75, 21);
    const centre = 45 * 160 + 40;
    expect(shapeHoles(m, scale).filled[centre]).toBe(0);
    expect(shapeHoles(closeGaps(m), scale).filled[centre]).toBe(1);
  });
});

describe('shapeHoles with a strong mask', () => {
  it('a hole read above a fill replaces the crumbs the fill left between its specks', () => {
    const m = mask(160, 100);
    box(m, [20, 20, 130, 60]);
    const strong = { width: m.width, height: m.height, data: m.data.slice() };
    // The fill's specks: a wall across the inside cuts it in two crumbs in the normal ink.
    for (let y = 20; y < 60; y++) m.set(100, y);
    const normal = shapeHoles(m, scale);
    const both = shapeHoles(m, scale, [strong]);
    // Normal ink: the wall parts two holes and is in neither; above the fill one hole spans the
    // box, the wall's place included, and the crumbs are gone.
    expect(normal.filled[40 * 160 + 100]).toBe(0);
    expect(both.filled[40 * 160 + 100]).toBe(1);
    expect(both.filled[40 * 160 + 40]).toBe(1);
    expect(both.filled[40 * 160 + 120]).toBe(1);
  });
});

describe('withoutFillSpecks', () => {
  it('clears weak specks on a tint, keeps strong ones and weak dashes on the paper', () => {
    const width = 120;
    const height = 60;
    const data = new Uint8Array(width * height * 3).fill(250);
    const paint = (x: number, y: number, v: number): void => {
      data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    };
    // A tint 36 levels off the paper over the left half; threshold 40.
    for (let y = 0; y < height; y++) for (let x = 0; x < 60; x++) paint(x, y, 214);
    const fg = mask(width, height);
    const speck = (x0: number, y0: number, v: number): void => {
      for (let y = y0; y < y0 + 2; y++) {
        for (let x = x0; x < x0 + 2; x++) {
          paint(x, y, v);
          fg.set(x, y);
        }
      }
    };
    speck(20, 20, 205); // weak, on the tint
    speck(40, 40, 60); // strong (a letter's dot), on the tint
    speck(90, 30, 205); // weak, on the paper (a faint line's dash)
    const img: RgbImage = { width, height, data };
    const out = withoutFillSpecks(img, [250, 250, 250], fg, 40, 12);
    expect(out.data[20 * width + 20]).toBe(0);
    expect(out.data[40 * width + 40]).toBe(1);
    expect(out.data[30 * width + 90]).toBe(1);
  });
});

describe('drop shadows', () => {
  it('a thick shadow joined to its shape is no shape of its own', () => {
    const m = mask(200, 140);
    // A filled box (a fill over the threshold) and its shadow, offset by 16 and as thick, parted
    // from the box by a pale gap of 2 pixels but for one join thicker than a stroke (the opening
    // keeps it, so box and shadow are one solid).
    for (let y = 20; y < 80; y++) for (let x = 20; x < 140; x++) m.set(x, y);
    for (let y = 36; y < 96; y++) for (let x = 142; x < 158; x++) m.set(x, y);
    for (let y = 82; y < 96; y++) for (let x = 36; x < 158; x++) m.set(x, y);
    for (let y = 50; y < 58; y++) for (let x = 140; x < 142; x++) m.set(x, y);
    const regions = findShapes(m, scale);
    expect(regions.length).toBe(1);
    expect(regions[0]!.bbox[0]).toBeLessThanOrEqual(21);
  });
});
