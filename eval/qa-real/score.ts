// Scoring of eval/qa-real.ts: an answer is right when it is short enough to be an answer and
// states the gold (tokens, parts, a number within tolerance, or the yes/no word).
import { normalizeAnswer } from '../../src/providers/answer/text.js';
import type { RealQuestion } from './questions.js';

/** Longer answers are page dumps, not answers, even when they hold the gold. */
const MAX_TOKENS = 40;

/** Numbers as written in English or European documents: 1,234.5 / 1 234 / 0,0001 / 2 million. */
export function numbersIn(text: string): number[] {
  const out: number[] = [];
  const re = /(?<![\d.,])(\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?![\d])(\s*(?:million|billion))?/gi;
  for (const m of text.matchAll(re)) {
    const raw = m[1]!;
    // Comma or space followed by three-digit groups: thousands; otherwise a comma is a decimal point.
    const value = /^\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?$/.test(raw) ? Number(raw.replace(/[ ,]/g, '')) : Number(raw.replace(',', '.'));
    const scale = /million/i.test(m[2] ?? '') ? 1e6 : /billion/i.test(m[2] ?? '') ? 1e9 : 1;
    if (Number.isFinite(value)) out.push(value * scale);
  }
  return out;
}

const holds = (got: string[], gold: string): boolean => normalizeAnswer(gold).every((t) => got.includes(t));

/** Whether `answer` answers `q` (see the header); `concise` also bounds its length by the gold's. */
export function scoreAnswer(q: RealQuestion, answer: string): { right: boolean; concise: boolean } {
  const got = normalizeAnswer(answer);
  if (got.length === 0 || got.length > MAX_TOKENS) return { right: false, concise: false };
  if (q.yesNo) {
    const right = got[0] === q.yesNo;
    return { right, concise: right };
  }
  if (q.num !== undefined) {
    const asked = new Set(numbersIn(q.question));
    const first = numbersIn(answer).find((n) => !asked.has(n));
    const right = first !== undefined && Math.abs(first - q.num) <= (q.tol ?? 0) + 1e-12;
    return { right, concise: right && got.length <= normalizeAnswer(String(q.num)).length + 4 };
  }
  const parts = q.parts ?? (q.any ? [q.any] : []);
  if (parts.length === 0) return { right: false, concise: false };
  let goldLen = 0;
  for (const alternatives of parts) {
    const hit = alternatives.find((g) => holds(got, g));
    if (hit === undefined) return { right: false, concise: false };
    goldLen += normalizeAnswer(hit).length + 4;
  }
  return { right: true, concise: got.length <= goldLen };
}
