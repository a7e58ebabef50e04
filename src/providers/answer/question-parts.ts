// Multi-part questions: "Who installed Pump F-29 and in which year?" asks two things. The
// question splits where "and" (or a comma) starts a new wh-phrase or an order ("and give its
// weight"), or where a comma starts a noun phrase (", and the year it was installed"); a later part that names no
// subject of its own ("in which year", "how heavy is it") borrows the earlier part's subject.

import { plainQuestion, unwrapRequest } from './question-shape.js';

const WH = String.raw`(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|has|have|can)`;
/** A request worded as an order ("and give its weight", "and name the installer"). */
const ORDER = String.raw`(?:give|name|state|tell|list)`;
const SPLIT = new RegExp(
  // Two questions in a row ("...? And ...", "...; ..."), then joins inside one sentence.
  String.raw`\s*[;?]\s*(?:and\s+|also,?\s+)?(?=\S)|\s+-\s+(?:and\s+|also,?\s+)?|\s+and\s+(?=(?:the|its|their)\s+(?:[a-z]+\s+){0,3}(?:of|for)\s+(?:its|their)\b)|\s+and\s+(?=the\s+[a-z]+\s+(?:(?:in|on|at|by|during)\s+which\s+|when\s+|that\s+)?it\s+(?:is|was|has|had|will|can|must|should)\b)|`
    + String.raw`\s*(?:,\s*and|,|\band)\s+(?:also\s+|as well\s+)?(?=(?:(?:in|on|at|for|since|by|to|from|during)\s+)?${WH}\b|${ORDER}\b)|\s*,\s*(?:and\s+|plus\s+|as well as\s+|along with\s+|together with\s+)?(?:also\s+)?(?=(?:the|its|their)\s+\w+)|\s+(?:and|as well as|along with|together with)\s+(?=(?:its|their)\s+\w+)`,
  'i',
);

export interface QuestionPart {
  /** The part as asked ("in which year"). */
  text: string;
  /** Words the part borrows from the first part (its subject), when it has none of its own. */
  context: string;
}

/** A wh-phrase that opens a question: "when", "by whom", "in what year", "how heavy". */
const WH_PHRASE = String.raw`(?:(?:in|on|at|by|for|since|during|from)\s+)?(?:who|whom|whose|what|which|when|where|why|how)\b(?:\s+[a-z]+)?`;
/** The verb a question's clause opens with after its wh-phrase ("... was X installed"). */
const AUX = String.raw`(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|must|may)`;
/**
 * Wh-phrases joined before the one clause they all ask about: "When and by whom was X installed?",
 * "How heavy and how efficient is X?", "When, where and by whom was X installed?".
 */
const SHARED_CLAUSE = new RegExp(String.raw`^(${WH_PHRASE}(?:\s*,\s*${WH_PHRASE})*)\s*,?\s+and\s+(${WH_PHRASE})\s+(${AUX}\b.*)$`, 'i');
/** A bare wh-word after a whole question: "Which company installed X, and when?". */
const TRAILING_WH = /^(.*?\S)\s*,?\s+and\s+((?:(?:in|on|at|since|from)\s+)?(?:when|where|why|how|who|whom))\s*[?.!]*$/i;
const NAME = String.raw`(?:the\s+)?[A-Z0-9][\w'’-]*(?:\s+[A-Z0-9][\w'’-]*)*`;
/** A list of noun phrases joined by commas, "and", "as well as", "along with", "plus". */
const LIST_JOIN = /\s*,\s*(?:and\s+|as well as\s+|along with\s+|together with\s+|plus\s+)?(?:also\s+)?|\s+(?:and|as well as|along with|together with|plus)\s+(?:also\s+)?/i;
const NOT_NOUN = new RegExp(String.raw`\b(?:who|whom|whose|what|which|when|where|why|how|${AUX.slice(3, -1)}|it|they)\b`, 'i');

/**
 * Questions that share one subject or one clause between their parts, each part written out in
 * full: coordinated wh-phrases ("When and by whom was X installed?" -> "When was X installed?",
 * "By whom was X installed?"), a bare trailing wh-word ("Who installed X and when?" -> "... when
 * installed X"), and a list of properties of one subject ("What are the weight and power of X?",
 * "X: weight, power?", "the weight of X as well as the power"). Undefined for any other question.
 */
function sharedParts(question: string): string[] | undefined {
  const q = question.replace(/[?.!]+$/, '').trim();
  const clause = SHARED_CLAUSE.exec(q);
  if (clause) {
    const whs = [...clause[1]!.split(/\s*,\s*/), clause[2]!];
    return whs.map((wh) => `${wh} ${clause[3]}?`);
  }
  const trailing = TRAILING_WH.exec(q);
  if (trailing) {
    const first = trailing[1]!.replace(/,$/, '');
    // The clause of the first question without its wh-phrase ("Which company installed X" -> "installed X").
    const rest = first.replace(/^(?:(?:in|on|at|by|for)\s+)?(?:(?:which|what|whose)\s+[a-z]+|who|whom)\s+/i, '');
    if (rest !== first && /[A-Z0-9]/.test(rest)) return [`${first}?`, `${trailing[2]!.replace(/^[a-z]/, (c) => c.toUpperCase())} ${rest}?`];
  }
  return propertyList(q);
}

/** "What are the A and B of X", "Give me the A and the B of X", "X: A, B and C", "the A of X as well as the B". */
function propertyList(q: string): string[] | undefined {
  let subject: string | undefined;
  let list = q;
  const colon = new RegExp(String.raw`^(${NAME})\s*:\s+(.+)$`).exec(q);
  if (colon) {
    subject = `of ${colon[1]}`;
    list = colon[2]!;
  } else list = q.replace(/^(?:(?:what|which)\s+(?:is|are|was|were)\s+|(?:give|tell|show|list|name|state|provide)(?:\s+(?:me|us))?\s+)/i, '');
  const items = list.split(LIST_JOIN).map((s) => s.trim());
  if (items.length < 2 || items.some((s) => s === '')) return undefined;
  const withSubject = new RegExp(String.raw`^(.+?)\s+((?:of|for)\s+${NAME})$`);
  const nouns: Array<{ noun: string; subject: string | undefined }> = items.map((s) => {
    const m = withSubject.exec(s);
    return m ? { noun: m[1]!, subject: m[2]! } : { noun: s, subject: undefined };
  });
  subject ??= nouns.find((n) => n.subject)?.subject;
  if (!subject || nouns.filter((n) => n.subject).length > 1) return undefined;
  // Each item is a short lower-case noun phrase: no clause, no name, no "between A and B".
  if (nouns.some((n) => n.noun.split(/\s+/).length > 5 || NOT_NOUN.test(n.noun) || /[A-Z0-9]/.test(n.noun.replace(/^[A-Z]/, '')))) return undefined;
  // "the difference between A and B" is one noun phrase; "the interval between inspections" is whole.
  if (nouns.slice(0, -1).some((n) => /\bbetween\b(?!\s+(?:two\s+)?[a-z]+s$)/i.test(n.noun))) return undefined;
  return nouns.map((n) => `What is the ${n.noun.replace(/^(?:the|its|their)\s+/i, '').replace(/^[A-Z]/, (c) => c.toLowerCase())} ${n.subject ?? subject}?`);
}

/** The parts of a question, in order; a plain question is one part. */
export function questionParts(question: string): QuestionPart[] {
  const trimmed = unwrapRequest(question);
  const shared = sharedParts(trimmed);
  if (shared) return shared.map((p) => ({ text: plainQuestion(p), context: '' }));
  const pieces = trimmed.split(SPLIT).map((p) => p.trim().replace(/[?.!]+$/, '')).filter((p) => p !== '');
  // "X and Y" inside a name or list ("between A and B") only splits before a wh-word; a piece
  // of one or two words is not a question of its own.
  if (pieces.length < 2 || pieces.some((p) => p.split(/\s+/).length < 2)) return [{ text: plainQuestion(trimmed), context: '' }];
  const plain = pieces.map(plainQuestion);
  return plain.map((p, i) => ({ text: p, context: i === 0 ? '' : plain[0]! }));
}
