// The question's own words against words merely related to them. A table header that says the
// asked property in the question's own words ("Condition index" for "rated for condition") names
// the value better than one that only shares WordNet synonyms with it ("Work orders open": "order"
// is a sense of "rate"; "status" of the caption one of "condition"). And a free-text answer whose
// every word is the question's own or related to it ("Condition (1-5)" for "the health score")
// repeats the question: it answers nothing.
import { wordMatches, type MatchTerm } from './matching.js';
import { tokenize } from './text.js';

/** How much of its strength a term matched only through a related word loses when table values are ranked. */
const RELATED_IN_HEADER = 0.5;

/** Kept above the answer threshold by this much: later tie-breaks shave a millionth off a score. */
const MARGIN = 0.01;

/**
 * A table value's rank: the support less part of what only related words gave it, kept a little
 * above the answer threshold (a value named by synonyms alone still answers when nothing says the
 * question's own words).
 */
export function ownWordsFirst(kind: string, score: number, relatedShare: number, threshold: number): number {
  if (kind !== 'cell' || score < threshold + MARGIN || relatedShare === 0) return score;
  return Math.max(threshold + MARGIN, score - RELATED_IN_HEADER * relatedShare);
}

/** A bracketed scale of numbers, closed or cut off at the span's end: "(1-5)", "[0-100". (A unit in words, "(tonnes)", says something.) */
const BRACKETED = /[([][^)\]A-Za-z]*(?:[)\]]|$)/g;

/**
 * Whether a free-text span only says the question again: every word is one of the question's or a
 * word related to one, and no number of its own stands outside a bracketed scale ("(1-5)" is part
 * of a header, not a value).
 */
export function echoesQuestion(span: string, qterms: MatchTerm[], qTokens: Set<string>): boolean {
  if (tokenize(span).every((t) => qTokens.has(t))) return true;
  const tokens = tokenize(span.replace(BRACKETED, ' '));
  return tokens.length > 0 && tokens.every((t) => qTokens.has(t) || (!/\d/.test(t) && qterms.some((q) => wordMatches(q, t))));
}
