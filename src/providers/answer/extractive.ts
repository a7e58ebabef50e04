// The offline engine: no model. Plan = the question's content terms; reading = scoring sentences,
// table cells and chart values by how many question terms they (and their row, column and
// caption) share; answer = the best-supported span of the best evidence, or "not in the
// documents" when no evidence carries every key term of the question and enough of the rest.
import { expandAbbreviations } from './abbreviations.js';
import { copularSubject, exampleIn, itemsAfterVerb, namesOfKind } from './asked-kind.js';
import { questionType, recurrenceAgrees, spanFamily, typedSpans, unitSearchWords, type QuestionType } from './answer-types.js';
import { recurrenceSpans } from './recurrence-clauses.js';
import { bareValueFits, columnUnitFamily, flowColumnAsked, labelAsked, labelSaid, listedValueSays, unitIsProperty } from './labelled-values.js';
import { matchTerms, matchText, type MatchTerm } from './matching.js';
import { definedName, definitionOf } from './definition.js';
import { glossaryAnswer } from './glossary.js';
import { captionOrder, captionRead } from './table-captions.js';
import { extremeRow, isSuperlativeWord, superlativeAsked, type ColumnCell } from './superlatives.js';
import { referenceAsked, referenceIn, sourceAsked, sourceOf } from './table-references.js';
import { byTypeAlone, cellByItsLabels, kindWordOfOtherRole, otherRole } from './typed-fallback.js';
import { otherYearsOnly } from './cell-years.js';
import { cellAsAsked, yearRangesInFull } from './cell-words.js';
import { questionParts, type QuestionPart } from './question-parts.js';
import { technicalWording } from './everyday-verbs.js';
import { inAskedClauses, nearestSpan, valueAfter } from './span-choice.js';
import { byOwnLabels, ownLabelWords, tieByOwnLabels } from './own-labels.js';
import { asksSeveral, listsOfAskedCount, nameLists, withListedNames } from './plural-names.js';
import { isNumeric, stem, terms, tokenize } from './text.js';
import { cells, proseLine, units, type Unit } from './passage-units.js';
import { echoesQuestion, ownWordsFirst } from './own-words.js';
import { checkedValue, HAVING, negated, polarity, statesOtherValue } from './yes-no.js';
import type { AnswerEngine, AnswerMode, CitedEvidence, EvidenceDraft, FinalAnswer, Passage, Plan, Step } from './types.js';

export const NOT_FOUND_TEXT = 'The documents do not contain the answer to this question.';
/** What a multi-part answer says for a part nothing answers. */
export const PART_NOT_FOUND = 'not in the documents';

export interface ExtractiveOptions {
  /** Minimum share of the question's (weighted) terms an evidence must match to answer. */
  answerThreshold: number;
  /** Minimum share to be stored as evidence at all. */
  evidenceThreshold: number;
  /** Evidences kept per passage (per part of a multi-part question). */
  perPassage: number;
  /** Share of a typed question's content words a unit must match for its typed span to answer. */
  typedContent: number;
}

// Tuned on the dev split of eval/qa.ts (see docs/benchmarks.md).
export const DEFAULT_EXTRACTIVE: ExtractiveOptions = { answerThreshold: 0.75, evidenceThreshold: 0.34, perPassage: 3, typedContent: 0.5 };

/** Question terms with weights: names and numbers (key terms) count double and must all match. */
export interface WeightedTerms {
  all: Map<string, number>;
  keys: Set<string>;
}

export function questionTerms(question: string): WeightedTerms {
  const all = new Map<string, number>();
  const keys = new Set<string>();
  const words = question.split(/\s+/);
  const capitalised = new Set<string>();
  words.forEach((w, i) => {
    const clean = w.replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '');
    if (clean === '') return;
    if ((i > 0 && /^[A-Z]/.test(clean)) || /\d/.test(clean)) for (const t of tokenize(clean)) capitalised.add(stem(t));
  });
  for (const t of terms(question)) {
    const key = capitalised.has(t);
    all.set(t, key ? 2 : 1);
    if (key) keys.add(t);
  }
  return { all, keys };
}

/** Share of the question's weighted terms found in the text; 0 when a key term is missing. */
export function support(q: WeightedTerms, text: string): { score: number; missingKey: boolean } {
  const have = new Set(terms(text));
  let total = 0;
  let got = 0;
  let missingKey = false;
  for (const [t, w] of q.all) {
    total += w;
    if (have.has(t)) got += w;
    else if (q.keys.has(t)) missingKey = true;
  }
  return { score: total === 0 ? 0 : got / total, missingKey };
}

const WANTS_NUMBER = /^(how (many|much|long|far|old|tall|large|big|heavy)|what (year|percentage|share|number)|when|in which year)\b/i;

/** The answering part of a sentence: the longest run of words the question does not contain. */
export function answerSpan(question: string, q: WeightedTerms, sentence: string): string {
  const words = sentence.split(/\s+/).filter((w) => w !== '');
  const inQuestion = (w: string): boolean => tokenize(w).some((t) => q.all.has(stem(t)));
  const qWords = new Set(tokenize(question));
  const runs: string[][] = [];
  let run: string[] = [];
  for (const w of words) {
    if (inQuestion(w) || tokenize(w).every((t) => qWords.has(t))) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(w);
  }
  if (run.length) runs.push(run);
  const trimmed = runs
    .map((r) => {
      const STOPISH = /^(is|are|was|were|the|a|an|of|to|in|on|at|by|for|and|with|it|its|has|had|have|this|that|which|about|around|some)$/i;
      let s = 0;
      let e = r.length;
      while (s < e && STOPISH.test(r[s]!.replace(/[^A-Za-z]/g, ''))) s++;
      while (e > s && STOPISH.test(r[e - 1]!.replace(/[^A-Za-z]/g, ''))) e--;
      return r.slice(s, e).join(' ').replace(/^[^A-Za-z0-9$€£]+|[^A-Za-z0-9%]+$/g, '');
    })
    .filter((s) => s !== '');
  if (trimmed.length === 0) return sentence.replace(/[.!?]$/, '');
  const wantsNumber = WANTS_NUMBER.test(question.trim());
  const rank = (s: string): number => (wantsNumber && /\d/.test(s) ? 100 : 0) + tokenize(s).length;
  return trimmed.reduce((best, s) => (rank(s) > rank(best) ? s : best));
}

/** A question part ready to match: its type, its weighted terms with their related stems. */
interface PreparedPart {
  text: string;
  type: QuestionType;
  terms: MatchTerm[];
}

function preparePart(asked: QuestionPart): PreparedPart {
  // "How long can X run" asks how long it lasts (everyday-verbs.ts).
  const part = { text: technicalWording(asked.text), context: technicalWording(asked.context) };
  const type = questionType(part.text);
  const own = matchTerms(part.text, type.cue).filter((t) => type.type !== 'yes/no' || !HAVING.test(t.word));
  // A later part borrows the first part's names and numbers, and its content when it has none.
  const borrowed = part.context ? matchTerms(part.context, questionType(part.context).cue) : [];
  const hasContent = own.some((t) => !t.key);
  // A part that names its own subject ("..., and how often is Boiler A-19 inspected?") borrows none.
  const hasKeys = own.some((t) => t.key);
  // "how heavy is it" or "where is it" is complete with the subject; "in which year" or "when
  // was that" also needs the first part's verb.
  const needsContent = !hasContent && ['year', 'date', 'text'].includes(type.type);
  const extra = borrowed.filter((b) => ((b.key && !hasKeys) || needsContent) && !own.some((o) => o.stem === b.stem));
  return { text: part.text, type, terms: [...own, ...extra] };
}

/** Answer types whose spans are names: their words are the answer, not the question's wording. */
const NAME_TYPES = new Set<QuestionType['type']>(['person', 'organisation', 'agent', 'place']);

interface Candidate {
  /** 0..1: how well the unit answers the part (>= the answer threshold: it may answer). */
  score: number;
  span: string | null;
  /** A span of the expected type where too little of the wording matched (EvidenceDraft.typedSpan, typedTier). */
  typedSpan?: string;
  typedTier?: 1;
  matched: string[];
  missingKey: boolean;
}

/**
 * How a unit answers a part. Names and numbers of the question must all be there. A typed part
 * (year, money, ...) answers with a span of its type when at least half its content matches; a
 * yes/no part with Yes or No from the sentence's negation; a free-text part as before.
 */
function candidate(part: PreparedPart, unitAsRead: Unit, question: string, options: ExtractiveOptions): Candidate {
  // A cell's short header words ("Brg. temp") are read as the question words they abbreviate, its
  // labels with the question's words for them ("United Kingdom" ~ UK, "3-year-olds" ~ three, "Male" ~ boys).
  const unit = unitAsRead.kind === 'cell' ? { ...unitAsRead, text: cellAsAsked(expandAbbreviations(unitAsRead.text, part.text), part.text) } : unitAsRead;
  // A heading question says what its answer sentence is about, but not which value of a type it gives (a count, a sum).
  const said = `${unit.text} ${unit.context} ${captionRead(part.terms, unit) ? (unit.caption ?? '') : ''}${part.type.type === 'text' && unit.asked ? ` ${unit.asked}` : ''}`;
  // A table's "2005-08" covers 2008 too ("How many ... from 2005 to 2008?").
  const text = unit.kind === 'cell' ? yearRangesInFull(said) : said;
  const spans = (unit.kind === 'sentence' || unit.listed === true) && !recurrenceAgrees(part.type, unit.text) ? (unit.kind === 'sentence' ? recurrenceSpans(part.type, unit.text, typedSpans(part.type, unit.text)) : []) : unit.kind === 'cell' ? (unit.span !== null && cellFits(part.type, unit) ? [{ text: unit.span, start: 0 }] : []) : typedSpans(part.type, unit.text);
  // A span that repeats the question (its own year or name) is not an answer to it.
  const qTokens = new Set(tokenize(question));
  // "Who is the main provider of X?": the subject of "... is the main provider of X" when no name is there.
  const subject = spans.length === 0 && unit.kind === 'sentence' && NAME_TYPES.has(part.type.type) ? copularSubject(part.text, unit.text) : null;
  const unrepeated = (subject ? [subject] : spans).filter((sp) => !tokenize(sp.text).every((t) => qTokens.has(t)));
  // In a sentence of several clauses, only a span in a clause that says the asked property answers.
  const fresh = unit.kind === 'sentence' ? inAskedClauses(unrepeated, unit.text, part.terms) : unrepeated;
  // The unit of a typed span proves the property it measures ("4,868 kg" is a weight).
  const family = fresh.length ? part.type.family : null;
  // A name that may be the answer is not evidence for the question's words: "Industrial" in
  // "Norhavvas Industrial Services" does not say the company manufactured anything.
  const wording = NAME_TYPES.has(part.type.type) ? fresh.reduce((s, sp) => s.split(sp.text).join(' '), text) : text;
  const read = matchText(part.terms, wording, family, fresh.length ? part.type.type : null);
  // A table value whose own labels name other years than the asked one is about those years, whatever its caption spans.
  const otherYear = unit.kind === 'cell' && otherYearsOnly(part.text, unit.text);
  const m = otherYear ? { ...read, missingKey: true } : read;
  const full = m.missingKey ? Math.min(m.score, options.answerThreshold - 0.01) : m.score;
  if (m.missingKey && part.type.type === 'yes/no') {
    const no = checkedOtherwise(part, unit, question, options);
    if (no) return no;
  }
  if (m.missingKey) return { score: full, span: null, matched: m.matched, missingKey: true };
  const t = part.type.type;
  if (t === 'text') {
    // The question's own words answer as before; with related words, half the content must be there.
    // "What were the total liabilities of X?": a sum said right after the asked word answers it.
    // ("Which bank ..." asks for a name, so only "what" questions.)
    // "Which three states ...?": the list of names nearest the asked words.
    const lists = unit.kind === 'sentence' && unit.span === null && asksSeveral(part.text) ? listsOfAskedCount(part.text, nameLists(unit.text, qTokens)) : [];
    // "What do fees include?": the words after the verb; "an example of X?": what "e.g." gives; "Which ministry ...?": the nearest name of that kind.
    const kinds = unit.kind === 'sentence' && unit.span === null ? namesOfKind(part.text, unit.text) : [];
    const items = unit.kind === 'sentence' && unit.span === null ? (itemsAfterVerb(part.text, unit.text) ?? exampleIn(part.text, unit.text)) : null;
    const span = unit.span ?? (lists.length ? nearestSpan(lists, unit.text, part.terms).text : null) ?? items ?? (kinds.length ? nearestSpan(kinds, unit.text, part.terms).text : null) ?? (unit.kind === 'sentence' && /^\s*what\b/i.test(part.text) ? valueAfter(unit.text, part.terms) : null) ?? answerSpan(question, questionTermsOf(part), unit.text);
    // A text that says nothing the question does not (a heading that is the asset's name) answers nothing.
    const echo = echoesQuestion(span, part.terms, qTokens);
    // Names alone do not answer from a sentence: one about the asset that shares none of the
    // question's other words ("colour") is about something else; a table cell only when the
    // question names its column too ("the Q2 output of East Shaft" is "East Shaft, Q2: 25").
    const header = new Set(terms(/,\s*([^,:]+):/.exec(unit.text)?.[1] ?? ''));
    // A table cell read with its caption must itself (row or column) say something the question does.
    const own = unit.kind !== 'cell' || `${unit.context}${unit.caption ?? ''}` === '' || matchText(part.terms, unit.text, null, null).matched.length > 0;
    const named = own && (m.contentShare > 0 || (unit.kind === 'cell' && part.terms.some((t) => t.key && header.has(t.stem))));
    const scored = !echo && named && (m.exactScore >= options.answerThreshold || m.contentShare >= options.typedContent) ? full : Math.min(full, options.answerThreshold - 0.01);
    // A form's "label: value" line whose label the question says word for word answers it, though
    // the question also names what the form is about ("the race or ethnicity of the child").
    const score = !echo && unit.listed === true && labelSaid(unit.text, part.terms) ? Math.max(scored, options.answerThreshold) : scored;
    // "What does RPK stand for?": a key or glossary line that defines the term answers with its meaning.
    // "Which table shows X?": only a caption or a sentence that gives a label of that kind answers, with the label.
    const kind = referenceAsked(part.text);
    if (kind !== null) {
      // A table value's caption names the table it is in.
      const label = unit.kind === 'sentence' || unit.listed === true ? referenceIn(kind, unit.text) : referenceIn(kind, `${unit.context} ${unit.caption ?? ''}`);
      return label !== null && !echo && m.contentShare > 0 ? { score: full, span: label, matched: m.matched, missingKey: false } : { score: Math.min(full, options.answerThreshold - 0.01), span: null, matched: m.matched, missingKey: false };
    }
    // "What is the source of the X table?": only a "Source:" line answers, read with its table's caption.
    if (sourceAsked(part.text)) {
      const from = unit.kind === 'sentence' || unit.listed === true ? sourceOf(unit.text) : null;
      return from !== null ? { score: full, span: from, matched: m.matched, missingKey: false } : { score: Math.min(full, options.answerThreshold - 0.01), span: null, matched: m.matched, missingKey: false };
    }
    const meaning = unit.kind === 'sentence' || unit.listed === true ? glossaryAnswer(question, unit.text) : null;
    if (meaning !== null) return { score: Math.max(full + 0.02, options.answerThreshold + 0.01), span: meaning, matched: m.matched, missingKey: false };
    // "What is P-101?": the sentence that defines the name answers; one that only mentions it
    // ranks below it (and still answers when nothing defines the name).
    const defined = definedName(question);
    if (defined !== null && unit.kind === 'sentence') {
      const definition = definitionOf(defined, unit.text);
      if (definition !== null) return { score, span: definition.replace(/^(?:a|an|the)\s+/i, ''), matched: m.matched, missingKey: false };
      return { score: score * 0.95, span, matched: m.matched, missingKey: false };
    }
    return { score: ownWordsFirst(unit.kind, score, m.relatedShare, options.answerThreshold), span, matched: m.matched, missingKey: false };
  }
  if (t === 'yes/no') {
    if (m.contentShare < options.typedContent || full < options.answerThreshold) return { score: Math.min(full, options.answerThreshold - 0.01), span: null, matched: m.matched, missingKey: false };
    return { score: full, span: polarity(unit.text, question), matched: m.matched, missingKey: false };
  }
  // A question that names the unit ("how many cubic metres per hour") is answered by a span in it.
  // (A table value fits by its header's unit, checked by bareValueFits.)
  // Years, months and hours measure many properties (a warranty, a life, an interval): a time unit
  // names none without some of the wording, unless a column's property is that unit itself ("Hours").
  const unitProperty = unit.kind === 'cell' && part.type.unitWord !== undefined && unitIsProperty(part.type.unitWord, unit.text, part.text);
  // "Which countries ...?": a name that opens a list of names answers with the whole list.
  const chosen = (): string => {
    const sp = nearestSpan(fresh, unit.text, part.terms);
    return unit.kind === 'sentence' && NAME_TYPES.has(t) && asksSeveral(part.text) ? withListedNames(sp, unit.text) : sp.text;
  };
  const unitMatch = part.type.unitNamed && fresh.length > 0 && (unit.kind === 'cell' || spanFamily(fresh[0]!.text) === part.type.family) && (part.type.family !== 'time' || m.contentShare > 0 || unitProperty);
  // "Its installation dates from 2006" says only the kind ("date") of "the commissioning date": another fact.
  const otherFact = fresh.length > 0 && kindWordOfOtherRole(part, m.matched, unit.text);
  if (fresh.length && (m.contentShare >= options.typedContent || unitMatch) && !otherFact) {
    // A typed answer ranks above any sentence fallback; among typed ones, by support. A table
    // value whose row and header name nothing the question asks (only its unit fits: "cost" and
    // a "Spare parts (EUR)" column) is no answer: the purchase price may simply not be given.
    // The caption names the whole table by its own words ("Output by site"); a word merely related
    // to one of them ("figures" ~ "cost") does not name this value.
    const caption = new Set(terms(`${unit.context} ${unit.caption ?? ''}`));
    const captionNames = part.terms.some((t) => !t.key && (caption.has(t.stem) || (t.parts.length > 0 && t.parts.every((p) => caption.has(p)))));
    // A listed value that carries its own unit of the asked family ("Capacity: 655 m3/h") names its property.
    const valueFamily = spanFamily(fresh[0]!.text);
    const ownUnit = unit.listed === true && valueFamily !== null && (part.type.family === null || valueFamily === part.type.family);
    // A column in a unit of the asked measure ("Motor (kW)" for "how much power") or a flow per the asked time names its values.
    const measured = (t === 'rate' && flowColumnAsked(part.text, unit.text)) || (t === 'quantity' && part.type.family !== null && columnUnitFamily(unit.text) === part.type.family);
    const unnamed = unit.kind === 'cell' && !ownUnit && !measured && m.contentShare > 0 && matchText(part.terms, unit.text, null, null).contentShare === 0 && !captionNames;
    if (!unnamed) return { score: options.answerThreshold + (1 - options.answerThreshold) * (0.5 + 0.5 * ownWordsFirst(unit.kind, full, m.relatedShare, 0)), span: chosen(), matched: m.matched, missingKey: false };
  }
  // Too little of the wording, but a statement with a span of a specific type and some of the
  // content ("between two inspections" ~ "inspection interval"): a fallback the answerer weighs
  // against its rivals. Bare amounts ("how much does it move") are too vague for it.
  // A key-data line ("Price paid: EUR 461,000") is a statement like a sentence when its label says a
  // word of the question; one that says none is about another property ("Manufacturer:" for "which
  // contractor", "Spare parts (EUR)" for "cost").
  // A key-data line whose label or unit says the asked kind ("Site: Kenmo" for "where") may answer by type alone.
  const says = unit.listed === true && fresh.length > 0 && listedValueSays(part.type, unit.text, fresh[0]!.text);
  const specific = !['amount', 'count'].includes(t) && (unit.kind === 'sentence' || (unit.listed === true && (labelAsked(unit.text, question) || says)));
  const stated = specific && fresh.length && ((m.contentShare > 0 && !otherFact) || (says && !otherRole(part.text, unit.text, t))) ? chosen() : specific && m.contentShare === 0 && !otherRole(part.text, unit.text, t) ? byTypeAlone(part.type, unit.text, qTokens) : undefined;
  const cellTyped = stated === undefined ? cellByItsLabels(part, unit, fresh) : undefined;
  const typedSpan = stated ?? cellTyped;
  // Nothing of the type here: the sentence stays evidence but cannot answer (a sentence about
  // the installer does not answer "which year"; the answer is then "not found").
  return { score: Math.min(full, options.answerThreshold - 0.01), span: null, typedSpan, ...(cellTyped !== undefined ? { typedTier: 1 as const } : {}), matched: m.matched, missingKey: false };
}

/** Whether a cell's value fits the type by its row and column, or (a percentage, a sum of money) by its table's caption: "Ratios (%)", "(EURm)". */
function cellFits(type: QuestionType, unit: Unit): boolean {
  if (unit.span === null) return false;
  if (bareValueFits(type, unit.span, unit.text)) return true;
  const context = `${unit.context} ${unit.caption ?? ''}`.trim();
  return (type.type === 'percentage' || type.type === 'money') && context !== '' && bareValueFits(type, unit.span, context);
}

/**
 * A yes/no part that checks a value ("Was X installed by Norrland Mechanical?") against a
 * statement that lacks only that value: No when the statement says the same of the same subject
 * with another value of the kind in its place ("X was installed by Vasbrek Montage.").
 */
function checkedOtherwise(part: PreparedPart, unit: Unit, question: string, options: ExtractiveOptions): Candidate | null {
  if (unit.kind !== 'sentence') return null;
  const text = `${unit.text} ${unit.context}`;
  const first = matchText(part.terms, text, null, null);
  const missing = part.terms.filter((t) => t.key && !first.matched.includes(t.stem)).map((t) => t.stem);
  const value = checkedValue(part.text, missing);
  if (!value) return null;
  // The rest of the question (its subject and what is said of it) must be there in full.
  const rest = part.terms.filter((t) => !(t.key && value.stems.has(t.stem)));
  if (!rest.some((t) => t.key)) return null;
  const m = matchText(rest, text, null, null);
  if (m.missingKey || m.contentShare < options.typedContent || m.score < options.answerThreshold) return null;
  if (!statesOtherValue(value, unit.text, question)) return null;
  return { score: m.score, span: negated(question) ? 'Yes' : 'No', matched: m.matched, missingKey: false };
}

/** The old weighted-terms view of a part (for the free-text span). */
function questionTermsOf(part: PreparedPart): WeightedTerms {
  const all = new Map<string, number>();
  const keys = new Set<string>();
  for (const t of part.terms) {
    all.set(t.stem, t.weight);
    if (t.key) keys.add(t.stem);
  }
  return { all, keys };
}

/**
 * "Total" is no content word (it says nothing of what is counted), yet it tells rows apart: a
 * question asking for a total prefers the table's total row, any other question another row.
 */
export function totalsAgree(part: string, unit: { kind: string; text: string }, c: Candidate): Candidate {
  if (unit.kind !== 'cell' || c.span === null) return c;
  // A row labelled "All" or "Overall" alone is a total too ("All, Non-Hispanic white, Female"), asked as "across all ages".
  const totalRow = /^(?:grand\s+)?total\b|^(?:all(?:\s+ages)?|overall)\s*[,:]/i.test(unit.text.trim());
  const asked = /\b(?:total|overall|altogether)\b|\b(?:across|for|of|in)\s+all\b|\ball\s+ages\b/i.test(part);
  if (totalRow === asked) return asked ? { ...c, score: c.score + 0.01 } : c;
  return { ...c, score: c.score - 0.01 };
}

/** "not", "no" (not "No." for number), "never", "without", "-n't": a phrase said in the negative. */
const NEGATIVE = /\b(?:not|never|without)\b|\bno\b(?!\.)|n't\b/i;

/**
 * Table columns or rows that differ only by a negative ("Schools Identified" / "Schools Not
 * Identified Under NCLB", "Some" / "No Year 1 Head Start Participation") share every content
 * word: a value whose labels say as many negatives as the question goes first.
 */
export function negationsAgree(part: string, unit: { kind: string; text: string }, c: Candidate): Candidate {
  if (unit.kind !== 'cell' || c.span === null) return c;
  const cut = unit.text.lastIndexOf(': ');
  // A bracketed note on a label ("Exhausted (not from physical activity)") says nothing of its value.
  const labels = (cut > 0 ? unit.text.slice(0, cut) : '').replace(/\([^()]*\)/g, '');
  const count = (text: string): number => text.match(new RegExp(NEGATIVE.source, 'gi'))?.length ?? 0;
  return count(labels) === count(part) ? c : { ...c, score: c.score - 0.01 };
}

/**
 * A part nothing answers outright: the evidence with a span of the expected type that matched the
 * most of the question, when it is the only best one. The type already rules out every span that
 * cannot be the answer; among those left, the text that shares the most with the question wins,
 * and a tie between different spans is no answer (it would be a guess).
 */
function typedFallback(evidences: CitedEvidence[], part: number): CitedEvidence | undefined {
  // A statement's typed span goes before a table value read by its labels alone (typedTier 1).
  const all = evidences.filter((e) => (e.part ?? 0) === part && e.typedSpan !== undefined);
  const stated = all.filter((e) => e.typedTier === undefined);
  const typed = (stated.length > 0 ? stated : all).sort((a, b) => b.score - a.score);
  const [best, next] = typed;
  if (!best) return undefined;
  // A tie is no answer, unless table values alone tie and one answer's own labels say the most of the question.
  if (next && next.score >= best.score - 1e-9 && next.typedSpan !== best.typedSpan) return tieByOwnLabels(typed.filter((e) => e.score >= best.score - 1e-9));
  return best;
}

/**
 * "Which retailer had the highest own brand share in 1996?": the row label beside the extreme of
 * the page's table column the question names (superlatives.ts), read from the whole page's cells.
 */
function columnExtreme(part: PreparedPart, passage: Passage, options: ExtractiveOptions): Omit<EvidenceDraft, 'documentId' | 'pageNumber'> | null {
  const direction = part.type.type === 'text' ? superlativeAsked(part.text) : null;
  if (direction === null) return null;
  const wanted = part.terms.filter((t) => !isSuperlativeWord(t.word));
  const read: Array<ColumnCell & { unit: Unit }> = [];
  // A table under a section heading ("Federal Citizen Services Fund", then its "Program / Budget"
  // table) is that section's: the short heading lines above the table name its rows' subject too.
  const headings = (top: number): string =>
    passage.pageLines
      .filter((l) => l.bbox !== null && l.bbox[3] <= top && !proseLine(l.text) && !/[.!?]$/.test(l.text.trim()) && !isNumeric(l.text) && l.text.trim().split(/\s+/).length <= 8)
      .map((l) => l.text.trim())
      .join(' ');
  for (const unit of cells(passage.pageLines, passage.pageLines)) {
    if (unit.row === undefined || unit.column === undefined || unit.span === null) continue;
    const m = matchText(wanted, `${unit.text} ${unit.context} ${headings(unit.bboxes[0]?.[1] ?? 0)}`, null, null);
    // The column must say some of what is compared; the cell with its caption most of the question.
    if (m.missingKey || m.score < options.evidenceThreshold || matchText(wanted, unit.column, null, null).contentShare === 0) continue;
    const box = unit.bboxes[0];
    read.push({ row: unit.row, column: unit.column, value: unit.span, score: m.score, unit, ...(box ? { x: [box[0], box[2]] as [number, number] } : {}) });
  }
  const top = extremeRow(read, direction);
  if (!top || top.score < options.answerThreshold) return null;
  const { unit } = read.find((c) => c === top)!;
  return {
    evidence: unit.context ? `${unit.text} (${unit.context})` : unit.text,
    reasoning: `The ${direction === 'max' ? 'largest' : 'smallest'} value of its column ("${top.column}", ${read.length} values read)`,
    bboxes: unit.bboxes,
    score: top.score,
    span: top.row,
  };
}

export class ExtractiveEngine implements AnswerEngine {
  readonly provider = 'offline';

  constructor(private readonly options: ExtractiveOptions = DEFAULT_EXTRACTIVE) {}

  plan(question: string): Promise<Step<Plan>> {
    const parts = questionParts(question);
    const search = tokenize(question).filter((t) => terms(t).length > 0);
    // Retrieval also looks for what the text may say instead ("put in" -> install).
    for (const part of parts.map(preparePart)) {
      for (const t of part.terms) if (!t.key) search.push(...t.searchWords);
      // A quantity is written with its unit ("How heavy ..." finds "1,673 kg").
      if (part.type.type === 'quantity' && part.type.family) search.push(...unitSearchWords(part.type.family));
    }
    return Promise.resolve({ value: { sub_questions: parts.map((p) => p.text), search_terms: [...new Set(search)].slice(0, 24) }, usage: null });
  }

  read(question: string, _plan: Plan, passage: Passage): Promise<Step<EvidenceDraft[]>> {
    const parts = questionParts(question).map(preparePart);
    const all = units(passage);
    const out: EvidenceDraft[] = [];
    // A single-part question is scored as a whole, in the words documents use (everyday-verbs.ts).
    const whole = parts.length > 1 ? undefined : technicalWording(question);
    parts.forEach((part, index) => {
      const scored: EvidenceDraft[] = [];
      for (const unit of all) {
        const scoredUnit = captionOrder(part.terms, unit, negationsAgree(part.text, unit, totalsAgree(part.text, unit, candidate(part, unit, whole ?? part.text, this.options))));
        // The same value read from the page geometry carries its row and header boxes too: at equal
        // support it goes first (and the page's copy of the caption is then the one kept).
        const c = unit.caption ? { ...scoredUnit, score: scoredUnit.score - 1e-6 } : scoredUnit;
        if (c.score < this.options.evidenceThreshold) continue;
        const what = unit.kind === 'cell' ? 'Table or chart value' : 'Sentence';
        const typed = part.type.type === 'text' ? '' : `; expected ${part.type.type}${part.type.family ? ` (${part.type.family})` : ''}: ${c.span ?? 'none here'}`;
        scored.push({
          evidence: unit.context ? `${unit.text} (${unit.context})` : unit.text,
          reasoning: `${what} matching ${c.matched.length} of ${part.terms.length} question terms (${c.matched.join(', ')})${c.missingKey ? '; a name or number of the question is missing' : ''}${typed}${parts.length > 1 ? ` [part ${index + 1}: ${part.text}]` : ''}`,
          documentId: passage.documentId,
          pageNumber: passage.pageNumber,
          bboxes: unit.bboxes,
          score: c.score,
          span: c.span,
          part: index,
          ...(c.typedSpan !== undefined ? { typedSpan: c.typedSpan } : {}),
          ...(c.typedTier !== undefined ? { typedTier: c.typedTier } : {}),
          ...(unit.kind === 'cell' && ownLabelWords(part.terms, unit.text) !== undefined ? { ownLabels: ownLabelWords(part.terms, unit.text) } : {}),
        });
      }
      // At equal support a statement with a span of the expected type goes first, and such
      // statements are kept beyond the per-passage limit: the answerer needs every one of them to
      // tell a sole typed answer from a tie.
      const extreme = columnExtreme(part, passage, this.options);
      if (extreme) scored.push({ ...extreme, score: Math.max(extreme.score, ...scored.map((e) => e.score + 0.01)), part: index, documentId: passage.documentId, pageNumber: passage.pageNumber });
      const typed = (e: EvidenceDraft): number => (e.typedSpan !== undefined || e.span !== null ? 0 : 1);
      scored.sort((a, b) => b.score - a.score || typed(a) - typed(b));
      const kept = scored.slice(0, this.options.perPassage);
      out.push(...kept, ...scored.filter((e) => !kept.includes(e) && e.typedSpan !== undefined).slice(0, this.options.perPassage));
    });
    return Promise.resolve({ value: out, usage: null });
  }

  answer(question: string, evidences: CitedEvidence[], mode: AnswerMode): Promise<Step<FinalAnswer>> {
    const parts = questionParts(question);
    // Ties go to evidence that points at the page (has boxes), then to the shorter, more specific one.
    const boxed = (e: CitedEvidence): number => (e.bboxes.length > 0 ? 0 : 1);
    const chosen = parts.map((_, i) =>
      byOwnLabels([...evidences].filter((e) => (e.part ?? 0) === i).sort((a, b) => b.score - a.score || boxed(a) - boxed(b) || a.evidence.length - b.evidence.length || a.id - b.id)),
    );
    const found = chosen.map((e, i) => (e && e.score >= this.options.answerThreshold ? e : typedFallback(evidences, i)));
    if (found.every((e) => e === undefined)) {
      return Promise.resolve({
        value: { text: NOT_FOUND_TEXT, citations: [], supported: true, not_found: true, engine: this.provider, model: null },
        usage: null,
      });
    }
    // A sentence without a typed span (span null) is answered whole, as in detailed mode.
    const texts = found.map((e) => (e === undefined ? PART_NOT_FOUND : mode === 'detailed' ? e.evidence : (e.span ?? e.typedSpan ?? e.evidence)));
    const citations = [...new Set(found.flatMap((e) => (e ? [e.id] : [])))];
    return Promise.resolve({
      value: { text: texts.join('; '), citations, supported: true, not_found: false, engine: this.provider, model: null },
      usage: null,
    });
  }
}
