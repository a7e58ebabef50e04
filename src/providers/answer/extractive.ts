// The offline engine: no model. Plan = the question's content terms; reading = scoring sentences,
// table cells and chart values by how many question terms they (and their row, column and
// caption) share; answer = the best-supported span of the best evidence, or "not in the
// documents" when no evidence carries every key term of the question and enough of the rest.
import type { BBox } from '../../pipeline/types.js';
import { isNumeric, stem, terms, tokenize } from './text.js';
import type { AnswerEngine, AnswerMode, CitedEvidence, EvidenceDraft, FinalAnswer, Passage, PassageLine, Plan, Step } from './types.js';

export const NOT_FOUND_TEXT = 'The documents do not contain the answer to this question.';

export interface ExtractiveOptions {
  /** Minimum share of the question's (weighted) terms an evidence must match to answer. */
  answerThreshold: number;
  /** Minimum share to be stored as evidence at all. */
  evidenceThreshold: number;
  /** Evidences kept per passage. */
  perPassage: number;
}

// Tuned on the dev split of eval/qa.ts (see docs/benchmarks.md).
export const DEFAULT_EXTRACTIVE: ExtractiveOptions = { answerThreshold: 0.75, evidenceThreshold: 0.34, perPassage: 3 };

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

interface Unit {
  text: string;
  context: string;
  bboxes: BBox[];
  span: string | null;
  kind: 'sentence' | 'cell';
}

const ENDS_SENTENCE = /[.!?:;]$/;

/** Sentences of the chunk's lines; a line that does not end a sentence continues into a lower-case next line. */
function sentences(lines: PassageLine[]): Unit[] {
  const groups: Array<{ text: string; bboxes: BBox[] }> = [];
  for (const line of lines) {
    const text = line.text.trim();
    if (text === '') continue;
    const last = groups.at(-1);
    if (last && !ENDS_SENTENCE.test(last.text) && /^[a-z]/.test(text)) {
      last.text += ` ${text}`;
      if (line.bbox) last.bboxes.push(line.bbox);
    } else groups.push({ text, bboxes: line.bbox ? [line.bbox] : [] });
  }
  const out: Unit[] = [];
  for (const g of groups) {
    for (const s of g.text.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)) {
      if (s.trim() !== '') out.push({ text: s.trim(), context: '', bboxes: g.bboxes, span: null, kind: 'sentence' });
    }
  }
  return out;
}

const cy = (b: BBox): number => (b[1] + b[3]) / 2;
const overlapX = (a: BBox, b: BBox): number => Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
const height = (b: BBox): number => b[3] - b[1];

/**
 * A numeric line, or a line whose text ends in a number after a label (a narrow first column
 * runs the row label and the first cell together): the number with its box (the label's share
 * of the box estimated from the characters) and the label.
 */
function trailingNumber(line: PassageLine): { line: { text: string; bbox: BBox }; label: { text: string; bbox: BBox } | null } | null {
  const text = line.text.trim();
  if (!line.bbox) return null;
  if (isNumeric(text)) return { line: { text, bbox: line.bbox }, label: null };
  const m = /^(.*[A-Za-z].*?)\s+([$€£]?[-+]?\d[\d,]*(?:\.\d+)?%?)$/.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const [x0, y0, x1, y1] = line.bbox;
  const cut = x0 + ((x1 - x0) * (m[1].length + 1)) / text.length;
  return { line: { text: m[2], bbox: [cut, y0, x1, y1] }, label: { text: m[1], bbox: [x0, y0, cut, y1] } };
}

/**
 * Table cells and chart values: a numeric line with its row label (leftmost text on the same
 * row), its column header (nearest text above in the same column) or chart label (nearest text
 * below), and the caption (nearest "Table"/"Figure"/"Chart" line above).
 */
function cells(lines: PassageLine[], page: PassageLine[]): Unit[] {
  const boxed = page.filter((l): l is { text: string; bbox: BBox } => l.bbox !== null && l.text.trim() !== '');
  const out: Unit[] = [];
  // A chunk may end between a row label and its values: a cell counts as the chunk's when the
  // chunk holds its value, its row label or its header.
  const inChunk = new Set(lines.filter((l) => l.bbox).map((l) => `${l.text}|${(l.bbox ?? []).join(',')}`));
  const has = (l: PassageLine | undefined): boolean => l !== undefined && inChunk.has(`${l.text}|${(l.bbox ?? []).join(',')}`);
  for (const pageLine of page) {
    const split = trailingNumber(pageLine);
    if (!split) continue;
    const { line, label } = split;
    const value = line.text;
    const b = line.bbox;
    const tol = height(b) * 0.6;
    const row = boxed.filter((o) => Math.abs(cy(o.bbox) - cy(b)) < tol && o.bbox[2] <= b[0] + 1 && !isNumeric(o.text));
    const rowLabel = label ?? row.sort((x, y) => x.bbox[0] - y.bbox[0])[0];
    const column = boxed.filter((o) => o !== line && overlapX(o.bbox, b) > 0 && !isNumeric(o.text));
    const above = column.filter((o) => o.bbox[3] <= b[1] + 1).sort((x, y) => y.bbox[3] - x.bbox[3]);
    const below = column.filter((o) => o.bbox[1] >= b[3] - 1).sort((x, y) => x.bbox[1] - y.bbox[1]);
    // A table cell has a header above; a chart value (no row label) is named by the label under its bar.
    const header = rowLabel ? above[0] : (below[0] ?? above[0]);
    if (!rowLabel && !header) continue;
    if (!has(pageLine) && !has(rowLabel) && !has(header)) continue;
    const caption = boxed
      .filter((o) => /^(table|figure|fig\.|chart|graph)\b/i.test(o.text.trim()) && o.bbox[3] <= b[1])
      .sort((x, y) => y.bbox[3] - x.bbox[3])[0];
    const name = [rowLabel?.text.trim(), header?.text.trim()].filter((s) => s).join(', ');
    out.push({
      text: `${name}: ${value}`,
      context: caption?.text.trim() ?? '',
      bboxes: [b, ...[rowLabel?.bbox, header?.bbox].filter((x): x is BBox => x !== undefined)],
      span: value,
      kind: 'cell',
    });
  }
  return out;
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

export class ExtractiveEngine implements AnswerEngine {
  readonly provider = 'offline';

  constructor(private readonly options: ExtractiveOptions = DEFAULT_EXTRACTIVE) {}

  plan(question: string): Promise<Step<Plan>> {
    const search = tokenize(question).filter((t) => terms(t).length > 0);
    return Promise.resolve({ value: { sub_questions: [question.trim()], search_terms: [...new Set(search)] }, usage: null });
  }

  read(question: string, _plan: Plan, passage: Passage): Promise<Step<EvidenceDraft[]>> {
    const q = questionTerms(question);
    const scored: EvidenceDraft[] = [];
    for (const unit of [...sentences(passage.lines), ...cells(passage.lines, passage.pageLines)]) {
      const { score, missingKey } = support(q, `${unit.text} ${unit.context}`);
      if (score < this.options.evidenceThreshold) continue;
      const matched = [...q.all.keys()].filter((t) => terms(`${unit.text} ${unit.context}`).includes(t));
      scored.push({
        evidence: unit.context ? `${unit.text} (${unit.context})` : unit.text,
        reasoning: `${unit.kind === 'cell' ? 'Table or chart value' : 'Sentence'} matching ${matched.length} of ${q.all.size} question terms (${matched.join(', ')})${missingKey ? '; a name or number of the question is missing' : ''}`,
        documentId: passage.documentId,
        pageNumber: passage.pageNumber,
        bboxes: unit.bboxes,
        score: missingKey ? Math.min(score, this.options.answerThreshold - 0.01) : score,
        span: unit.span ?? answerSpan(question, q, unit.text),
      });
    }
    scored.sort((a, b) => b.score - a.score);
    return Promise.resolve({ value: scored.slice(0, this.options.perPassage), usage: null });
  }

  answer(question: string, evidences: CitedEvidence[], mode: AnswerMode): Promise<Step<FinalAnswer>> {
    // Ties go to evidence that points at the page (has boxes), then to the shorter, more specific one.
    const boxed = (e: CitedEvidence): number => (e.bboxes.length > 0 ? 0 : 1);
    const best = [...evidences].sort((a, b) => b.score - a.score || boxed(a) - boxed(b) || a.evidence.length - b.evidence.length || a.id - b.id)[0];
    if (!best || best.score < this.options.answerThreshold) {
      return Promise.resolve({
        value: { text: NOT_FOUND_TEXT, citations: [], supported: true, not_found: true, engine: this.provider, model: null },
        usage: null,
      });
    }
    const text = mode === 'detailed' ? best.evidence : (best.span ?? best.evidence);
    return Promise.resolve({
      value: { text, citations: [best.id], supported: true, not_found: false, engine: this.provider, model: null },
      usage: null,
    });
  }
}
