// Plural questions ("Which countries have the lowest ratios?", "What are the names of the
// contractors?") ask for every name of a list, not its first: a name span that opens a
// coordinated list of names ("Greece, Spain and Italy") answers with the whole list.
import type { Span } from './answer-types.js';

/** Words ending in s after "which" / "what" that are verbs or pronouns, not plural nouns. */
const NOT_PLURAL = /^(?:is|was|has|does|this|its|his|hers|thus|plus|yes|gas|bus|us)$/i;

/** Whether the question asks for several names. */
export function asksSeveral(question: string): boolean {
  const q = question.trim();
  if (/^(?:what|who)\s+(?:are|were)\s+the\s+names\b/i.test(q) || /^who\s+(?:are|were)\b/i.test(q) || /^(?:name|list)\s+(?:the|all)\b/i.test(q)) return true;
  const lead = /^(?:(?:in|at|from|for|by|to|with|of|on)\s+)?(?:which|what)\s+/i.exec(q);
  if (lead === null) return false;
  // "Which three states ...": a count of two or more asks for several.
  if (/^(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|[1-9]\d)\s/i.test(q.slice(lead[0].length))) return true;
  const noun = /^([a-z]+)\b/i.exec(q.slice(lead[0].length))?.[1] ?? '';
  return /[^su]s$/i.test(noun) && !NOT_PLURAL.test(noun);
}

/** One more name of a list: ", Spain", " and Italy", ", and HAC", " or Vasbrek Montage". */
const NEXT_NAME = /^(\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)([A-Z][\p{L}\p{N}'’.&-]*(?:\s+(?:&\s+)?[A-Z][\p{L}\p{N}'’.&-]*)*)/u;

/**
 * The span with the names listed after it, as "A, B, C"; the span alone when no list follows.
 * A run of commas without "and" / "or" is no list ("Norrland AB, Uppsala" names a firm and its town).
 */
export function withListedNames(span: Span, text: string): string {
  const names = [span.text];
  let rest = text.slice(span.start + span.text.length);
  let joined = false;
  for (let m = NEXT_NAME.exec(rest); m !== null; m = NEXT_NAME.exec(rest)) {
    const name = m[2]!.replace(/[.,]+$/, '');
    if (/\d/.test(name)) break;
    names.push(name);
    if (/\b(?:and|or)\b/.test(m[1]!)) joined = true;
    rest = rest.slice(m[0].length);
    if (joined) break;
  }
  // The last name ends the list ("Yes, No and Don't know" is a list of phrases, not of names).
  return joined && /^\s*(?:[,.;:)]|$)/.test(rest) ? names.join(', ') : span.text;
}

const NAME = String.raw`[A-Z][\p{L}\p{N}'’.&-]*(?:\s+(?:of\s+|de\s+|for\s+)?[A-Z][\p{L}\p{N}'’.&-]*)*(?:\s\([A-Z]{2,8}\))?`;
const LIST = new RegExp(String.raw`(?:the\s+)?${NAME}(?:\s*,\s*(?:the\s+)?${NAME})*,?\s+(?:and|or)\s+(?:the\s+)?${NAME}(?=\s*(?:[,.;:)]|$))`, 'gu');

/**
 * The coordinated lists of names in a sentence, each ending at a punctuation mark ("Kentucky, Maine, and New Jersey"; "the
 * European Social Fund (ESF) and the Cohesion Fund"), each as "A, B, C" at its position.
 * A list whose names the question says is its wording, not its answer.
 */
export function nameLists(text: string, questionTokens: Set<string>): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(LIST)) {
    const names = m[0].split(/\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/).map((n) => n.replace(/^the\s+/, '').replace(/[.,]+$/, '')).filter((n) => n !== '');
    if (names.length < 2 || names.some((n) => /\d/.test(n))) continue;
    if (names.every((n) => n.toLowerCase().split(/\s+/).every((w) => questionTokens.has(w.replace(/[^\p{L}\p{N}-]/gu, ''))))) continue;
    out.push({ text: names.join(', '), start: m.index });
  }
  return out;
}

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** "Which three states ...": of the lists, those with as many names as the question asks for (all when it says no count, or none has it). */
export function listsOfAskedCount(question: string, lists: Span[]): Span[] {
  const said = /^(?:(?:in|at|from|for|by|to|with|of|on)\s+)?(?:which|what)\s+(two|three|four|five|six|seven|eight|nine|ten|[2-9]|[1-9]\d)\s/i.exec(question.trim())?.[1]?.toLowerCase();
  if (said === undefined) return lists;
  const n = COUNTS[said] ?? Number(said);
  const fit = lists.filter((l) => l.text.split(', ').length === n);
  return fit.length ? fit : lists;
}
