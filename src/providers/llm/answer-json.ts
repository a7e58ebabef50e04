// The JSON object out of a model's answer: reasoning blocks and Markdown fences removed, the
// outermost {...} tried when prose surrounds it. Null when there is no object.
import { isRecord } from './http.js';

/** Removes reasoning blocks (<think>…</think>, from reasoning models) and Markdown code fences. */
export function withoutFences(raw: string): string {
  return raw
    .replace(/<think>[\s\S]*?<\/think>/gi, '')
    .trim()
    .replace(/^```[a-zA-Z]*\s*\n?/, '')
    .replace(/\n?```\s*$/, '')
    .trim();
}

export function answerObject(raw: string): Record<string, unknown> | null {
  const text = withoutFences(raw);
  const candidates = [text];
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(text.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (isRecord(value)) return value;
    } catch {
      // Try the next candidate.
    }
  }
  return null;
}
