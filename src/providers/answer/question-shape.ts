// The shapes people type questions in, brought to the one the answer rules read. A search box gets
// requests ("Could you tell me ...", "I need the ..."), contractions ("what's"), bare noun phrases
// ("weight of Pump F-29", "installation year Pump F-29"), a subject with a colon ("Pump F-29:
// weight?") and separable phrasal verbs ("put Pump F-29 in"). Each is rewritten as the plain
// question it means ("What is the weight of Pump F-29"); names keep their case, since capitals mark
// the key terms an answer must contain.

import { paraphrasesOf } from './paraphrases.js';

/** Openings that only frame the request; what follows them is the question. */
const FRAMES: RegExp[] = [
  /^(?:and|also|so|then|ok|okay|hi|hello|now)\b[,:]?\s+/i,
  /^please\b[,]?\s+/i,
  /^(?:could|can|would|will) (?:you|someone)(?: please)? (?:tell|show|give|let) me(?: know)?\s+/i,
  /^(?:do|does) (?:you|anyone|anybody) know\s+/i,
  /^(?:i|we) (?:also )?(?:need|want|would like|['’]d like|wish|have) to (?:know|find out|see|get|learn|check)\s+/i,
  /^(?:i|we) (?:also )?(?:need|want|would like|['’]d like|am looking for|['’]m looking for|are looking for)\s+/i,
  /^(?:i|we) (?:am|['’]m|are) (?:trying to find|interested in)\s+/i,
  /^(?:i )?wonder(?:ing)?\s+/i,
];

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(what|who|where|when|how|which|that|it|there)['’]s\b/gi, '$1 is'],
  [/\b(what|who|where|when|how|which|they|we|you)['’]re\b/gi, '$1 are'],
  // "I'd like the weight of X": the request frame reads "I would like".
  [/\b(i|we|you|they)['’]d (like|want|need)\b/gi, '$1 would $2'],
];

/** Words a question (or an order) opens with; anything else opens a noun phrase. */
const OPENING = /^(?:(?:in|on|at|for|since|by|to|from|during|of|with|under|every|between)\s+)?(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|must|may|shall|give|name|state|tell|list|provide|show|find|identify|report|describe|explain|summari[sz]e|compare)\b/i;

/** A question worded as a statement ("Pump F-29 was installed by whom?"): a verb or a wh-word inside. */
const CLAUSE = /\b(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|be|been|has|have|had|does|do|did|can|could|will|would|must|should|may)\b/i;

const WH_WORD = /\b(?:who|whom|whose|what|which|when|where|why|how)\b/i;

/** Asking whom to turn to about something. */
const CONTACT = /^(?:who|whom) (?:should|do|can|could|would|must|shall) (?:i|we|one|you) (?:ask|contact|call|phone|talk to|speak to|speak with|email|e-mail|write to|turn to|go to|consult|reach)(?: about| regarding| concerning| for)?\s+/i;

/** A phrasal verb split by its object ("put Pump F-29 in") joined up ("put in Pump F-29"). */
const SEPARATED = /\b(put|set|fit|fitted|take|took|taken|bring|brought|hand|handed|switch|switched|turn|turned|start|started)\s+((?:(?:the\s+)?[A-Z][\w-]*\s+){1,3}|(?:it|them)\s+)(in|up|over|on|off|out)\b/g;

/** The request and contractions a whole question is wrapped in, removed (before it is split into parts). */
export function unwrapRequest(question: string): string {
  let q = question.trim().replace(/\s+/g, ' ');
  for (const [re, to] of CONTRACTIONS) q = q.replace(re, to);
  for (let changed = true; changed; ) {
    changed = false;
    for (const re of FRAMES) {
      const next = q.replace(re, '');
      if (next !== q && next !== '') {
        q = next;
        changed = true;
      }
    }
  }
  // "..., please": the courtesy at the end asks nothing.
  q = q.replace(/,?\s+please(?=[?.!]*$)/i, '');
  // "Does X have a standby unit, yes or no?": the offer of both answers adds nothing.
  q = q.replace(/[,:;-]?\s*(?:yes or no|yes\/no|y\/n)\s*(?=[?.!]*$)/i, '');
  // "whether X has ...", "if X has ...": a yes/no question.
  q = q.replace(/^(?:whether|if)\s+/i, 'Is ');
  return q.replace(/^[a-z]/, (c) => c.toUpperCase());
}

/**
 * One question (or part) in the plain shape: a subject before a colon moved after its property,
 * a noun phrase asked as "What is ...", a separated phrasal verb joined.
 */
export function plainQuestion(part: string): string {
  let q = unwrapRequest(part);
  const end = /[?.!]+$/.exec(q)?.[0] ?? '';
  q = q.slice(0, q.length - end.length).trim();
  // "Pump F-29: weight" -> "weight of Pump F-29"; "Pump F-29: how often inspected" -> "how often inspected Pump F-29".
  const colon = /^([^:]{2,60}?)\s*:\s+(.+)$/.exec(q);
  if (colon && /[A-Z0-9]/.test(colon[1]!) && colon[1]!.split(' ').length <= 6 && !OPENING.test(colon[1]!)) {
    const [, rest] = colon.slice(1);
    const subject = colon[1]!.replace(/^(?:regarding|concerning|about|re|as for|as to)\s+/i, '');
    q = OPENING.test(rest!) ? `${rest} ${subject}` : `${rest} of ${subject}`;
  }
  // "the installation date (year)": a time word in brackets after a noun says which part of a
  // date is wanted ("date (year)" asks the year; "installation (year)" the installation year).
  q = q.replace(/\b([a-z]+) \((year|month|day|date)\)/gi, (_, noun: string, form: string) => (/^(?:date|time|day|when)$/i.test(noun) ? form : `${noun} ${form}`));
  // "Any standby unit for X?": a search box's "Is there any standby unit for X?".
  q = q.replace(/^[Aa]ny\b(?! (?:idea|clue)\b)/, 'Is there any');
  // "Who should I ask about X": the person to ask is the one responsible for X.
  q = q.replace(CONTACT, 'Who is responsible for ');
  // "What inspection interval applies to X": the property that applies to X is X's property.
  q = q.replace(/^([Ww]hat|[Ww]hich) ((?:[a-z]+ ){0,3}[a-z]+) (?:applies|apply|holds|is valid|is set) (?:to|for) (?=[A-Z0-9])/, 'What is the $2 of ');
  // "Who was responsible for installing X": the one who did the installing, not whoever is
  // responsible for X now.
  // Not a gerund that itself means looking after ("in charge of looking after X", "maintaining").
  q = q.replace(/^((?:[Ww]ho|[Ww]hich [a-z]+)) (?:is|was|were|are) (?:responsible for|in charge of|tasked with) ([a-z]+ing)\b(?! (?:after|for)\b)/, (m, who: string, act: string) =>
    paraphrasesOf(act).includes('responsible') ? m : `${who} did the ${act} of`,
  );
  // The same with the act's noun ("Which company was responsible for the installation of X"),
  // when the lexicon knows it as an act other than looking after something.
  q = q.replace(/^((?:[Ww]ho|[Ww]hich [a-z]+)) (?:is|was|were|are) (?:responsible for|in charge of|tasked with) the ([a-z]+)(?= of\b)/, (m, who: string, act: string) =>
    paraphrasesOf(act).length === 0 || paraphrasesOf(act).includes('responsible') ? m : `${who} did the ${act}`,
  );
  // "How much was Pump F-29?": how much a named thing is (or was) is what it costs.
  q = q.replace(/^([Hh]ow much) (?:is|was|are|were) ((?:the )?[A-Z0-9][\w-]*(?: [A-Z0-9][\w-]*)*)$/, '$1 did $2 cost');
  // "Year in which X was installed": a noun phrase whose relative clause opens with a wh-word.
  if (!OPENING.test(q) && /^(?:the )?[A-Za-z]+(?: [a-z]+){0,2} (?:(?:in|on|at|by|during|from|since) )?(?:which|when|whom)\b/.test(q)) {
    q = `What is ${/^the\b/i.test(q) ? '' : 'the '}${q.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}`;
  }
  // A noun phrase may hold a clause of its own ("the year it was installed"), never a wh-word.
  if (!OPENING.test(q) && !WH_WORD.test(q) && (/^(?:the|its|their)\b/i.test(q) || !CLAUSE.test(q))) {
    // The first word is an ordinary noun ("Weight of ..."), not a name, unless a name goes on after it.
    const first = /^[A-Z][a-z]+\b(?! [A-Z0-9])/.test(q) ? q.replace(/^[A-Z]/, (c) => c.toLowerCase()) : q;
    q = `What is ${/^(?:the|its|their|his|her|a|an)\b/i.test(first) ? '' : 'the '}${first}`;
  }
  q = q.replace(SEPARATED, '$1 $3 $2').replace(/\s+/g, ' ').trim();
  return q.replace(/^[a-z]/, (c) => c.toUpperCase()) + (end || '?');
}
