// The y axis's title is set on its side just left of the tick labels; OCR reads its turned
// letters as stray glyphs ("c" for a turned ")") and joins the nearest one to a tick label
// on the same line ("c 10"), which then states no number and drops out of the axis.
import { phraseOf, type Phrase } from './text.js';

/** A word that is one or two glyphs and no digit: a stray reading, not a label's word. */
const stray = (t: string): boolean => t.length <= 2 && !/\d/.test(t);

/**
 * The phrases with a number led by stray glyphs ("c 10") cut into the glyphs and the number; the
 * other phrases unchanged. The caller keeps the cut only where it explains more tick labels.
 */
export function shedStrayGlyphs(ps: Phrase[]): Phrase[] {
  const out: Phrase[] = [];
  for (const p of ps) {
    const k = p.value === null && p.words.length >= 2 ? p.words.findIndex((w) => !stray(w.text)) : -1;
    const tail = k > 0 ? phraseOf(p.words.slice(k)) : undefined;
    if (!tail || tail.value === null) {
      out.push(p);
      continue;
    }
    out.push(phraseOf(p.words.slice(0, k)), tail);
  }
  return out;
}

/** A reading that is one or two stroke glyphs ("T", "1", "|", "~T"): what OCR makes of a tick mark. */
const STROKES = /^[|!1Iil.,:;'`~T\-—–_]{1,2}$/;

/**
 * On a scan the tick marks under an axis, left out of the rules by the blur, are read from crops as
 * a row of stroke glyphs ("T" "1" "I") that outnumbers the category labels beside them; three or
 * more such narrow readings are tick marks and go (one "1" among labels stays a label).
 */
export function withoutTickGlyphs(ps: Phrase[], th: number): Phrase[] {
  const tick = (p: Phrase): boolean => STROKES.test(p.text.replace(/\s+/g, '')) && p.bbox[2] - p.bbox[0] <= th;
  return ps.filter(tick).length >= 3 ? ps.filter((p) => !tick(p)) : ps;
}
