// Small shapes whose text runs across their outline (train-styles 200002, issue 13ai): the inside
// notched by the letters is still a shape, its text read past the outline, and a box too narrow
// for more than a letter, with nothing read in it, is a label box.
import { describe, expect, it } from 'vitest';
import { hugsShortWord } from '../../../src/pipeline/flowcharts/boxed-labels.js';
import { inkSolidity, notchedBlock } from '../../../src/pipeline/flowcharts/text-notches.js';
import type { Mask, RgbImage } from '../../../src/pipeline/flowcharts/raster.js';

const W = 80;
const H = 40;

function maskOf(f: (x: number, y: number) => boolean, w = W, h = H): Mask {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (f(x, y)) data[y * w + x] = 1;
  return { width: w, height: h, data };
}

describe('insides notched by text', () => {
  it('a square inside with letters cut into it fills its hull with the ink; an L-shaped loop does not', () => {
    // 20 x 20 inside at (10, 10); letters (ink) notch it from the left side.
    const letter = (x: number, y: number): boolean => x >= 10 && x < 18 && y >= 18 && y < 22;
    const inside = maskOf((x, y) => x >= 10 && x < 30 && y >= 10 && y < 30 && !letter(x, y));
    const region = { mask: new Uint8Array(20 * 20), w: 20, h: 20, area: 0 };
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) region.mask[y * 20 + x] = inside.data[(y + 10) * W + x + 10]!;
    const ink = maskOf(letter);
    expect(inkSolidity(region, 10, 10, ink)).toBeGreaterThan(0.97);
    // Without the letters' ink the notch is paper: no better than the plain inside.
    expect(inkSolidity(region, 10, 10, maskOf(() => false))).toBeLessThan(0.97);
    // An L: its bend is paper.
    const l = { mask: new Uint8Array(20 * 20), w: 20, h: 20, area: 0 };
    for (let y = 0; y < 20; y++) for (let x = 0; x < 20; x++) l.mask[y * 20 + x] = x < 8 || y >= 12 ? 1 : 0;
    expect(inkSolidity(l, 10, 10, maskOf(() => false))).toBeLessThan(0.8);
  });
});

describe('text read past the outline', () => {
  // White paper, a blue box outline (x 20..59, y 8..31, 2 px), black letters (2-px stems, 2 px
  // apart) from x 14 to 63, across both sides, rows 16..23; a thin line leaves the right side.
  const img: RgbImage = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(255) };
  const put = (x: number, y: number, c: [number, number, number]): void => {
    img.data.set(c, (y * W + x) * 3);
  };
  const outline = (x: number, y: number): boolean => x >= 20 && x < 60 && y >= 8 && y < 32 && (x < 22 || x >= 58 || y < 10 || y >= 30);
  const letter = (x: number, y: number): boolean => x >= 14 && x < 66 && y >= 16 && y < 24 && (x - 14) % 4 < 2;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (outline(x, y)) put(x, y, [40, 80, 220]);
      if (letter(x, y)) put(x, y, [0, 0, 0]);
    }
  }
  const fg = maskOf((x, y) => outline(x, y) || letter(x, y));
  const region: number[] = [];
  const inner: number[] = [];
  for (let y = 8; y < 32; y++) {
    for (let x = 20; x < 60; x++) {
      region.push(y * W + x);
      if (x >= 25 && x < 55 && y >= 13 && y < 27) inner.push(y * W + x);
    }
  }

  it('widens the text over the letters beyond the outline and leaves the outline out', () => {
    const block = notchedBlock(img, fg, inner, region, 0, { glyph: 8, stroke: 2 }, 60);
    expect(block).toBeDefined();
    expect(block!.bbox[0]).toBeLessThanOrEqual(14);
    expect(block!.bbox[2]).toBeGreaterThanOrEqual(64);
    // No outline pixel (blue) among the text's.
    expect(block!.pixels.some((p) => img.data[p * 3 + 2] === 220)).toBe(false);
  });

  it('stops at a line leaving the shape', () => {
    const withLine: Mask = { ...fg, data: fg.data.slice() };
    for (let x = 60; x < W; x++) withLine.data[20 * W + x] = 1;
    for (let x = 66; x < W; x++) put(x, 20, [0, 0, 0]);
    const block = notchedBlock(img, withLine, inner, region, 0, { glyph: 8, stroke: 2 }, 60);
    expect(block!.bbox[2]).toBeLessThanOrEqual(67);
  });

  it('stops at two thin lines leaving side by side when the type is large beside them (issue 13fp)', () => {
    // Two branches leave the right side on the text's rows: every column past the letters holds
    // two thin runs, which letters of this size never do for 0.8 glyph on end.
    const withLines: Mask = { ...fg, data: fg.data.slice() };
    for (let x = 66; x < W; x++) {
      for (const y of [17, 22]) {
        withLines.data[y * W + x] = 1;
        put(x, y, [0, 0, 0]);
      }
    }
    const block = notchedBlock(img, withLines, inner, region, 0, { glyph: 16, stroke: 2 }, 60);
    expect(block!.bbox[0]).toBeLessThanOrEqual(14);
    expect(block!.bbox[2]).toBeLessThanOrEqual(70);
    // Lines as thick as the type's strokes could be letters: read on, as before.
    const thick = notchedBlock(img, withLines, inner, region, 0, { glyph: 7, stroke: 2 }, 60);
    expect(thick!.bbox[2]).toBeGreaterThanOrEqual(W - 1);
  });
});

describe('label boxes too narrow for a word', () => {
  it('an empty box 1.8 glyphs wide and 2.6 tall is a label box; as wide as a short word it is not', () => {
    const box = (bbox: [number, number, number, number]) => ({ bbox, shape: 'process' as const, text: '' });
    expect(hugsShortWord(box([253, 258, 271, 284]), 10, 3)).toBe(true);
    expect(hugsShortWord(box([253, 258, 293, 284]), 10, 3)).toBe(false);
  });
});
