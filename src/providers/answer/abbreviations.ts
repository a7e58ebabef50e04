// Table headers are written short: "Brg. temp (C)", "Vib. level", "Open WOs". A question says the
// words in full ("bearing temperature", "vibration", "work orders"), so a header's short word is
// read as the question word it abbreviates before matching: a word of two to four letters (or any
// word cut with a full stop) that starts a question word and whose letters follow in it in order
// ("temp" ~ temperature, "brg" ~ bearing), or capitals that are the initials of question words in
// a row ("WOs" ~ work orders). Used on table and chart cells only, where such shorthand is usual.
import { tokenize } from './text.js';

/** Whether `short` abbreviates `word`: same first letter, its letters in `word` in order, and `word` longer. */
export function abbreviates(short: string, word: string): boolean {
  const s = short.toLowerCase();
  const w = word.toLowerCase();
  if (s.length < 2 || w.length < s.length + 2 || s[0] !== w[0] || !/^[a-z]+$/.test(s)) return false;
  let i = 0;
  for (const ch of w) if (ch === s[i]) i++;
  return i === s.length;
}

/** Table shorthand that does not spell its word's letters in order (airline, trade and census tables; "FY 2010" is asked as "fiscal 2010"). */
const CONVENTIONAL: Record<string, string[]> = { pax: ['passenger'], no: ['number'], nos: ['number'], hh: ['household'], pop: ['population'], fy: ['fiscal'] };

/** `text` with its short words replaced by the question words they abbreviate. */
export function expandAbbreviations(text: string, question: string): string {
  const words = tokenize(question).filter((w) => /^[a-z]{3,}$/.test(w));
  if (words.length === 0) return text;
  // A word the question itself says ("EU" in "about EU Institutions") is that word, not shorthand.
  const said = new Set(tokenize(question));
  return text.replace(/\b([A-Za-z]{2,12})(\.?)(?![\w-])/g, (m: string, short: string, dot: string) => {
    if (said.has(short.toLowerCase())) return m;
    // Capitals (a plural "s" allowed) that are the initials of question words in a row: "WOs" ~ "work orders".
    const caps = /^([A-Z]{2,4})s?$/.exec(short)?.[1];
    if (caps) {
      for (let i = 0; i + caps.length <= words.length; i++) {
        const run = words.slice(i, i + caps.length);
        if (run.map((w) => w[0]).join('') === caps.toLowerCase()) return `${run.join(' ')}${dot}`;
      }
    }
    // Shorthand whose letters are not the word's: "Pax" ~ passengers, "No." ~ number.
    // ("No" without its full stop is the word no.)
    const conventional = /^nos?$/i.test(short) && dot === '' ? undefined : CONVENTIONAL[short.toLowerCase()];
    const spelt = conventional && words.find((w) => conventional.some((c) => w.startsWith(c)));
    if (spelt) return `${spelt}${dot}`;
    if (short.length > 4 && dot === '') return m;
    const full = words.find((w) => w !== short.toLowerCase() && abbreviates(short, w));
    return full ? `${full}${dot}` : m;
  });
}
