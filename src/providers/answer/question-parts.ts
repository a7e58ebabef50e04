// Multi-part questions: "Who installed Pump F-29 and in which year?" asks two things. The
// question splits where "and" (or a comma) starts a new wh-phrase or an order ("and give its
// weight"), or where a comma starts a noun phrase (", and the year it was installed"); a later part that names no
// subject of its own ("in which year", "how heavy is it") borrows the earlier part's subject.

import { plainQuestion, unwrapRequest } from './question-shape.js';

const WH = String.raw`(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|has|have|can)`;
/** A request worded as an order ("and give its weight", "and name the installer"). */
const ORDER = String.raw`(?:give|name|state|tell|list)`;
const SPLIT = new RegExp(
  String.raw`\s*(?:,\s*and|,|\band)\s+(?:also\s+|as well\s+)?(?=(?:(?:in|on|at|for|since|by|to|from|during)\s+)?${WH}\b|${ORDER}\b)|\s*,\s*(?:and\s+|plus\s+|as well as\s+)?(?:also\s+)?(?=(?:the|its|their)\s+\w+)`,
  'i',
);

export interface QuestionPart {
  /** The part as asked ("in which year"). */
  text: string;
  /** Words the part borrows from the first part (its subject), when it has none of its own. */
  context: string;
}

/** The parts of a question, in order; a plain question is one part. */
export function questionParts(question: string): QuestionPart[] {
  const trimmed = unwrapRequest(question);
  const pieces = trimmed.split(SPLIT).map((p) => p.trim().replace(/[?.!]+$/, '')).filter((p) => p !== '');
  // "X and Y" inside a name or list ("between A and B") only splits before a wh-word; a piece
  // of one or two words is not a question of its own.
  if (pieces.length < 2 || pieces.some((p) => p.split(/\s+/).length < 2)) return [{ text: plainQuestion(trimmed), context: '' }];
  const plain = pieces.map(plainQuestion);
  return plain.map((p, i) => ({ text: p, context: i === 0 ? '' : plain[0]! }));
}
