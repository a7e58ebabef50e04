// A table's row and column labels name things the way tables do, a question the way people
// speak: "United Kingdom" is asked as "the UK", the row "3-year-olds" as "three-year-olds", the
// column "Male" under a children's age band as "boys". A cell's labels are read with the
// question's word added beside the label it means, before matching, so that the cell a question
// names scores as named. Used on table and chart cells only (extractive.ts).
import { tokenize } from './text.js';

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];

/** Words for the two sexes: what a census or survey column says, and how a question says it. */
const SEX: Record<string, 'm' | 'f'> = {
  male: 'm', males: 'm', men: 'm', man: 'm', boy: 'm', boys: 'm',
  female: 'f', females: 'f', women: 'f', woman: 'f', girl: 'f', girls: 'f',
};

/** Small words a name's initials skip ("United States of America" ~ USA). */
const JOINERS = /^(?:of|and|the|&)$/i;

/** The label part of a cell's text: before the value after its last ": " (the value is no label). */
function labelEnd(text: string): number {
  const at = text.lastIndexOf(': ');
  return at < 0 ? text.length : at;
}

/**
 * `text` (a cell's "row, column: value") with the question's words added after the labels they
 * name: an acronym of the question after the capitalised words whose initials spell it, a number
 * word after the digit it writes, a word for a sex after the label's word for the same sex.
 */
export function cellAsAsked(text: string, question: string): string {
  const end = labelEnd(text);
  let labels = text.slice(0, end);
  const rest = text.slice(end);
  const asked = new Set(tokenize(question));
  // Acronyms as the question writes them ("UK's" -> UK): two to five capitals.
  for (const m of question.matchAll(/\b([A-Z]{2,5})(?![A-Za-z])/g)) {
    const acronym = m[1]!;
    if (new RegExp(`\\b${acronym}\\b`).test(labels)) continue;
    labels = withAcronym(labels, acronym);
  }
  // Number words the question says and does not also write in digits.
  labels = labels.replace(/(?<![\d.,])(\d{1,2})(?![\d.,]\d)/g, (d: string) => {
    const word = NUMBER_WORDS[Number(d)];
    return word !== undefined && asked.has(word) && !asked.has(d) ? `${d} ${word}` : d;
  });
  // "boys" for "Male", "women" for "Female": the question's own word beside the label's.
  const askedSex = [...asked].filter((w) => SEX[w] !== undefined);
  if (askedSex.length > 0) {
    labels = labels.replace(/\b([A-Za-z]+)\b/g, (w: string) => {
      const sex = SEX[w.toLowerCase()];
      if (sex === undefined || asked.has(w.toLowerCase())) return w;
      const same = askedSex.filter((q) => SEX[q] === sex);
      return same.length > 0 ? `${w} ${same.join(' ')}` : w;
    });
  }
  return labels + rest;
}

/**
 * A year range written short ("2005-08", "2003–04") with the closing year in full beside it
 * ("2005-08 (2008)"): a table's caption or label that covers 2005 to 2008 says 2008 too.
 */
export const yearRangesInFull = (text: string): string =>
  text.replace(/\b((?:19|20)(\d\d))\s?[-–]\s?(\d\d)\b(?![-–.,]?\d)/g, (m: string, from: string, _yy: string, to: string) => {
    const end = Number(from.slice(0, 2) + to);
    return end > Number(from) ? `${m} (${end})` : m;
  });

/** `labels` with ` (ACRONYM)` after the first run of capitalised words whose initials spell it. */
function withAcronym(labels: string, acronym: string): string {
  const words = [...labels.matchAll(/[A-Za-z&]+/g)];
  for (let i = 0; i < words.length; i++) {
    let k = 0;
    let j = i;
    while (j < words.length && k < acronym.length) {
      const w = words[j]![0];
      if (k > 0 && JOINERS.test(w)) {
        j++;
        continue;
      }
      if (!/^[A-Z]/.test(w) || w[0] !== acronym[k]) break;
      k++;
      j++;
    }
    if (k === acronym.length && j - i >= 2) {
      const last = words[j - 1]!;
      const at = last.index + last[0].length;
      return `${labels.slice(0, at)} (${acronym})${labels.slice(at)}`;
    }
  }
  return labels;
}
