// Everyday verbs whose meaning in a question depends on what it asks. "Run" and "operate" name
// different facts: "who runs X" asks who answers for it, which a document may say as the engineer
// responsible for X or the person in charge of it (askedSenses adds that sense to the verb's own);
// "how long can X run" asks how long it lasts, its service life, not the hours it has run
// (technicalWording rewords it so: WordNet relates "run" to "operating", and an operating-hours
// column took the answer). "How long has X run" and "how many hours can X run" stay as asked.
// Likewise "since when has X been in operation" asks when it went into operation.

/** A question asking for a person or agent: "who ...", "by whom ...", "which engineer ...". */
const ASKS_WHO = /^(?:and |also )?(?:(?:by|from) )?(?:who|whom)\b|^(?:and )?(?:which|what) (?:person|engineer|individual|employee|member of staff|staff member)\b/i;

/** Forms of run and operate ("who runs X", "who is X run by", "who operated it"). */
const RUN_VERB = /^(?:runs?|ran|running)(?:_by)?$/i;
const OPERATE_VERB = /^(?:operates?|operated|operating)(?:_by)?$/i;

/**
 * The senses a question word has in this question besides its own, as words of the lexicon:
 * "runs" in "who runs X" is also said as being responsible for X ("The engineer responsible for X
 * is ...", "... is in charge of X") or as operating it ("The operator of X is ..."); "operates"
 * as being responsible. The verb keeps its own meaning too ("X is operated by ...").
 */
export function askedSenses(question: string, word: string): string[] {
  if (!ASKS_WHO.test(question.trim())) return [];
  if (RUN_VERB.test(word)) return ['responsible', 'operate'];
  return OPERATE_VERB.test(word) ? ['responsible'] : [];
}

/**
 * "How long can X operate", "how many years can it be run", "for how long will X keep running":
 * a modal before the verb asks how long the thing can last, not how long it has run.
 */
const HOW_LONG_CAN = /^((?:(?:and|also|for) )*how (?:long|many (?:years|months|decades))\s+(?:can|could|will|would|should|may|might|is\s+\S+(?:\s+\S+){0,3}?\s+(?:expected|designed|meant|supposed)\s+to)\b.*?)\b(?:be\s+(?:operated|run|used|kept\s+(?:running|operating|in\s+operation))|keep\s+(?:running|operating|working)|stay\s+in\s+operation|remain\s+in\s+operation|operate|run|work|function)\b/i;

function howLongCan(q: string): string {
  return q.replace(HOW_LONG_CAN, (_m, head: string) => `${head}last`);
}

/**
 * "Since when has X been in operation/in service/running": the state began when X went into
 * operation, so it asks the commissioning date (documents say "commissioned on ..."), not a year
 * and not the operating hours an "in operation" column holds. "Since when has X been installed"
 * and "since which year ..." stay as asked.
 */
const SINCE_WHEN_RUNNING = /^((?:(?:and|also) )*)since when (?:has|have|had|is|are|was|were) (.+?) (?:been )?(?:(?:in|into) (?:operation|service|use)|operating|running|working|operational|live|active)\b/i;

function sinceWhenRunning(q: string): string {
  return q.replace(SINCE_WHEN_RUNNING, (m, lead: string, subject: string) => `${lead}${/^[A-Z]/.test(m) && !lead ? 'W' : 'w'}hen did ${subject} go into operation`);
}

/** The question (or part) with its everyday verbs in the words documents use for what it asks. */
export const technicalWording = (q: string): string => sinceWhenRunning(howLongCan(q));
