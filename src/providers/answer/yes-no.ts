// Yes/no questions. The answer is the polarity of the statement that supports the question taken
// against the polarity of the question itself: "Is there no standby unit for X?" asked of "X has
// no standby unit." is Yes, of "X has a standby unit." No. A question that checks a value ("Was X
// installed by Norrland Mechanical?", "Was X installed in 2003?") is No when a statement about the
// same thing states another value of that kind in its place; a statement that states nothing of
// the kind leaves it unanswered ("not found"), never Yes.
import { typedSpans, type AnswerType, type QuestionType } from './answer-types.js';
import { stem, tokenize } from './text.js';

// Negators, and the verbs that say something is missing ("X lacks a standby unit").
const NEGATION = /\b(no|not|never|none|without|neither|nor|cannot|lack|lacks|lacked|lacking)\b|n't\b/i;

/** Whether a statement or question is in the negative ("or not" at the end of a question only offers both answers). */
export const negated = (text: string): boolean => NEGATION.test(text.replace(/,?\s*(?:or not|or no)\s*[?.!]*$/i, '').replace(/\bwhether or not\b/gi, ''));

/** Yes when the statement and the question agree in polarity, No when one of them denies. */
export const polarity = (statement: string, question: string): 'Yes' | 'No' => (negated(statement) !== (negated(question) !== prefixedAntonym(statement, question)) ? 'No' : 'Yes');

/**
 * Whether the statement says the opposite of a word of the question by its prefix ("Is the rate
 * known?" against "The rate is still unknown"): un-, in-, im-, non-, dis- before that very word,
 * while the plain word is not said.
 */
export function prefixedAntonym(statement: string, question: string): boolean {
  const said = new Set(tokenize(statement));
  return tokenize(question).some((w) => w.length >= 4 && !said.has(w) && ['un', 'in', 'im', 'non', 'dis'].some((p) => said.has(`${p}${w}`)));
}

// A name with a trade word is a company (organisation spans), any other two-word name a person.
/**
 * Verbs of having (and of being there) in a yes/no question: "Does X come with / is X equipped
 * with / is there a standby unit" ask whether X has one, which a text says with "has", "is
 * provided" or "no ... is provided": the thing had is what must match, not the verb.
 */
export const HAVING = /^(?:come_with|comes_with|came_with|equip|equipped|feature|features|featured|include|includes|included|possess|possesses|possessed|get|gets|got|exist|exists|existed)$/;

const VALUE_TYPES: AnswerType[] = ['date', 'year', 'person', 'organisation'];
const asType = (type: AnswerType): QuestionType => ({ type, family: null, cue: [], unitNamed: false });

/** A value a yes/no question checks: a date, year or name of the question that holds every one of `stems` (its key terms a statement lacks). */
export interface CheckedValue {
  text: string;
  type: AnswerType;
  /** Stems of the value's tokens. */
  stems: Set<string>;
}

export function checkedValue(question: string, missing: string[]): CheckedValue | null {
  if (missing.length === 0) return null;
  for (const type of VALUE_TYPES) {
    for (const span of typedSpans(asType(type), question)) {
      const stems = new Set(tokenize(span.text).map(stem));
      if (missing.every((s) => stems.has(s))) return { text: span.text, type, stems };
    }
  }
  return null;
}

/** Whether the statement states another value of the checked kind (one the question does not hold). */
export function statesOtherValue(value: CheckedValue, statement: string, question: string): boolean {
  const asked = new Set(tokenize(question));
  return typedSpans(asType(value.type), statement).some((sp) => !tokenize(sp.text).every((t) => asked.has(t)));
}
