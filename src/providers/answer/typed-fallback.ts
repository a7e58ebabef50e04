// Typed answers the answerer may fall back on when too little of the question's wording matched
// (extractive.ts's typedFallback takes the best one only when no rival offers another span): a
// statement with one span of exactly the asked type, or a table value whose own row or column says
// some of the question's words beside all its names.
import { strictSpans, type QuestionType } from './answer-types.js';
import { matchText, type MatchTerm } from './matching.js';
import { classesIn, PRICE_CLASS } from './paraphrases.js';
import { KIND_WORD } from './span-choice.js';
import { terms, tokenize } from './text.js';

/**
 * A statement about everything the question names (its names and numbers all matched) but none
 * of its other words ("Which person oversees Pump K-13?" against "The engineer responsible for
 * Pump K-13 is Hanna Vik."): it may still answer by type alone, with its one span of exactly the
 * asked type (strictSpans). The answerer takes it only when no statement with more of the wording
 * has such a span and no other statement offers a different one (typedFallback): an absent fact
 * finds no span of its exact type about that asset, or several, and stays "not found".
 */
export function byTypeAlone(type: QuestionType, text: string, qTokens: Set<string>): string | undefined {
  const spans = [...new Set(strictSpans(type, text).filter((sp) => !tokenize(sp.text).every((t) => qTokens.has(t))).map((sp) => sp.text))];
  return spans.length === 1 ? spans[0] : undefined;
}

/**
 * The question asks about one act or role of the lexicon (making, supplying, installing, looking
 * after ...) and the statement speaks of others only: "Which company manufactured X?" is not
 * answered by type alone from "X was installed by Norrland Mechanical." (the maker is not given).
 */
export function otherRole(question: string, text: string, type: QuestionType['type']): boolean {
  const asked = classesIn(new Set(terms(question)));
  if (type !== 'money') asked.delete(PRICE_CLASS);
  if (asked.size === 0) return false;
  const said = classesIn(new Set(terms(text)));
  return said.size > 0 && ![...asked].some((c) => said.has(c));
}

/**
 * A table value of the asked type whose row or column (not only its table's caption) says some of
 * the question's other words, every name of it being matched already: "Transpacific, Dec-2015,
 * Pax: 157,642" for "How many passengers flew on the Transpacific routes in Dec-2015?". A table
 * holds no verbs ("flew") nor the asker's nouns ("routes"), so half the wording is too much to ask
 * of a cell; the fallback answers only when no rival value matches as well with another value.
 */
export function cellByItsLabels(part: { text: string; type: QuestionType; terms: MatchTerm[] }, unit: { kind: string; text: string }, fresh: Array<{ text: string }>): string | undefined {
  // Years, months and hours measure many properties (a life, an interval, run hours): a time column
  // that says one word of the question ("Service hours" for "the expected service life") is no answer.
  if (unit.kind !== 'cell' || fresh.length === 0 || ['duration', 'year', 'date'].includes(part.type.type)) return undefined;
  // A row and a column ("Transpacific, Dec-2015 Pax"): not a lone number under a line of prose (a page number).
  const label = unit.text.slice(0, unit.text.lastIndexOf(':'));
  if (!label.includes(',') || /[.!?]$/.test(label.trim()) || label.split(/\s+/).length > 12) return undefined;
  const own = matchText(part.terms, unit.text, null, null);
  if (own.contentShare === 0 || otherRole(part.text, unit.text, part.type.type)) return undefined;
  return fresh[0]!.text;
}

/**
 * A statement that says only the answer's kind of the question ("dates" for "date": "Its
 * installation dates from 2006" for "What is the commissioning date of X?") and speaks of another
 * act of the lexicon states another fact: its span of the type is no fallback answer.
 */
export function kindWordOfOtherRole(part: { text: string; terms: MatchTerm[]; type: QuestionType }, matched: string[], text: string): boolean {
  const content = part.terms.filter((t) => !t.key && matched.includes(t.stem));
  return content.length > 0 && content.every((t) => KIND_WORD.test(t.word)) && otherRole(part.text, text, part.type.type);
}
