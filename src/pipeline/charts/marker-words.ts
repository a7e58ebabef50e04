// OCR reads small hollow or round markers as letters ("oo", "Oo", "a", "Bo") and the text mask
// then hides them from the marks. Inside the plot frame, a short word made only of such round
// shapes, not a number, is a drawing of markers, not text.
import type { BBox, Word } from '../types.js';
import { parseNumber } from './text.js';

const ROUND = /^[oO0QDBa@°ce8]{1,3}$/u;

export function dropMarkerReadings(words: Word[], plot: BBox | undefined): Word[] {
  if (!plot) return words;
  // Centred in the frame: markers at an axis limit straddle it.
  const within = (b: BBox): boolean => (b[0] + b[2]) / 2 > plot[0] && (b[0] + b[2]) / 2 < plot[2] && (b[1] + b[3]) / 2 > plot[1] - 2 && (b[1] + b[3]) / 2 < plot[3] + 2;
  return words.filter((w) => !(within(w.bbox) && ROUND.test(w.text.trim()) && parseNumber(w.text.trim()) === null));
}
