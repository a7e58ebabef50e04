// Question terms against a text, with paraphrase: a question word matches the same stem, a word
// WordNet relates to it (either way round: "put in" ~ "installed", "run" ~ "operating"), a
// WordNet phrase of two words as one term, or - for a word naming a measured property ("weight",
// "power") - a span whose unit measures that property. Names and numbers are key terms: they
// count double and must all be present.
import { familyOf, provedBy, spanFamily, type AnswerType, type UnitFamily } from './answer-types.js';
import { isPhrase, relatedStems, relatedWords } from './lexicon.js';
import { askedSenses } from './everyday-verbs.js';
import { paraphrasesOf } from './paraphrases.js';
import { stem, terms, tokenize } from './text.js';

export interface MatchTerm {
  /** The stem, or the phrase joined by "_" ("put_in"). */
  stem: string;
  weight: number;
  key: boolean;
  /** Stems of the phrase's words (one for a single word). */
  parts: string[];
  /** Stems of related words. */
  alts: Set<string>;
  /** Related phrases ("in charge" for "responsible"), each as the stems of its content words. */
  phrases: string[][];
  /** Related single words to search for as well (a few). */
  searchWords: string[];
  family: UnitFamily | null;
  /** The word as asked (for type concepts: "cost" is proven by a money span). */
  word: string;
}

/** A related word counts a little less than the word itself. */
const RELATED = 0.8;
/** The head noun of a compound alone counts half. */
const HEAD_ONLY = 0.5;
const SEARCH_ALTS = 3;

/** Verbs that only say an event happened ("take place", "occur"): what happened is named by its noun. */
const LIGHT = /^(?:(?:take|takes|took|taken|taking)_place|happen|happens|happened|occur|occurs|occurred|carry|carries|carried|carrying|perform|performs|performed|undertook|undertaken|need|needs|require|requires)$/;
/** "carried out the installation": the particle of a light verb says nothing either. */
const LIGHT_PARTICLE = /^(?:out)$/;

/** A currency with its scale ("EURbn", "USDm"): the unit of the answer, not a name. */
const CURRENCY_UNIT = /^(?:EUR|USD|GBP|SEK|NOK|DKK|CHF)(?:m|bn|k|mn)?$/;

/** Words a question opens with that are never the start of a name. */
const OPENER = /^(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|does|do|did|has|have|had|can|could|will|would|should|must|may|give|name|state|tell|list|provide|show|find|identify|report|describe|please|in|on|at|for|since|by|the|a|an|and|also)$/i;

/** A question that starts with a name ("Turbine E-55 cost how much?"): its capitalised first word runs into more of the name. */
const opensName = (first: string, next: string | undefined): boolean => !OPENER.test(first) && next !== undefined && /^[A-Z0-9]/.test(next);

/** The match terms of a question (or part), without its cue words ("how", "often", ...). */
export function matchTerms(question: string, cue: string[]): MatchTerm[] {
  const keys = new Set<string>();
  const split = question.split(/\s+/);
  split.forEach((w, i) => {
    const clean = w.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (clean === '') return;
    // A unit ("m3/h", "MW") is no name: it says what is asked, not what about.
    if (((i > 0 || opensName(clean, split[1])) && /^[A-Z]/.test(clean)) || /\d/.test(clean)) {
      if (spanFamily(`1 ${clean}`) === null && !CURRENCY_UNIT.test(clean)) for (const t of tokenize(clean)) keys.add(stem(t));
    }
  });
  const cueSet = new Set(cue);
  const words = tokenize(question).filter((t) => !cueSet.has(t));
  const out: MatchTerm[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // Two or three words WordNet or the lexicon know as one ("put in", "look after", "taken into
    // service") match as one term, the longer phrase first.
    const plain = (k: number): boolean => words.slice(i, i + k).length === k && words.slice(i, i + k).every((x) => /^[a-z]+$/.test(x));
    const size = !keys.has(stem(w)) ? [3, 2].find((k) => plain(k) && isPhrase(words.slice(i, i + k).join('_'))) : undefined;
    if (size) {
      const phrase = words.slice(i, i + size).join('_');
      // "Did the installation take place in 2011": the event's own noun carries the meaning.
      if (LIGHT.test(phrase)) {
        i += size - 1;
        continue;
      }
      if (!seen.has(phrase)) {
        seen.add(phrase);
        const { related, phrases } = withSenses(askedSenses(question, phrase), relatedWords(phrase).filter((r) => /^[a-z]+$/.test(r)), phrasesOf(phrase));
        // Weighed as the two words it replaces, so a phrase does not shrink the question's content.
        out.push({ stem: phrase, weight: 2, key: false, parts: terms(words.slice(i, i + size).join(' ')), alts: new Set(related.map(stem)), phrases, searchWords: searchWordsOf(phrase, related), family: familyOf(phrase.replace(/_/g, ' ')), word: phrase });
      }
      i += size - 1;
      continue;
    }
    const [s] = terms(w);
    if (s === undefined || seen.has(s) || LIGHT.test(w) || (LIGHT_PARTICLE.test(w) && i > 0 && LIGHT.test(words[i - 1]!))) continue;
    seen.add(s);
    const key = keys.has(s);
    const own = key || !/^[a-z]+$/.test(w) ? [] : relatedWords(w).filter((r) => /^[a-z]+$/.test(r));
    const { related, phrases } = key ? { related: own, phrases: [] } : withSenses(askedSenses(question, w), own, phrasesOf(w));
    out.push({ stem: s, weight: key ? 2 : 1, key, parts: [s], alts: new Set(related.map(stem)), phrases, searchWords: key ? [] : searchWordsOf(w, related), family: key ? null : familyOf(w), word: w });
  }
  return out;
}

/**
 * A word's relatives and phrases with those of the senses the question gives it ("who runs X":
 * responsible for X); a sense goes first, so retrieval looks for it too.
 */
function withSenses(senses: string[], related: string[], phrases: string[][]): { related: string[]; phrases: string[][] } {
  if (senses.length === 0) return { related, phrases };
  return {
    related: [...senses, ...related, ...senses.flatMap((sn) => relatedWords(sn).filter((r) => /^[a-z]+$/.test(r)))],
    phrases: [...phrases, ...senses.flatMap(phrasesOf)],
  };
}

/**
 * The few related words retrieval also looks for: the lexicon's one-word paraphrases first, then derived forms ("weigh" for
 * "weight"), then synonyms; WordNet's order alone put "burthen" before "weigh".
 */
function searchWordsOf(word: string, related: string[]): string[] {
  // Single words only: a phrase's words alone ("go", "service") would fetch too much.
  const lexicon = paraphrasesOf(word).filter((p) => !p.includes(' '));
  const head = word.slice(0, 4);
  const derived = related.filter((r) => r.startsWith(head));
  return [...new Set([...lexicon, ...derived, ...related])].filter((r) => r !== word).slice(0, SEARCH_ALTS);
}

/**
 * The lexicon's phrases for a word ("in charge" for "responsible"), as the stems of their content
 * words: a text says them in several words. (WordNet's own phrases stay out: "put in" lists a
 * dozen idioms such as "break in" whose content word alone would match far too much.)
 */
const phrasesOf = (word: string): string[][] => paraphrasesOf(word).filter((r) => r.includes(' ')).map((r) => terms(r)).filter((t) => t.length > 0);

export interface TextMatch {
  /** Share of the weighted terms matched (0..1). */
  score: number;
  /** The same counting only the question's own words (stems), no relatives. */
  exactScore: number;
  /** Share of the non-key (content) weight matched; 1 when the question has no content words. */
  contentShare: number;
  /** Share of the weight of one-word terms matched only through a related word ("order" for "rate"), not the question's own. */
  relatedShare: number;
  missingKey: boolean;
  matched: string[];
}

const reverseCache = new Map<string, { stems: Set<string>; words: Set<string> }>();
function reverse(token: string): { stems: Set<string>; words: Set<string> } {
  let hit = reverseCache.get(token);
  if (!hit) {
    if (reverseCache.size > 50_000) reverseCache.clear();
    const words = relatedWords(token);
    hit = { stems: new Set(relatedStems(token)), words: new Set(words.map((w) => w.replace(/ /g, '_'))) };
    reverseCache.set(token, hit);
  }
  return hit;
}

/**
 * How well `text` carries the terms; `family`: a span of this unit family is present; `proven`:
 * a span of this answer type is present (its concept words count as matched).
 */
export function matchText(qterms: MatchTerm[], text: string, family: UnitFamily | null, proven: AnswerType | null = null): TextMatch {
  const tokens = tokenize(text);
  const stems = new Set(terms(text));
  // The question's own names ("Pump" of "Pump F-29") are no evidence for its other words ("pump" ~ "handle").
  const names = new Set(qterms.filter((t) => t.key).map((t) => t.stem));
  const words = tokens.filter((t) => /^[a-z]{3,}$/.test(t) && !names.has(stem(t)));
  let total = 0;
  let got = 0;
  let exact = 0;
  let content = 0;
  let contentGot = 0;
  let missingKey = false;
  let related = 0;
  const matched: string[] = [];
  for (const t of qterms) {
    let strength = 0;
    if (t.parts.every((p) => stems.has(p)) || stems.has(t.stem)) {
      strength = 1;
      exact += t.weight;
    }
    else if (t.key) strength = 0;
    // A compound noun whose head the text says ("purchase price" ~ "Price (EUR)") is half said.
    else if (t.parts.length > 1 && stems.has(t.parts.at(-1)!)) strength = HEAD_ONLY;
    else if ((family !== null && t.family === family) || (proven !== null && provedBy(proven, t.word))) strength = 1;
    else if ([...t.alts].some((a) => stems.has(a)) || t.phrases.some((ph) => ph.every((p) => stems.has(p))) || words.some((w) => reverse(w).stems.has(t.stem) || reverse(w).words.has(t.stem))) {
      strength = RELATED;
      // One word's WordNet senses stray far ("order" for "rate"); a phrase's relatives ("commissioned" for "taken into operation") do not.
      if (t.parts.length === 1) related += t.weight;
    }
    total += t.weight;
    got += t.weight * strength;
    if (!t.key) {
      content += t.weight;
      contentGot += t.weight * strength;
    }
    if (strength > 0) matched.push(t.stem.replace(/_/g, ' '));
    else if (t.key) missingKey = true;
  }
  return { score: total === 0 ? 0 : got / total, exactScore: total === 0 ? 0 : exact / total, contentShare: content === 0 ? 1 : contentGot / content, relatedShare: total === 0 ? 0 : related / total, missingKey, matched };
}

/** Whether one word of a text is (or relates to) a question term (where in a sentence the term is said). */
export function wordMatches(t: MatchTerm, token: string): boolean {
  const [s] = terms(token);
  if (s === undefined) return false;
  if (s === t.stem || t.parts.includes(s) || t.alts.has(s)) return true;
  if (t.key || !/^[a-z]{3,}$/.test(token)) return false;
  const r = reverse(token);
  return r.stems.has(t.stem) || r.words.has(t.stem);
}
