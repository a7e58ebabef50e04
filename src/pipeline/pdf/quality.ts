// How usable a page's text layer is, so the caller can decide to OCR the page instead.
import type { PageText } from '../types.js';

/** Glyphs a text layer produces when its font has no usable Unicode mapping. */
function isGarbage(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  const control = (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
  const privateUse = (c >= 0xe000 && c <= 0xf8ff) || c >= 0xf0000;
  return c === 0xfffd || control || privateUse;
}
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * 0..1: the share of letters and digits among letters, digits and garbage glyphs (U+FFFD,
 * private use, control characters); punctuation and symbols weigh a tenth, so dot leaders and
 * rules in tables do not make a good text layer look bad. 0 for no text.
 */
export function textQuality(page: PageText): number {
  let good = 0;
  let other = 0;
  let garbage = 0;
  for (const line of page.lines) {
    for (const word of line.words) {
      for (const ch of word.text) {
        if (isGarbage(ch)) garbage++;
        else if (LETTER_OR_DIGIT.test(ch)) good++;
        else if (ch.trim() !== '') other++;
      }
    }
  }
  if (good === 0) return 0;
  return good / (good + garbage + 0.1 * other);
}
