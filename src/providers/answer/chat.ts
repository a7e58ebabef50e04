// The model-backed engine over any ChatModel (OpenAI-compatible servers, Anthropic). Each step is
// one JSON-mode call; what the model says is grounded before it is kept: a quoted evidence must
// occur in the passage, and the final answer's names and numbers must occur in the evidence it
// cites (otherwise `supported` is false).
import type { BBox } from '../../pipeline/types.js';
import { isRecord } from '../llm/http.js';
import type { ChatModel } from '../llm/types.js';
import { NOT_FOUND_TEXT } from './extractive.js';
import { tokenize } from './text.js';
import type { AnswerEngine, AnswerMode, CitedEvidence, EvidenceDraft, FinalAnswer, Passage, Plan, Step, Usage } from './types.js';

const SYSTEM = [
  'You answer questions strictly from the document passages you are given.',
  'Never use outside knowledge; if the passages do not contain the answer, say so.',
  'Reply with a single JSON object only.',
].join(' ');

/** The first JSON object in a reply (reasoning blocks and code fences removed). */
export function parseJsonObject(raw: string): Record<string, unknown> | null {
  const text = raw.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const squash = (s: string): string => tokenize(s).join(' ');

/** Names and numbers of an answer that its cited evidence must contain. */
export function ungroundedTokens(answer: string, evidence: string): string[] {
  const have = new Set(tokenize(evidence));
  const needs = answer
    .split(/\s+/)
    .filter((w) => /\d/.test(w) || /^[A-Z][a-z]/.test(w))
    .flatMap((w) => tokenize(w));
  return needs.filter((t) => !have.has(t));
}

export class ChatAnswerEngine implements AnswerEngine {
  readonly provider: string;

  constructor(private readonly model: ChatModel) {
    this.provider = model.provider;
  }

  async #ask(prompt: string, signal?: AbortSignal): Promise<{ obj: Record<string, unknown> | null; usage: Usage }> {
    const r = await this.model.complete({ system: SYSTEM, prompt, json: true, temperature: 0, maxTokens: 1024, signal });
    return { obj: parseJsonObject(r.text), usage: { provider: this.model.provider, model: this.model.model, tokensIn: r.tokensIn, tokensOut: r.tokensOut } };
  }

  async plan(question: string, signal?: AbortSignal): Promise<Step<Plan>> {
    const { obj, usage } = await this.#ask(
      [
        'Plan how to answer this question from a document collection.',
        'Return {"sub_questions": string[], "search_terms": string[]}: the sub-questions to answer, and 3 to 10 keywords to search for.',
        `Question: ${question}`,
      ].join('\n'),
      signal,
    );
    const sub = strings(obj?.sub_questions);
    const search = strings(obj?.search_terms);
    return {
      value: { sub_questions: sub.length ? sub : [question], search_terms: search.length ? search : tokenize(question) },
      usage,
    };
  }

  async read(question: string, _plan: Plan, passage: Passage, signal?: AbortSignal): Promise<Step<EvidenceDraft[]>> {
    const numbered = passage.lines.map((l, i) => `[${i + 1}] ${l.text}`).join('\n');
    const { obj, usage } = await this.#ask(
      [
        `Question: ${question}`,
        `Passage (document page ${passage.pageNumber}, numbered lines):`,
        numbered,
        'Return {"evidences": [{"quote": string, "reasoning": string, "lines": number[]}]}: exact quotes from the passage that help answer the question, why, and their line numbers. Return {"evidences": []} if nothing helps.',
      ].join('\n'),
      signal,
    );
    const passageText = squash(passage.lines.map((l) => l.text).join(' '));
    const out: EvidenceDraft[] = [];
    const items = Array.isArray(obj?.evidences) ? obj.evidences : [];
    for (const item of items) {
      if (!isRecord(item) || typeof item.quote !== 'string' || item.quote.trim() === '') continue;
      // A quote that is not in the passage is not evidence.
      if (!passageText.includes(squash(item.quote))) continue;
      const lineNumbers = Array.isArray(item.lines) ? item.lines.filter((n): n is number => Number.isInteger(n)) : [];
      const bboxes = lineNumbers.map((n) => passage.lines[n - 1]?.bbox).filter((b): b is BBox => b !== undefined && b !== null);
      out.push({
        evidence: item.quote.trim(),
        reasoning: typeof item.reasoning === 'string' ? item.reasoning : '',
        documentId: passage.documentId,
        pageNumber: passage.pageNumber,
        bboxes,
        score: 1,
        span: null,
      });
    }
    return { value: out, usage };
  }

  async answer(question: string, evidences: CitedEvidence[], mode: AnswerMode, signal?: AbortSignal): Promise<Step<FinalAnswer>> {
    const base = { engine: this.provider, model: this.model.model };
    if (evidences.length === 0) {
      return { value: { ...base, text: NOT_FOUND_TEXT, citations: [], supported: true, not_found: true }, usage: null };
    }
    const { obj, usage } = await this.#ask(
      [
        `Question: ${question}`,
        'Evidence (id: text):',
        ...evidences.map((e) => `${e.id}: ${e.evidence}`),
        mode === 'concise' ? 'Answer in as few words as possible.' : 'Answer in one to three sentences.',
        'Return {"answer": string, "citations": number[], "not_found": boolean}: citations are the ids of the evidence the answer rests on; not_found is true when the evidence does not answer the question.',
      ].join('\n'),
      signal,
    );
    if (obj?.not_found === true) return { value: { ...base, text: NOT_FOUND_TEXT, citations: [], supported: true, not_found: true }, usage };
    const text = typeof obj?.answer === 'string' ? obj.answer.trim() : '';
    const known = new Set(evidences.map((e) => e.id));
    const raw: unknown[] = Array.isArray(obj?.citations) ? (obj.citations as unknown[]) : [];
    const citations = [...new Set(raw.filter((n): n is number => typeof n === 'number' && Number.isInteger(n) && known.has(n)))];
    const cited = evidences.filter((e) => citations.includes(e.id)).map((e) => e.evidence).join(' ');
    const supported = text !== '' && citations.length > 0 && ungroundedTokens(text, cited).length === 0;
    return { value: { ...base, text, citations, supported, not_found: false }, usage };
  }
}
