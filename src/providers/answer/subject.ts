// What a sentence is about when it does not say: reports name an asset once ("Feeder AO-915,
// which ...", or a heading "Dryer SE-897 - key data") and go on with "It weighs ...", "Its
// manufacturer is ..." or a key-data list ("Weight (kg): 4,500"). Such a sentence is read with the
// name last stated before it on the page, so the question's name matches it like a stated one.
import type { PassageLine } from './types.js';

/**
 * An equipment name: a word and a tag of letters and digits ("Pump TK-412", "Fan B17", "a similar
 * boiler D-83"), or of digits, letters and digits ("Kiln 4K17", "Cooling tower 2B05"); a capitalised
 * word before it belongs to the name ("Dust collector 6Q57").
 */
const NAME = /\b(?:[A-Z][a-z]+\s+)?[A-Za-z][A-Za-z]+\s+(?:[A-Z]{1,3}-?\d{1,4}[A-Z]?|\d{1,3}[A-Z]{1,2}\d{1,4})\b/g;

/** The names a text states, in order. */
export function namesIn(text: string): string[] {
  return [...text.matchAll(NAME)].map((m) => m[0]);
}

/** Whether a text states a fact by itself (a sentence or a "label: value" line), not a bare table value, header or caption. */
export function isStatement(text: string): boolean {
  const t = text.trim();
  if (/^(table|figure|fig\.|chart|graph)\s/i.test(t)) return false;
  return /[A-Za-z]/.test(t) && (/[.!?]$/.test(t) || /^[^:]{1,80}:\s+\S/.test(t));
}

/**
 * The subject in force where a passage begins: the first name of the last line before it on its
 * page that states one (its heading, or the sentence naming the asset). The passage's first
 * line is found on the page by its box (or text); a passage not found there starts with none.
 */
export function subjectBefore(lines: PassageLine[], pageLines: PassageLine[]): string | null {
  const first = lines.find((l) => l.text.trim() !== '');
  if (!first) return null;
  const same = (l: PassageLine): boolean => l.text === first.text && (first.bbox === null || (l.bbox !== null && l.bbox.every((v, i) => Math.abs(v - first.bbox![i]!) < 0.5)));
  const at = pageLines.findIndex(same);
  for (let i = at - 1; i >= 0; i--) {
    const names = namesIn(pageLines[i]!.text);
    if (names.length) return names[0]!;
  }
  return null;
}

/**
 * For texts in reading order (the sentences of a passage): the subject each is read with, or
 * null when it names its own. A statement naming none takes the first name of the last text that
 * named one (the sentence before, a heading), starting from `initial`.
 */
export function impliedSubjects(texts: string[], initial: string | null): Array<string | null> {
  let current = initial;
  return texts.map((t) => {
    const names = namesIn(t);
    if (names.length) {
      current = names[0]!;
      return null;
    }
    return isStatement(t) ? current : null;
  });
}

/** The subject in force where a page ends: the first name of its last line that states one, or null. */
export function subjectAtEnd(pageLines: PassageLine[]): string | null {
  for (let i = pageLines.length - 1; i >= 0; i--) {
    const names = namesIn(pageLines[i]!.text);
    if (names.length) return names[0]!;
  }
  return null;
}
