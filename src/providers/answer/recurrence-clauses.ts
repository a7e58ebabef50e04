// Duration spans judged clause by clause as to recurrence, for statements that say both a life and an interval.
import { recurrenceAgrees, type QuestionType, type Span } from './answer-types.js';

/**
 * The typed spans of a statement that agree with a duration question as to recurrence. A statement
 * saying both ("Compressor X (inspected every 46 weeks), ... is designed for a 16-year service
 * life") is judged clause by clause: each duration by the clause around it (between , ; ( )).
 */
export function recurrenceSpans(q: QuestionType, text: string, spans: Span[]): Span[] {
  if (recurrenceAgrees(q, text)) return spans;
  if (q.type !== 'duration') return [];
  const clause = (sp: Span): string => {
    const before = Math.max(...[',', ';', '(', ')'].map((c) => text.lastIndexOf(c, sp.start - 1)));
    const afters = [',', ';', '(', ')'].map((c) => text.indexOf(c, sp.start + sp.text.length)).filter((i) => i >= 0);
    return text.slice(before + 1, afters.length ? Math.min(...afters) : text.length);
  };
  return spans.filter((sp) => recurrenceAgrees(q, clause(sp)));
}
