// Readings of a question's opening (and of the period a text states) that say what kind of answer it wants before its nouns do
// (answer-types.ts): items rather than a value, a named kind of thing, a "when" that is a
// conjunction rather than a second question. All take the canonical (lower-case) question.

/**
 * "What do fees include?", "Besides travel, what other expenses can there be?": the question asks
 * which things (a list of them), not a value, whatever its noun names.
 */
const ASKS_ITEMS = /^what (?:do|does|did|can|could|will|would|may|might|should|must) .+ (?:include|contain|comprise|cover|consist of|involve)$|(?:^|, )what (?:other|kinds? of|types? of|sorts? of|examples of)\b/;

export const asksItems = (q: string): boolean => ASKS_ITEMS.test(q);

/** The noun of a "which X ..." opening ("brand" in "which brand does x sell"), if any. */
export const whichNoun = (q: string): string | undefined => /^which ([a-z]+)\b/.exec(q)?.[1];

/**
 * "What does it require colleges to do when an emergency is confirmed?": after a wh-opening, a
 * "when" inside the clause (no comma before it) is a conjunction, not a second question.
 * `inner` is the wh-phrase found late in `q`.
 */
export const whenConjunction = (q: string, inner: string): boolean =>
  // "... when was it installed": an auxiliary right after it asks.
  /^when\b(?! (?:is|was|are|were|did|does|do|has|have|had|will|would|can|could|should|must)\b)/.test(inner) && /^(?:what|which|who|whom|whose|how|why|where)\b/.test(q) && !/,\s*$/.test(q.slice(0, q.length - inner.length));

/** A text that says the period its amounts are for ("every year", "annually"): a sum there is a rate. */
export const periodSaid = (text: string): boolean => /\b(?:every|each|per) (?:year|month|week|day)\b|\b(?:annually|yearly|monthly|weekly|daily)\b/i.test(text);

const ITEMS_VERB = /^what (?:do|does|did|can|could|will|would|may|might|should|must) .+ (include|contain|comprise|cover|involve)\??$/i;

/**
 * "What do fees include?" against "Fees include activity fees, parking decal fees, etc.": the
 * words after the asked verb, up to the sentence's end; null when the question is no such
 * question or the text does not use its verb.
 */
export function itemsAfterVerb(question: string, text: string): string | null {
  const verb = ITEMS_VERB.exec(question.trim())?.[1]?.toLowerCase();
  if (verb === undefined) return null;
  const at = new RegExp(String.raw`\b${verb}(?:s|d|es|ed|ing)?\b\s*:?\s*`, 'i').exec(text);
  if (!at) return null;
  const rest = text.slice(at.index + at[0].length).replace(/[,;]?\s*(?:etc\.?|and so on)?\s*[.!?]?\s*$/i, '').trim();
  const words = rest.split(/\s+/);
  return rest === '' || words.length > 25 ? null : rest;
}

/**
 * "Which ministry funds the training?" against "... funded by the Ministry of Labour": the names
 * of the asked kind in the text ("Ministry of Labour", "Ministry of Education"), runs of capitalised
 * words holding the question's noun; tags with figures ("Pump F-29") are left to the other readings.
 */
export function namesOfKind(question: string, text: string): Array<{ text: string; start: number }> {
  const noun = whichNoun(question.trim().toLowerCase());
  if (noun === undefined) return [];
  const out: Array<{ text: string; start: number }> = [];
  for (const m of text.matchAll(/[A-Z][\p{L}'’-]*(?:\s+(?:of|for|and|on|de|du|&)?\s*[A-Z][\p{L}'’-]*)+/gu)) {
    // A tag ("Pump F-29") goes on with figures: no name of a kind.
    if (/^[\p{L}'’-]*\d/u.test(text.slice(m.index + m[0].length))) continue;
    const words = m[0].toLowerCase().split(/\s+/);
    if (words.some((w) => w === noun || w === `${noun}s` || w.replace(/ies$/, 'y') === noun)) out.push({ text: m[0], start: m.index });
  }
  return out;
}

/**
 * "Who is the main provider of financial aid?" against "The federal government is the main
 * provider of financial aid for college.": the subject of the sentence that says the asked role
 * of it, when the subject is no capitalised name (names are read as names already).
 */
export function copularSubject(question: string, text: string): { text: string; start: number } | null {
  const role = /^who (?:is|are|was|were) the ((?:[a-z-]+ ){1,2})/i.exec(`${question.trim()} `)?.[1]?.trim();
  if (role === undefined) return null;
  const m = new RegExp(String.raw`^(?:the\s+)?(.{3,60}?)\s+(?:is|are|was|were)\s+(?:also\s+)?the\s+${role.replace(/[-]/g, '\\-').replace(/\s+/g, '\\s+')}\b`, 'i').exec(text.trim());
  if (!m?.[1] || /[,;:]/.test(m[1]) || m[1].split(/\s+/).length > 6) return null;
  return { text: m[1], start: text.indexOf(m[1]) };
}

/**
 * "What is an example of a concept that a single item can measure?" against "... a single item is
 * a reliable measure of the concept (e.g., pain intensity).": what the text gives as an example
 * ("e.g.", "for example", "such as"), up to the end of its parenthesis or clause.
 */
export function exampleIn(question: string, text: string): string | null {
  if (!/\b(?:an? )?examples? of\b|\bfor (?:an )?example\b/i.test(question)) return null;
  const m = /\((?:e\.g\.|for example),?\s*([^)]{1,80})\)|\b(?:e\.g\.|for example|such as),?\s+([^;:.()]{1,80}?)(?=[;:.()]|,\s(?:and|but|which|while)\b|$)/i.exec(text);
  const found = (m?.[1] ?? m?.[2])?.trim();
  return found ? found : null;
}
