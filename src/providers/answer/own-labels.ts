// Table values that answer equally well (their caption names every asked word for each) are told
// apart by their own labels: "National Brands, 1991: 80.6" says more of "What share did national
// brands have in 1991?" than "Own Brands, 1991: 14.7" under the same caption.
import { matchText, type MatchTerm } from './matching.js';

/** Question words said by a value's labels ("row, column: value"), counted label by label. */
export function ownLabelWords(terms: MatchTerm[], text: string): number {
  const cut = text.lastIndexOf(': ');
  const labels = cut > 0 ? text.slice(0, cut) : text;
  // A label said twice counts once, and a piece holding a value of its own ("Noise (dB): 78", in a
  // page reading that ran several cells together) is no label of this value.
  const own = new Set(
    labels
      .split(/,\s+/)
      .map((l) => l.trim().toLowerCase())
      .filter((l) => l !== '' && !l.includes(':')),
  );
  return [...own].reduce((n, l) => n + matchText(terms, l, null, null).matched.length, 0);
}

type Ranked = { score: number; ownLabels?: number; span?: string | null; typedSpan?: string };

/**
 * Orders evidences by support, and equal support between two different table values by their own
 * labels; copies of one value keep their order (the cell's own box goes first), and so does a
 * sentence beside a value.
 */
export function bySupportThenLabels(a: Ranked, b: Ranked): number {
  if (b.score !== a.score) return b.score - a.score;
  // Only two table values are compared so: a sentence keeps its place beside a value.
  if ((a.span ?? a.typedSpan) === (b.span ?? b.typedSpan) || a.ownLabels === undefined || b.ownLabels === undefined) return 0;
  return b.ownLabels - a.ownLabels;
}
