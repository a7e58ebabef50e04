// Text wider than a filled shape (train-styles2 1300028, issue 13fg): read against the fill, the
// letters past the outline on both sides are the node's; text on one side only is not. Issue 13fh:
// only for diamonds, and only when every piece past the sides is a letter (no line, head or label);
// issue 13fr: a line along the text's rows may meet the first or last letter from outside.
import { describe, expect, it } from 'vitest';
import type { Mask, RgbImage } from '../../../src/pipeline/flowcharts/raster.js';
import type { Region } from '../../../src/pipeline/flowcharts/shapes.js';
import { cutDiamond, inkOverFills, letterLikeSpill, runsToEnds, spilledBlock } from '../../../src/pipeline/flowcharts/text-spill.js';
import { shapeBlock, type TextBlock } from '../../../src/pipeline/flowcharts/text.js';

const W = 90;
const H = 40;
const scale = { glyph: 8, stroke: 2 };

/** Black ink where `f` holds on white; the block's pixels are the ink where `inBlock` holds. */
function blackInk(f: (x: number, y: number) => boolean, inBlock: (x: number, y: number) => boolean): { img: RgbImage; letters: Mask; pixels: number[] } {
  const img: RgbImage = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(255) };
  const data = new Uint8Array(W * H);
  const pixels: number[] = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (!f(x, y)) continue;
      const p = y * W + x;
      data[p] = 1;
      img.data.set([0, 0, 0], p * 3);
      if (inBlock(x, y)) pixels.push(p);
    }
  }
  return { img, letters: { width: W, height: H, data }, pixels };
}

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

  it('does nothing for a box, a rounded box or an ellipse (sized to their text), or a small diamond', () => {
    const s = scene((x, y) => x >= 17 && x < 73 && y >= 16 && y < 24 && (x - 17) % 4 < 2);
    const usual = shapeBlock(s.img, s.inner, 0, 40, s.region.pixels);
    const letters = inkOverFills(s.img, s.fg, [s.region], 40);
    for (const kind of ['process', 'terminator', 'io', 'connector'] as const) {
      expect(spilledBlock(s.img, letters, s.inner, { ...s.region, kind }, usual, scale, 40)).toBeUndefined();
    }
    expect(spilledBlock(s.img, letters, s.inner, s.region, usual, scale, 40)).toBeDefined();
    // Nor for a diamond under three glyphs across (a letter or two, its lines' heads).
    expect(spilledBlock(s.img, letters, s.inner, s.region, usual, { glyph: 14, stroke: 2 }, 40)).toBeUndefined();
  });

  it('leaves the usual reading when the ink past a side is a line with its head, not letters', () => {
    // Letters run past both sides, but on the left the ink past the outline is a head whose line
    // comes down from above: one long piece, taller than a glyph.
    const letter = (x: number, y: number): boolean => x >= 17 && x < 73 && y >= 16 && y < 24 && (x - 17) % 4 < 2;
    const s = scene((x, y) => (x >= 21 && letter(x, y)) || (x >= 17 && x < 25 && y >= 17 && y < 23 && Math.abs(y - 20) <= (x - 17) / 2) || (x >= 17 && x < 19 && y < 20));
    const usual = shapeBlock(s.img, s.inner, 0, 40, s.region.pixels);
    const letters = inkOverFills(s.img, s.fg, [s.region], 40);
    expect(spilledBlock(s.img, letters, s.inner, s.region, usual, scale, 40)).toBeUndefined();
    // Without the line the same head is glyph-sized and would count as a letter.
    const headOnly = scene((x, y) => (x >= 21 && letter(x, y)) || (x >= 17 && x < 25 && y >= 17 && y < 23 && Math.abs(y - 20) <= (x - 17) / 2));
    const u2 = shapeBlock(headOnly.img, headOnly.inner, 0, 40, headOnly.region.pixels);
    expect(spilledBlock(headOnly.img, inkOverFills(headOnly.img, headOnly.fg, [headOnly.region], 40), headOnly.inner, headOnly.region, u2, scale, 40)).toBeDefined();
  });

  it('leaves the usual reading when the ink past the sides is another colour than the text (labels beside the shape)', () => {
    const s = scene((x, y) => x >= 17 && x < 73 && y >= 16 && y < 24 && (x - 17) % 4 < 2);
    for (let y = 16; y < 24; y++) {
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if ((x < 25 || x >= 65) && s.fg.data[p]) s.img.data.set([0, 90, 220], p * 3);
      }
    }
    const usual = shapeBlock(s.img, s.inner, 0, 40, s.region.pixels);
    expect(spilledBlock(s.img, inkOverFills(s.img, s.fg, [s.region], 40), s.inner, s.region, usual, scale, 40)).toBeUndefined();
  });

  it('tells letter pieces past the sides from a long thin run (letterLikeSpill)', () => {
    const mk = (f: (x: number, y: number) => boolean): { img: RgbImage; letters: Mask; pixels: number[] } => blackInk(f, (_x, y) => y >= 16 && y < 24);
    const block = (pixels: number[]): TextBlock => ({ bbox: [17, 16, 73, 24], pixels, ground: [255, 255, 255], shape: 0, words: [], text: '' });
    const letters = mk((x, y) => x >= 17 && x < 73 && y >= 16 && y < 24 && (x - 17) % 4 < 2);
    expect(letterLikeSpill(letters.img, letters.letters, block(letters.pixels), [25, 8, 65, 32], [30, 16, 60, 24], [0, 0, 0], scale, 40)).toBe(true);
    // A line along the text's middle row, on into the right side: one piece 25 pixels long.
    const line = mk((x, y) => (x >= 17 && x < 25 && y >= 16 && y < 24 && (x - 17) % 4 < 2) || (x >= 25 && x < 90 && y === 20));
    expect(letterLikeSpill(line.img, line.letters, block(line.pixels), [25, 8, 65, 32], [30, 16, 60, 24], [0, 0, 0], scale, 40)).toBe(false);
  });

  it('judges how far the letters pass a side by the letters, not by bits of an outline of another colour in the block', () => {
    // Train-styles2 1300005 ("Paid?"): the "P" lies over a thick red outline near the diamond's
    // tip and hardly passes the side; the block also holds red outline pixels farther out.
    const img: RgbImage = { width: W, height: H, data: new Uint8Array(W * H * 3).fill(255) };
    const data = new Uint8Array(W * H);
    const pixels: number[] = [];
    for (let y = 16; y < 24; y++) {
      for (let x = 0; x < W; x++) {
        const letter = x >= 25 && x < 73 && (x - 25) % 4 < 2;
        const outline = x >= 19 && x < 25 && (y === 16 || y === 23);
        if (!letter && !outline) continue;
        const p = y * W + x;
        data[p] = 1;
        img.data.set(letter ? [0, 0, 0] : [184, 84, 80], p * 3);
        pixels.push(p);
      }
    }
    const block: TextBlock = { bbox: [19, 16, 73, 24], pixels, ground: [255, 255, 255], shape: 0, words: [], text: '' };
    expect(letterLikeSpill(img, { width: W, height: H, data }, block, [25, 8, 65, 32], [30, 16, 60, 24], [0, 0, 0], scale, 40)).toBe(true);
  });

  it('takes letters met by a line along their rows at their outer side, and leaves the line out (issue 13fr)', () => {
    // Train-styles3 2300006 ('Empty?'): the incoming edge's filled head touches the 'E' past the
    // left side, its line arriving along the text's rows; a line leaving the '?' on the right.
    const draw = (f: (x: number, y: number) => boolean): { img: RgbImage; letters: Mask; block: TextBlock } => {
      const { img, letters, pixels } = blackInk(f, (x, y) => x >= 5 && x < 85 && y >= 16 && y < 24);
      return { img, letters, block: { bbox: [5, 16, 85, 24], pixels, ground: [255, 255, 255], shape: 0, words: [], text: '' } };
    };
    const letter = (x: number, y: number): boolean => x >= 17 && x < 71 && y >= 16 && y < 24 && (x - 17) % 4 < 2;
    const head = (x: number, y: number): boolean => x >= 11 && x < 17 && Math.abs(y - 20) <= (17 - x) / 2;
    const along = (x: number, y: number): boolean => (x < 11 && (y === 19 || y === 20)) || (x >= 71 && y === 20);
    const s = draw((x, y) => letter(x, y) || head(x, y) || along(x, y));
    const drop = new Set<number>();
    expect(letterLikeSpill(s.img, s.letters, s.block, [25, 8, 65, 32], [30, 16, 60, 24], [0, 0, 0], scale, 40, drop)).toBe(true);
    expect(drop.size).toBeGreaterThan(0);
    expect([...drop].every((p) => along(p % W, Math.floor(p / W)))).toBe(true);
    // The same head with its line come down from above: refused.
    const down = draw((x, y) => letter(x, y) || head(x, y) || (x >= 11 && x < 13 && y < 20));
    expect(letterLikeSpill(down.img, down.letters, down.block, [25, 8, 65, 32], [30, 16, 60, 24], [0, 0, 0], scale, 40)).toBe(false);
    // A line along the rows met at the letters' inner side runs through them: refused.
    const through = draw((x, y) => (x >= 25 && letter(x, y)) || (x >= 9 && x < 11 && y >= 16 && y < 24) || (x >= 11 && x < 25 && y === 20) || (x >= 71 && y === 20));
    expect(letterLikeSpill(through.img, through.letters, through.block, [25, 8, 65, 32], [30, 16, 60, 24], [0, 0, 0], scale, 40)).toBe(false);
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

describe('a diamond whose side corners its text cut off (issue 13fl)', () => {
  const region = (inside: (x: number, y: number) => boolean, kind: Region['kind'] = 'terminator'): Region => {
    const pixels: number[] = [];
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let y = 0; y < 100; y++) {
      for (let x = 0; x < 200; x++) {
        if (!inside(x, y)) continue;
        pixels.push(y * 200 + x);
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x + 1), Math.max(y1, y + 1)];
      }
    }
    return { bbox: [x0, y0, x1, y1], pixels, untrimmed: pixels, kind, hollow: true };
  };
  // A diamond 160 wide and 80 tall centred at (100, 50), its corners cut 50 from the centre.
  const cut = (x: number, y: number): boolean => Math.abs(x - 100) / 80 + Math.abs(y - 50) / 40 <= 1 && Math.abs(x - 100) <= 50;

  it('is what is left narrowing to points at the top and bottom, read as a rounded shape', () => {
    expect(cutDiamond(region(cut), 200)).toBe(true);
    // Read as a diamond already, it needs no second look here.
    expect(cutDiamond(region(cut, 'decision'), 200)).toBe(false);
  });

  it('is not a rounded box or an ellipse of the same size', () => {
    const stadium = (x: number, y: number): boolean => y >= 10 && y < 90 && (Math.abs(x - 100) <= 20 || Math.hypot(Math.abs(x - 100) - 20, y - 50) <= 40);
    expect(cutDiamond(region(stadium), 200)).toBe(false);
    const ellipse = (x: number, y: number): boolean => ((x - 100) / 50) ** 2 + ((y - 50) / 40) ** 2 <= 1;
    expect(cutDiamond(region(ellipse), 200)).toBe(false);
  });
});
