// Turns free text into search terms: letters/digits runs, lower-cased, de-duplicated, without
// common English function words (they match nearly every chunk and only cost time), capped.
const STOPWORDS = new Set(
  ('a an and are as at be been but by can did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so such than that the their them then there these they this those to ' +
    'was we were what when where which who whom why will with would you your')
    .split(' '),
);

const MAX_TERMS = 32;
const MAX_TERM_LENGTH = 64;

export function queryTerms(query: string): string[] {
  const out: string[] = [];
  for (const m of query.toLowerCase().normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const t = m[0];
    if (t.length > MAX_TERM_LENGTH || STOPWORDS.has(t) || out.includes(t)) continue;
    out.push(t);
    if (out.length === MAX_TERMS) break;
  }
  return out;
}
