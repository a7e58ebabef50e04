// OCR reads a legend's hollow ring as "O": a short word whose ink is a colour, even a muted one
// (a grey-blue), is a drawing and must not hide the swatch under a text mask.
import { describe, expect, it } from 'vitest';
import { dropDrawnWords } from '../../../src/pipeline/charts/text.js';
import type { Word } from '../../../src/pipeline/types.js';

describe('drawn words', () => {
  const width = 60, height = 30;
  const bg: [number, number, number] = [255, 253, 245];
  function picture(ring: [number, number, number]): Uint8Array {
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i++) rgb.set(bg, 3 * i);
    // A 12 px ring, 2 px thick, at (4, 8); dark text "Q2" at x 24..40.
    for (let y = 8; y < 20; y++) for (let x = 4; x < 16; x++) if (x < 6 || x > 13 || y < 10 || y > 17) rgb.set(ring, 3 * (y * width + x));
    for (let y = 9; y < 19; y++) for (let x = 24; x < 40; x++) if ((x + y) % 3 === 0) rgb.set([20, 20, 20], 3 * (y * width + x));
    return rgb;
  }
  const words: Word[] = [
    { text: 'O', bbox: [4, 8, 16, 20], confidence: 0.95 },
    { text: 'Q2', bbox: [24, 9, 40, 19], confidence: 0.95 },
  ];

  it('drops a ring of a muted grey-blue read as a letter', () => {
    expect(dropDrawnWords(words, picture([140, 165, 195]), width, bg).map((w) => w.text)).toEqual(['Q2']);
  });

  it('keeps a grey letter', () => {
    expect(dropDrawnWords(words, picture([90, 90, 90]), width, bg).map((w) => w.text)).toEqual(['O', 'Q2']);
  });
});

describe('words read from crops', () => {
  it("keeps a short name boxed with a legend swatch larger than its dark ink, at the crops' share", () => {
    const width = 60, height = 30;
    const bg: [number, number, number] = [255, 255, 255];
    const rgb = new Uint8Array(width * height * 3).fill(255);
    // A solid 17 px orange swatch at x 2..19, then "Q3": a few dark strokes at x 24..40.
    for (let y = 6; y < 23; y++) for (let x = 2; x < 19; x++) rgb.set([245, 133, 24], 3 * (y * width + x));
    for (let y = 9; y < 20; y++) for (const x of [25, 28, 33, 37]) rgb.set([20, 20, 20], 3 * (y * width + x));
    const boxed: Word[] = [{ text: 'Q3', bbox: [2, 6, 40, 23], confidence: 0.6 }];
    expect(dropDrawnWords(boxed, rgb, width, bg)).toHaveLength(0);
    expect(dropDrawnWords(boxed, rgb, width, bg, 0.05)).toHaveLength(1);
  });
});
