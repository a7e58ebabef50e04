// Tokens for matching questions with document text: lower case, stop words dropped, Porter
// stems (the algorithm of SQLite's FTS5 porter tokenizer, from the maintained `stemmer` package)
// so "buildings" meets "building" and "employed" meets "employs".
import { stemmer } from 'stemmer';

const STOP = new Set(
  ('a an the of in on at to for from by with and or but is are was were be been being do does did ' +
    'what which who whom whose when where why how much many there their its it this that these those ' +
    'as into than then per about according document documents page pages say says said give tell me ' +
    'value number amount total listed shown show shows stated state mentioned named called ' +
    'has have had can could would should will shall may might not no yes any all each ' +
    // Verbs that only say something was had ("how much funding does Hungary get").
    'get gets got ' +
    // Pronouns of the asker and filler ("I need ...", "... and also its weight").
    'i my we us our you your also whether ' +
    // Adverbs that only insist ("where exactly is ...").
    'exactly precisely actually really ' +
    // Words that only say a figure was taken ("what vibration level was measured").
    'level measured recorded reading')
    .split(' '),
);

export const tokenize = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/(\d),(\d{3})/g, '$1$2')
    // A possessive is its noun ("Pump F-29's mass" names Pump F-29).
    .replace(/(\w)['’]s\b/g, '$1')
    // An equipment tag ("F-29", "A-19") is one token: "a" alone would be a stop word.
    .replace(/\b([a-z]{1,3})-(\d+)\b/g, '$1$2')
    .split(/[^a-z0-9.%$]+/)
    .map((t) => t.replace(/^[.]+|[.]+$/g, ''))
    .filter((t) => t !== '');

/** The Porter stem of a lower-case word; numbers and tokens with symbols stay as they are. */
export function stem(token: string): string {
  if (!/^[a-z]+$/.test(token)) return token;
  return stemmer(token);
}

/** Content terms of a text (stop words removed), stemmed, in order, without repeats. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const t of tokenize(text)) {
    if (STOP.has(t)) continue;
    const s = stem(t);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** A table's number: plain, a percentage, or a sum of money, also with a scale ("$8.6M", "€1.2bn"). */
export const isNumeric = (text: string): boolean => /^[$€£]?[-+]?\d[\d,]*(\.\d+)?%?$|^[$€£][-+]?\d[\d,]*(\.\d+)?(?:[KMB]|bn|mn)$/.test(text.trim());

/** SQuAD-style normalisation and token F1 (used by the evaluation and by answer checks). */
export function normalizeAnswer(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[^a-z0-9.%$ ]+/g, ' ')
    .split(/\s+/)
    .map((t) => t.replace(/^[.]+|[.]+$/g, ''))
    .filter((t) => t !== '' && t !== 'a' && t !== 'an' && t !== 'the');
}

export function tokenF1(prediction: string, gold: string): number {
  const p = normalizeAnswer(prediction);
  const g = normalizeAnswer(gold);
  if (p.length === 0 || g.length === 0) return p.length === g.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of p) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      same++;
      counts.set(t, n - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / p.length;
  const recall = same / g.length;
  return (2 * precision * recall) / (precision + recall);
}
