// OCR reads small hollow or round markers as letters ("oo", "Oo", "a", "Bo") and the text mask
// then hides them from the marks. Inside the plot frame, a short word made only of such round
// shapes, not a number, is a drawing of markers, not text; so is any word read over filled dots.
import type { BBox, Word } from '../types.js';
import { parseNumber } from './text.js';

const ROUND = /^[oO0QDBa@°ce8]{1,3}$/u;

/** The image the words were read from: `bg` is the background colour. */
export interface InkImage {
  rgb: Uint8Array;
  width: number;
  bg: [number, number, number];
}

export function dropMarkerReadings(words: Word[], plot: BBox | undefined, image?: InkImage): Word[] {
  if (!plot) return words;
  // Centred in the frame: markers at an axis limit straddle it.
  const within = (b: BBox): boolean => (b[0] + b[2]) / 2 > plot[0] && (b[0] + b[2]) / 2 < plot[2] && (b[1] + b[3]) / 2 > plot[1] - 2 && (b[1] + b[3]) / 2 < plot[3] + 2;
  const hs = words.map((w) => w.bbox[3] - w.bbox[1]).sort((a, b) => a - b);
  const th = hs[Math.floor(hs.length / 2)] ?? 10;
  return words.filter((w) => {
    if (!within(w.bbox)) return true;
    if (ROUND.test(w.text.trim()) && parseNumber(w.text.trim()) === null) return false;
    return !(image && solidDots(w.bbox, image, th));
  });
}

/**
 * Filled markers (a row of dark dots on a limit read as "Cog", "@@eece", even "000") are ink thick
 * in every direction: most of it lies a sixth of a text height deep inside the shape, which
 * glyph strokes never are. Background must show around it: a label inside a bar is all ink.
 */
export function solidDots(b: BBox, { rgb, width, bg }: InkImage, th: number): boolean {
  const height = rgb.length / 3 / width;
  const x0 = Math.max(0, Math.floor(b[0])), x1 = Math.min(width, Math.ceil(b[2]));
  const y0 = Math.max(0, Math.floor(b[1])), y1 = Math.min(height, Math.ceil(b[3]));
  const isInk = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = 3 * (y * width + x);
    return Math.hypot(rgb[i]! - bg[0], rgb[i + 1]! - bg[1], rgb[i + 2]! - bg[2]) >= 60;
  };
  const k = Math.max(2, Math.round(th / 6));
  let ink = 0, deep = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      if (!isInk(x, y)) continue;
      ink++;
      if (isInk(x - k, y) && isInk(x + k, y) && isInk(x, y - k) && isInk(x, y + k)) deep++;
    }
  const area = (x1 - x0) * (y1 - y0);
  return ink > 0 && ink < 0.9 * area && deep >= 0.35 * ink;
}
