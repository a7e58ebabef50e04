// Text wider than a filled shape (train-styles2 1300028, issue 13fg): read against the fill, the
// letters past the outline on both sides are the node's; text on one side only is not.
import { describe, expect, it } from 'vitest';
import type { Mask, RgbImage } from '../../../src/pipeline/flowcharts/raster.js';
import type { Region } from '../../../src/pipeline/flowcharts/shapes.js';
import { inkOverFills, runsToEnds, spilledBlock } from '../../../src/pipeline/flowcharts/text-spill.js';
import { shapeBlock } from '../../../src/pipeline/flowcharts/text.js';

const W = 90;
const H = 40;
const scale = { glyph: 8, stroke: 2 };

/** A pale orange shape (a box standing for a diamond's middle: x 25..64, y 8..31) with an orange outline; black letters over `letter`. */
function scene(letter: (x: number, y: number) => boolean): { img: RgbImage; fg: Mask; region: Region; inner: number[] } {
  const img: RgbImage = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(255) };
  const fg: Mask = { width: W, height: H, data: new Uint8Array(W * H) };
  const pixels: number[] = [];
  const inner: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const inBox = x >= 25 && x < 65 && y >= 8 && y < 32;
      if (inBox) {
        pixels.push(p);
        img.data.set(x < 27 || x >= 63 || y < 10 || y >= 30 ? [215, 155, 0] : [255, 200, 140], p * 3);
        fg.data[p] = 1;
        if (x >= 30 && x < 60 && y >= 13 && y < 27) inner.push(p);
      }
      if (letter(x, y)) {
        img.data.set([0, 0, 0], p * 3);
        fg.data[p] = 1;
      }
    }
  }
  const region: Region = { bbox: [25, 8, 65, 32], pixels, untrimmed: pixels, kind: 'decision', hollow: false };
  return { img, fg, region, inner };
}

describe('text spilling past a filled shape', () => {
  it('takes the letters on both sides of a centred line of text', () => {
    const { img, fg, region, inner } = scene((x, y) => x >= 17 && x < 73 && y >= 16 && y < 24 && (x - 17) % 4 < 2);
    const letters = inkOverFills(img, fg, [region], 40);
    // The fill is gone, the letters and the outline stay.
    expect(letters.data[20 * W + 45]).toBe(1);
    expect(letters.data[20 * W + 47]).toBe(0);
    expect(letters.data[12 * W + 45]).toBe(0);
    expect(letters.data[12 * W + 25]).toBe(1);
    const usual = shapeBlock(img, inner, 0, 40, region.pixels);
    expect(usual?.bbox[0]).toBeGreaterThanOrEqual(25);
    const block = spilledBlock(img, letters, inner, region, usual, scale, 40);
    expect(block?.bbox[0]).toBeLessThanOrEqual(17);
    expect(block?.bbox[2]).toBeGreaterThanOrEqual(71);
  });

  it('leaves text within the shape, and text running out on one side only, to the usual reading', () => {
    const within = scene((x, y) => x >= 33 && x < 57 && y >= 16 && y < 24 && (x - 33) % 4 < 2);
    const read = (t: typeof within): ReturnType<typeof spilledBlock> =>
      spilledBlock(t.img, inkOverFills(t.img, t.fg, [t.region], 40), t.inner, t.region, shapeBlock(t.img, t.inner, 0, 40, t.region.pixels), scale, 40);
    expect(read(within)).toBeUndefined();
    const oneSide = scene((x, y) => x >= 33 && x < 80 && y >= 16 && y < 24 && (x - 33) % 4 < 2);
    expect(read(oneSide)).toBeUndefined();
  });

  it('does nothing for a box (its sides stand straight) or a small round shape', () => {
    const s = scene((x, y) => x >= 17 && x < 73 && y >= 16 && y < 24 && (x - 17) % 4 < 2);
    const usual = shapeBlock(s.img, s.inner, 0, 40, s.region.pixels);
    expect(spilledBlock(s.img, inkOverFills(s.img, s.fg, [s.region], 40), s.inner, { ...s.region, kind: 'process' }, usual, scale, 40)).toBeUndefined();
    // Nor for a round shape under three glyphs across (a connector's letter, its lines' heads).
    expect(spilledBlock(s.img, inkOverFills(s.img, s.fg, [s.region], 40), s.inner, s.region, usual, { glyph: 14, stroke: 2 }, 40)).toBeUndefined();
  });

  it('needs the letters to run on to the inside\'s ends, not ink left at a sharp end with paper between', () => {
    const rows: number[] = [];
    for (let y = 16; y < 24; y++) for (let x = 30; x < 60; x++) rows.push(y * W + x);
    const mask = (f: (x: number) => boolean): Mask => {
      const data = new Uint8Array(W * H);
      for (let y = 16; y < 24; y++) for (let x = 0; x < W; x++) if (f(x)) data[y * W + x] = 1;
      return { width: W, height: H, data };
    };
    const box: [number, number, number, number] = [40, 16, 50, 24];
    expect(runsToEnds(mask((x) => x >= 30 && x < 60 && x % 4 < 2), box, rows, 8)).toBe(true);
    expect(runsToEnds(mask((x) => (x >= 40 && x < 50 && x % 4 < 2) || x === 30 || x === 59), box, rows, 8)).toBe(false);
  });
});
