// A tick label read only in part ("38" of "0.38", train4 seed 600038): the unread "0" beside it is
// cropped together with the number, and the whole reading replaces the partial one.
import { describe, expect, it } from 'vitest';
import { joinNumberCrops, replaceJoined } from '../../../src/pipeline/charts/number-crops.js';
import type { BBox, Word } from '../../../src/pipeline/types.js';

const W = 60, H = 20;

/** A white picture with dark pixels in the given boxes. */
function picture(inked: BBox[]): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(255);
  for (const b of inked) for (let y = b[1]; y < b[3]; y++) for (let x = b[0]; x < b[2]; x++) rgb.fill(20, 3 * (y * W + x), 3 * (y * W + x) + 3);
  return rgb;
}

const overlap = (a: BBox, b: BBox): number => {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w <= 0 || h <= 0 ? 0 : (w * h) / Math.min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]));
};

describe('number crops', () => {
  const word: Word = { text: '38', bbox: [20, 5, 34, 16], confidence: 0.95 };
  const far: Word = { text: '40', bbox: [46, 5, 58, 16], confidence: 0.95 };
  const rgb = picture([[4, 5, 10, 16], [13, 14, 15, 16], [20, 5, 34, 16], [46, 5, 58, 16]]);

  it('grows an unread piece over the number beside it, the point between them included', () => {
    const glyphs = new Uint8Array(W * H);
    const { boxes, joined } = joinNumberCrops([[4, 5, 10, 16]], [word, far], glyphs, rgb, W, H, [255, 255, 255], 11);
    expect(boxes[0]).toEqual([4, 5, 34, 16]);
    expect([...joined]).toEqual([word]);
    expect(glyphs[15 * W + 14]).toBe(1); // the decimal point
    expect(glyphs[10 * W + 50]).toBe(0); // the other label
  });

  it('leaves a piece with no number beside it as it is', () => {
    const glyphs = new Uint8Array(W * H);
    const { boxes, joined } = joinNumberCrops([[4, 5, 10, 16]], [far], glyphs, rgb, W, H, [255, 255, 255], 11);
    expect(boxes[0]).toEqual([4, 5, 10, 16]);
    expect(joined.size).toBe(0);
  });

  it('replaces the partial number by the whole reading, and only by a number', () => {
    const whole: Word = { text: '0.38', bbox: [4, 5, 34, 16], confidence: 0.9 };
    expect(replaceJoined([word, far], [whole], new Set([word]), overlap)).toEqual({ words: [far], found: [whole] });
    const garbled: Word = { text: 'a38', bbox: [4, 5, 34, 16], confidence: 0.9 };
    expect(replaceJoined([word, far], [garbled], new Set([word]), overlap)).toEqual({ words: [word, far], found: [] });
  });
});
