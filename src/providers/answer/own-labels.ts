// Table values that answer equally well (their caption names every asked word for each) are told
// apart by their own labels: "National Brands, 1991: 80.6" says more of "What share did national
// brands have in 1991?" than "Own Brands, 1991: 14.7" under the same caption.
import { matchText, type MatchTerm } from './matching.js';

/**
 * Question words said by a value's labels ("row, column: value"), counted label by label (a label
 * said twice counts once); undefined for a page reading that ran several cells together ("Price
 * paid: EUR, Pump IA-771 - key data: 461,000") or took a value for a label, whose labels are not the value's own.
 */
export function ownLabelWords(terms: MatchTerm[], text: string): number | undefined {
  const cut = text.lastIndexOf(': ');
  const labels = cut > 0 ? text.slice(0, cut) : text;
  if (labels.includes(':')) return undefined;
  const own = new Set(
    labels
      .split(/,\s+/)
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l !== ''),
  );
  // A label that is itself a measured value ("462 m3/h" over "2010" in a transposed data sheet) is another cell's.
  if ([...own].some((l) => /^\d[\d,.]*\s?[a-z%€$£]/.test(l))) return undefined;
  return [...own].reduce((n, l) => n + matchText(terms, l, null, null).matched.length, 0);
}

type Ranked = { score: number; ownLabels?: number; span?: string | null; typedSpan?: string };

const answerOf = (e: Ranked): string | null | undefined => e.span ?? e.typedSpan;

/**
 * Of tied evidences (equal support, different answers), the one whose own labels say the most of
 * the question, when all are table values and that one's answer is the only one with the most;
 * else undefined.
 */
export function tieByOwnLabels<T extends Ranked>(tied: T[]): T | undefined {
  if (tied.length === 0 || tied.some((e) => e.ownLabels === undefined)) return undefined;
  const most = Math.max(...tied.map((e) => e.ownLabels!));
  const best = tied.filter((e) => e.ownLabels === most);
  return best.every((e) => answerOf(e) === answerOf(best[0]!)) ? best[0] : undefined;
}

/**
 * Of evidences in their ranking order, the first; or, when it is a table value tied with table
 * values giving other answers, the one tieByOwnLabels picks (the first when it picks none). A
 * sentence at the top keeps its place.
 */
export function byOwnLabels<T extends Ranked>(ranked: T[]): T | undefined {
  const top = ranked[0];
  if (top === undefined || top.ownLabels === undefined) return top;
  const tied = ranked.filter((e) => e.ownLabels !== undefined && Math.abs(e.score - top.score) <= 1e-9);
  if (tied.every((e) => answerOf(e) === answerOf(top))) return top;
  return tieByOwnLabels(tied) ?? top;
}
