// A number label OCR read only in part ("38" of "0.38": the leading "0." in a monospaced font, a
// minus sign) leaves the rest as unread ink right beside it. Read apart, that rest says little
// ("0"; a decimal point is too small to be cropped at all): the crop is grown over the number it
// touches, so the whole label is read again, and that reading replaces the partial one.
import type { BBox, Word } from '../types.js';
import { dark } from './crops.js';
import type { Rgb } from './raster.js';
import { bh, bw, parseNumber } from './text.js';

export interface JoinedCrops {
  boxes: BBox[];
  /** The number words a grown crop covers (their readings are replaced by the crop's). */
  joined: Set<Word>;
}

/**
 * Grows each box of unread ink over the number words on its line within a character (a text
 * height), and marks as glyphs every dark pixel of the grown box (with its rim), the decimal
 * point between the pieces included. `glyphs` is updated in place.
 */
export function joinNumberCrops(boxes: BBox[], words: Word[], glyphs: Uint8Array, rgb: Uint8Array, width: number, height: number, bg: Rgb, th: number): JoinedCrops {
  const joined = new Set<Word>();
  const numbers = words.filter((w) => parseNumber(w.text) !== null);
  const out = boxes.map((b): BBox => {
    let box: BBox = [...b];
    for (const w of numbers) {
      const overlap = Math.min(box[3], w.bbox[3]) - Math.max(box[1], w.bbox[1]);
      const gap = Math.max(w.bbox[0] - box[2], box[0] - w.bbox[2]);
      // One line (the rows overlap over most of the shorter) and a character apart at most (a
      // monospaced font gives the decimal point a whole character's width).
      // Text of one size: a word boxed over two lines (a garbled reading) is no neighbour.
      const h = bh(w.bbox), hb = bh(b);
      if (overlap < 0.5 * Math.min(bh(box), h) || gap > th || bw(w.bbox) <= 0 || h > 1.5 * hb || hb > 1.5 * h) continue;
      box = [Math.min(box[0], w.bbox[0]), Math.min(box[1], w.bbox[1]), Math.max(box[2], w.bbox[2]), Math.max(box[3], w.bbox[3])];
      joined.add(w);
    }
    if (box.every((v, i) => v === b[i])) return box;
    const x0 = Math.max(0, Math.floor(box[0])), x1 = Math.min(width, Math.ceil(box[2]));
    const y0 = Math.max(0, Math.floor(box[1])), y1 = Math.min(height, Math.ceil(box[3]));
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++) {
        if (!dark(rgb, y * width + x, bg)) continue;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx, yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < width && yy < height) glyphs[yy * width + xx] = 1;
          }
      }
    return [x0, y0, x1, y1];
  });
  return { boxes: out, joined };
}

/**
 * The words after a grown crop's reading: a number word the crop covered gives way to the numbers
 * read over it; what else was read over it (a garbled reading) is dropped, the word kept.
 */
export function replaceJoined(words: Word[], found: Word[], joined: Set<Word>, overlap: (a: BBox, b: BBox) => number): { words: Word[]; found: Word[] } {
  const over = (f: Word, w: Word): boolean => overlap(f.bbox, w.bbox) > 0.3;
  const isNumber = (f: Word): boolean => parseNumber(f.text) !== null;
  const replaced = new Set([...joined].filter((w) => found.some((f) => isNumber(f) && over(f, w))));
  return {
    words: words.filter((w) => !replaced.has(w)),
    found: found.filter((f) => isNumber(f) || ![...joined].some((w) => !replaced.has(w) && over(f, w))),
  };
}
