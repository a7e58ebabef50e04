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
const AUX_WORDS = 'is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|must|may';
const AUX = `(?:${AUX_WORDS})`;
/**
 * Wh-phrases joined before the one clause they all ask about: "When and by whom was X installed?",
 * "How heavy and how efficient is X?", "When, where and by whom was X installed?".
 */
const SHARED_CLAUSE = new RegExp(String.raw`^(${WH_PHRASE}(?:\s*,\s*${WH_PHRASE})*)\s*,?\s+and\s+(${WH_PHRASE})\s+(${AUX}\b.*)$`, 'i');
/** A bare wh-word after a whole question: "Which company installed X, and when?". */
const TRAILING_WH = /^(.*?\S)\s*,?\s+and\s+((?:(?:in|on|at|since|from)\s+)?(?:when|where|why|how|who|whom))\s*[?.!]*$/i;
// A lower-case word may stand between a name's first word and its tag ("Cooling tower 2B05").
const NAME = String.raw`(?:the\s+)?[A-Z0-9][\w'’-]*(?:\s+[a-z]+(?=\s+[A-Z0-9][\w-]*\d))?(?:\s+[A-Z0-9][\w'’-]*)*`;
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

/** A relative clause about the subject closing a noun phrase: "(that) it went in", "that fitted it", "who looks after it". */
const RELATIVE = /\s+(?:(?:that|which|when|where)\s+)?it\s+[a-z]+(?:\s+[a-z]+){0,3}$|\s+(?:that|which|who)\s+[a-z]+(?:\s+[a-z]+){0,2}\s+it$/i;

/** "What are the A and B of X", "Give me the A and the B of X", "X: A, B and C", "the A of X as well as the B". */
function propertyList(q: string): string[] | undefined {
  let subject: string | undefined;
  let list = q;
  const colon = new RegExp(String.raw`^(${NAME})\s*:\s+(.+)$`).exec(q);
  if (colon) {
    subject = `of ${colon[1]}`;
    list = colon[2]!;
  } else list = q.replace(/^(?:(?:what|which)\s+(?:is|are|was|were)\s+|(?:give|tell|show|list|name|state|provide)(?:\s+(?:me|us))?\s+)/i, '');
  // "both the A and the B": "both" only says that two are asked.
  list = list.replace(/^both\s+/i, '');
  // "What are Pump F-29's weight and power?": the possessive names the subject of the list.
  const possessive = colon ? null : new RegExp(String.raw`^(${NAME})['’]s\s+(.+)$`).exec(list);
  if (possessive) {
    subject = `of ${possessive[1]}`;
    list = possessive[2]!;
  }
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
  // (A closing clause about the subject, "the year it went in", is part of its noun phrase.)
  const headOf = (noun: string): string => noun.replace(RELATIVE, '');
  // An order ("tell me which firm installed it") is a question of its own, not a noun phrase.
  if (nouns.some((n) => headOf(n.noun).replace(/^(?:the|its|their)\s+/i, '').split(/\s+/).length > 5 || NOT_NOUN.test(headOf(n.noun)) || new RegExp(String.raw`^${ORDER}\b`, 'i').test(n.noun) || /[A-Z0-9]/.test(n.noun.replace(/^[A-Z]/, '')))) return undefined;
  // "the difference between A and B" is one noun phrase; "the interval between inspections" is whole.
  if (nouns.slice(0, -1).some((n) => /\bbetween\b(?!\s+(?:two\s+)?[a-z]+s$)/i.test(n.noun))) return undefined;
  return nouns.map((n) => {
    const noun = n.noun.replace(/^(?:the|its|their)\s+/i, '').replace(/^[A-Z]/, (c) => c.toLowerCase());
    const of = n.subject ?? subject;
    return RELATIVE.test(noun) ? `What is the ${noun.replace(/\bit\b/, of.replace(/^(?:of|for)\s+/, ''))}?` : `What is the ${noun} ${of}?`;
  });
}

/** A wh-phrase alone, asking again about the clause before it: "when", "by whom", "in which year", "how much". */
const BARE_WH = /^(?:(?:in|on|at|by|for|since|during|from)\s+)?(?:who|whom|when|where|why|(?:which|what)\s+(?:year|date|day|month|site|place|town|city|company|firm|contractor)|how (?:much|long|often|many))$/i;
/** The wh-phrase a question opens with, to be replaced by another ("Who made X" -> "made X"). */
const OPENING_WH = /^(?:(?:in|on|at|by|for|since|during|from)\s+)?(?:(?:which|what|whose)\s+[a-z]+|who|whom|when|where|why|how\s+(?:much|many|long|often|heavy|old|big|large))\s+/i;

/** "when" after "Who made Pump F-29" -> "When made Pump F-29"; undefined when the clause has no wh-phrase to swap. */
function bareWhPart(wh: string, clause: string): string | undefined {
  const rest = clause.replace(/[?.!]+$/, '').replace(OPENING_WH, '');
  if (rest === clause.replace(/[?.!]+$/, '') || rest.trim() === '') return undefined;
  return `${wh.replace(/^[a-z]/, (c) => c.toUpperCase())} ${rest}?`;
}

/** Openings that name the subject of everything after them: "For X,", "Regarding X:", "X:", "X -", "three things about X:". */
const FRAME_LEAD = /^(?:for|regarding|concerning|about|as for|as to|re|on|with regard to|with respect to|in the case of)\s+/i;
/** A count of things asked about a subject: "Three facts about X:", "A few details on X:" (not "the design flow for X"). */
const FRAME_ABOUT = /^(?:(?:[a-z]+\s+){0,2})?(?:things|facts|questions|details|figures|data|information|info|points|items)\s+(?:about|on|for|regarding|concerning)\s+/i;
const FRAME_NAME = new RegExp(String.raw`^(${NAME})\s*(?:,|:|\s[-–]{1,2}\s)\s*(.+)$`);
const FRAME_POSSESSIVE = new RegExp(String.raw`^(${NAME})['’]s\s+(.+)$`);
/** Separators of a list of asks under one subject. */
const ASK_JOIN = /\s+\/\s+|\s*[;?]\s*(?:and\s+|also,?\s+)?|\s*,\s*(?:and\s+|plus\s+|as well as\s+|along with\s+|together with\s+)?(?:also\s+)?|\s+(?:and|plus|as well as|along with|together with)\s+(?:also\s+)?/i;
/** An order that opens an ask ("give the weight", "tell me who installed it"). */
const ORDER_LEAD = /^(?:please\s+)?(?:give|tell|state|list|name|provide|show|report|find)(?:\s+(?:me|us))?\s+/i;

/**
 * A subject named once in front of a list of asks: "For Pump F-29, give the installation year, the
 * installer and the weight.", "Regarding Pump F-29: who installed it, when, and what does it
 * weigh?", "Pump F-29 - installer, year and site?". Each ask becomes a question about the subject:
 * a noun phrase "What is the N of X?", a question as asked (borrowing X), a bare wh-word the clause
 * of the ask before it. Undefined when the question has no such frame.
 */
function framedParts(q: string): { parts: QuestionPart[]; lead: boolean } | undefined {
  const body = q.replace(/[?.!]+$/, '').trim();
  const lead = FRAME_LEAD.exec(body)?.[0] ?? FRAME_ABOUT.exec(body)?.[0] ?? '';
  // The name must start right after the lead (an upper-case word or a tag).
  // "Mill QA-1200's site, fitter and weight": a possessive names the subject of every noun after it.
  const framed = FRAME_NAME.exec(body.slice(lead.length)) ?? (lead === '' ? FRAME_POSSESSIVE.exec(body) : null);
  if (!framed) return undefined;
  const subject = framed[1]!.trim();
  // A lead that asks something itself ("Who made Pump F-29, ...") is no frame; nor is a bare name without a separator after it.
  if (lead === '' && !/[:\-–'’]/.test(body.slice(subject.length, subject.length + 3))) return undefined;
  if (/\b(?:who|whom|whose|what|which|when|where|why|how)\b/i.test(lead)) return undefined;
  if (!/[A-Z0-9]/.test(subject) || subject.split(/\s+/).length > 6) return undefined;
  // "..., I would like to know the A, the B and the C": the request frame says nothing.
  const rest = framed[2]!.replace(/^(?:please|thanks)\s*[,:]?\s*/i, '');
  const unwrapped = unwrapRequest(rest);
  // (unwrapRequest capitalises; a unit such as "kW" keeps its case when no frame was removed.)
  const asks = (unwrapped.slice(1) === rest.slice(1) ? rest : unwrapped)
    .split(ASK_JOIN)
    .map((a) => a.trim().replace(ORDER_LEAD, '').replace(/^(?:also|then)\s+/i, '').trim())
    // "..., please" closes the request; it asks nothing.
    .filter((a) => a !== '' && !/^(?:please|thanks|thank you)$/i.test(a));
  if (asks.length === 0 || asks.some((a) => a.split(/\s+/).length > 12)) return undefined;
  // "X: weight" alone is plainQuestion's; a frame with a lead ("For X, what is the site?") is one question about X.
  if (asks.length === 1 && lead === '') return undefined;
  const out: QuestionPart[] = [];
  let clause: string | undefined;
  for (const ask of asks) {
    if (BARE_WH.test(ask)) {
      const text = clause ? bareWhPart(ask, clause) : undefined;
      out.push({ text: plainQuestion(text ?? `${ask.replace(/^[a-z]/, (c) => c.toUpperCase())} ${subject}?`), context: clause ? `${clause} ${subject}` : subject });
      continue;
    }
    const asksItself = /^(?:(?:in|on|at|by|for|since|during|from|to)\s+)?(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|has|have|can)\b/i.test(ask);
    if (asksItself) {
      // "who installed it": the subject is the frame's; it stands for the asset the frame names.
      // "who installed it" -> "who installed Pump F-29"; "its weight" borrows the name from the context.
      const own = /[A-Z0-9]/.test(ask.slice(1)) ? ask : /\bit\b/i.test(ask) ? ask.replace(/\bit\b/i, subject) : /\bits\b/i.test(ask) ? ask : /^(?:what|which)\s+(?:is|are|was|were)\s+the\b/i.test(ask) ? `${ask} of ${subject}` : `${ask} ${subject}`;
      const text = plainQuestion(own);
      clause = text;
      out.push({ text, context: subject });
    } else {
      const noun = ask.replace(/^(?:the|its|their|his|her)\s+/i, '').replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase());
      // A noun phrase may end in a clause about the subject ("the year it went in", "the company
      // that fitted it"): it is said of the subject itself. Any other clause makes it something else.
      const clause = RELATIVE.exec(noun);
      const head = clause ? noun.slice(0, clause.index) : noun;
      if (head === '' || NOT_NOUN.test(head) || noun.split(/\s+/).length > 8) return undefined;
      out.push({ text: plainQuestion(clause ? `What is the ${noun.replace(/\bit\b/, subject)}?` : `What is the ${noun} of ${subject}?`), context: '' });
    }
  }
  return { parts: out, lead: lead !== '' };
}

/** A wh-phrase of at most three words with no verb or "and" in it: "how long ago", "in what year". */
const APPOSED_WH = String.raw`(?:(?:in|on|at|by|for|since|during|from)\s+)?(?:who|whom|whose|what|which|when|where|why|how)(?:\s+(?!(?:and|${AUX_WORDS})\b)[a-z]+){0,2}`;
/**
 * "How long ago, in what year, was X installed?": a wh-phrase restated between commas, with no
 * "and", asks one thing in other words (unlike "When and by whom was X installed?"). The later,
 * narrower phrase is kept ("In what year was X installed?"); the rest of the question stays as is.
 */
const RESTATED_WH = new RegExp(String.raw`^${APPOSED_WH}\s*,\s*(${APPOSED_WH})\s*,\s*(?=${AUX}\b)`, 'i');
const withoutRestatedWh = (q: string): string => q.replace(RESTATED_WH, (_m, wh: string) => `${wh.replace(/^[a-z]/, (c) => c.toUpperCase())} `);

/** The parts of a question, in order; a plain question is one part. */
export function questionParts(question: string): QuestionPart[] {
  const trimmed = withoutRestatedWh(unwrapRequest(question));
  // "For X, ..." names the subject of all that follows: read as a frame before anything else.
  const framed = framedParts(trimmed);
  if (framed?.lead) return framed.parts;
  const shared = sharedParts(trimmed);
  if (shared) return shared.map((p) => ({ text: plainQuestion(p), context: '' }));
  if (framed) return framed.parts;
  const pieces = trimmed.split(SPLIT).map((p) => p.trim().replace(/[?.!]+$/, '')).filter((p) => p !== '');
  // A bare wh-phrase after a question ("Who made X, when, and where is it?") asks again with that question's clause.
  const whole = pieces.map((p, i) => (i > 0 && BARE_WH.test(p) ? (bareWhPart(p, pieces[0]!) ?? p) : p));
  // "X and Y" inside a name or list ("between A and B") only splits before a wh-word; a piece
  // of one or two words is not a question of its own.
  if (whole.length < 2 || whole.some((p) => p.split(/\s+/).length < 2)) return [{ text: plainQuestion(trimmed), context: '' }];
  const plain = whole.map(plainQuestion);
  return plain.map((p, i) => ({ text: p, context: i === 0 ? '' : plain[0]! }));
}
