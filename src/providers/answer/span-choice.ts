// Which of several typed spans of one sentence answers: reports put two or three facts in one
// sentence ("Supplied by X, Boiler KO-184 (installed by Y), which operates at the Z site, ..."),
// and the first name or number is often another fact's. The span said closest to the words of
// the question's property ("installed") is the one about it; a span after the word ("installed by
// Y", "weighs 4,500 kg") is preferred to one before it, and a clause break between them counts
// as distance.
import { wordMatches, type MatchTerm } from './matching.js';
import { typedSpans, type Span } from './answer-types.js';

/** A word of running text; not the letters of a tag ("KW" in "Dryer KW-186"). */
const WORD = /\b[A-Za-z][A-Za-z'’]*\b(?!-?\d)/g;
/** Question words that name the kind of answer rather than the property asked about. */
export const KIND_WORD = /^(year|years|date|day|month|time|percent|percentage|number|figure|value|amount)$/i;

/** Distance in characters from a property word at [ws, we) to a span, with clause breaks and backward reach counted extra. */
function distance(text: string, ws: number, we: number, span: Span): number {
  const after = span.start >= we;
  const between = after ? text.slice(we, span.start) : text.slice(span.start + span.text.length, ws);
  const breaks = (between.match(/[,;()]|\band\b/g) ?? []).length;
  return between.length + 40 * breaks + (after ? 0 : 20);
}

/** The span nearest to a matched property word of the question; the first span when none is said. */
export function nearestSpan(spans: Span[], text: string, qterms: MatchTerm[]): Span {
  if (spans.length < 2) return spans[0]!;
  const content = qterms.filter((t) => !t.key);
  const at: Array<[number, number]> = [];
  for (const m of text.matchAll(WORD)) {
    if (content.some((t) => wordMatches(t, m[0].toLowerCase()))) at.push([m.index, m.index + m[0].length]);
  }
  // A word inside a span (its unit) says nothing about which span it is.
  const outside = at.filter(([ws]) => !spans.some((sp) => ws >= sp.start && ws < sp.start + sp.text.length));
  if (outside.length === 0) return spans[0]!;
  const best = (sp: Span): number => Math.min(...outside.map(([ws, we]) => distance(text, ws, we, sp)));
  return spans.reduce((a, b) => (best(b) < best(a) ? b : a));
}

/** A sentence's opening phrase of time, place or manner, up to its comma. */
const INTRO = /^(?:on|in|by|as of|as at|at|during|since|until|from|before|after|following|between|within|according to|established|founded|built|chartered)\b(?:[^,;()]|\([^,;()]{0,20}\)){0,60}?(?:,\s\d{4})?,\s/i;

/** A further opening phrase after the first ("On 10 May 2010, following the escalation of tensions in markets, ministers unveiled ..."). */
const NEXT_INTRO = /^(?:following|after|before|despite|in view of|in response to|given|amid|with|as part of|under|through)\b[^,;()]{0,100}?,\s/i;

/** Where the sentence's opening phrases end (past their last comma and space); 1 when it opens with none. */
export function openerEnd(text: string): number {
  const first = INTRO.exec(text);
  if (!first) return 1;
  const next = NEXT_INTRO.exec(text.slice(first[0].length));
  return first[0].length + (next ? next[0].length : 0);
}

/** A participial opening phrase ("Supplied by X, ", "Located at the Y works, "), up to its comma. */
const PARTICIPLE_INTRO = /^[A-Z][a-z]+ed (?:by|at|in|on|from|to)\b[^,;()]{1,60}?(?:,\s\d{4})?,\s/;

/** Where a participial opening phrase ends (past its comma and space); 1 when the sentence opens with none. */
export function participleEnd(text: string): number {
  return PARTICIPLE_INTRO.exec(text)?.[0].length ?? 1;
}

/**
 * Clause breaks: ", " (not in "March 12, 1990"), ";", parentheses, and "and"/"but"/"while" joining
 * clauses. A parenthesis that opens with a figure ("knives (21 percent, n = 57)", "a line of fixed
 * length (usually 100 mm)") gives the value of what it follows: no break before it.
 */
const BREAK = /,\s(?!\d{4}\b)|;|\((?!(?:about|around|approximately|usually|some|nearly|over|almost)?\s*[$€£]?\d)|\)|\s(?:and|but|while|whereas)\s/g;

/**
 * The spans said in a clause that holds a word of the question's property ("Its commissioning took
 * place on March 12, 1990, and it was installed by X": 1990 is no installation year). When no
 * clause holds one (the property is proven by a unit: "4,500 kg" is a weight) every span stays.
 */
export function inAskedClauses(spans: Span[], text: string, qterms: MatchTerm[]): Span[] {
  if (spans.length === 0) return spans;
  // Words of the answer's kind or unit ("year", "kW", "weight") are proven by the span itself, not said beside it.
  const content = qterms.filter((t) => !t.key && t.family === null && !KIND_WORD.test(t.word));
  if (content.length === 0) return spans;
  // An opening phrase ("On April 28, 2015, the agency screened in ...", "In 2007, only Italy ...")
  // belongs to the clause it opens: its comma is no clause break.
  // So does a participial opening about the subject ("Supplied by X, Boiler JG-182 handles ..."):
  // the subject and its verb come after that comma, so the opener's verb ("supplied" ~ "deliver")
  // is said of the main clause's facts too.
  const openerComma = Math.max(openerEnd(text), participleEnd(text)) - 2;
  // (Breaks inside the opener, "In 17 percent (n = 45) of the cases, ...", are no clause breaks either.)
  const cuts = [0, ...[...text.matchAll(BREAK)].map((m) => m.index).filter((i) => i > openerComma), text.length];
  if (cuts.length <= 2) return spans;
  const clauseOf = (pos: number): number => cuts.findIndex((c, i) => pos >= c && pos < (cuts[i + 1] ?? Infinity));
  // The question's words said in each clause, each counted once.
  const said = new Map<number, Set<string>>();
  for (const m of text.matchAll(WORD)) {
    if (spans.some((sp) => m.index >= sp.start && m.index < sp.start + sp.text.length)) continue;
    const c = clauseOf(m.index);
    for (const t of content.filter((t) => wordMatches(t, m[0].toLowerCase()))) said.set(c, (said.get(c) ?? new Set<string>()).add(t.word));
  }
  if (said.size === 0) return spans;
  // "the programme, which has been granted EUR 30 million": a relative clause right after an asked
  // clause that states no value says it of the noun it follows.
  for (const [i, words] of [...said]) {
    const next = cuts[i + 1];
    if (next !== undefined && /^,\s(?:which|who)\b/.test(text.slice(next)) && !spans.some((sp) => clauseOf(sp.start) === i)) said.set(i + 1, new Set([...(said.get(i + 1) ?? []), ...words]));
  }
  const kept = spans.filter((sp) => said.has(clauseOf(sp.start)));
  // Of clauses that each say some of the question ("Almost 20% of the students feel often left out
  // of things, 24% often feel helpless"), the one saying the most of it holds its value.
  const most = Math.max(...kept.map((sp) => said.get(clauseOf(sp.start))!.size));
  return kept.filter((sp) => said.get(clauseOf(sp.start))!.size === most);
}

/** What may stand between a property word and its value: "of", "is", "was", "(", a colon, "about". */
const LINK = /^\s*(?:\(|:|of|is|was|are|were|amounted to|totall?ed|stood at|reached|at)?\s*(?:about|around|approximately|some|nearly|over|almost)?\s*$/i;

/**
 * A sum, share or measure said right after a word of the question's property ("total liabilities
 * of $219.2 billion", "The envelope of the FEMIP Support Fund (EUR 105 m)" after its name): the
 * value a free-text question about that property asks for; null when none follows closely.
 */
export function valueAfter(text: string, qterms: MatchTerm[]): string | null {
  const spans = typedSpans({ type: 'amount', family: null, cue: [], unitNamed: false }, text);
  if (spans.length === 0) return null;
  const content = qterms.filter((t) => !t.key && !KIND_WORD.test(t.word));
  const keys = qterms.filter((t) => t.key);
  let end = -1;
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    // A value may also stand right before the word it measures ("subject to a 2 percent cap").
    const before = content.some((t) => wordMatches(t, w)) ? spans.find((s) => /^[\s-]{0,2}$/.test(text.slice(s.start + s.text.length, m.index))) : undefined;
    if (before) return before.text;
    if (content.some((t) => wordMatches(t, w))) end = m.index + m[0].length;
    else if (end >= 0 && keys.some((t) => wordMatches(t, w))) end = m.index + m[0].length;
    else if (end >= 0 && m.index > end + 1 && !/^(of|the|a|an)$/i.test(w)) end = -1;
    if (end < 0) continue;
    const sp = spans.find((s) => s.start >= end && LINK.test(text.slice(end, s.start)));
    if (sp) return sp.text;
  }
  return null;
}
