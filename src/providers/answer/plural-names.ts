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
  const noun = /^(?:(?:in|at|from|for|by|to|with|of|on)\s+)?(?:which|what)\s+([a-z]+)\b/i.exec(q)?.[1] ?? '';
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
  return joined ? names.join(', ') : span.text;
}
