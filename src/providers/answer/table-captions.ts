// A table-row line ("Casino, Own brands market share: 24.8") is read with its table's caption
// ("Table 8.12 - Own brand shares (food only) for leading retailers, 1996") only when the row and
// column themselves are about what the question asks: they say every name of the question and
// some of its other words. The caption may then add what the whole table shares (its year, the
// measure: "pupil/teacher ratios"). A row about another asset or property does not borrow the
// caption's words, so a caption naming the table's subject makes no other row answer.
import { matchText, type MatchTerm } from './matching.js';

/** Whether a table-row unit is read with its caption for these question terms. */
export function captionRead(qterms: MatchTerm[], unit: { text: string; caption?: string }): boolean {
  if (!unit.caption) return false;
  const own = matchText(qterms, unit.text, null, null);
  const said = new Set(own.matched);
  // Names must be the row's own; a number (a year) may be the table's.
  const names = qterms.filter((t) => t.key && !/\d/.test(t.stem));
  if (!names.every((t) => said.has(t.stem))) return false;
  if (own.contentShare > 0) return true;
  // A row and column that say every name and every number of the question ("Nevada, 2008–09 to
  // 2021–22") pin the cell down: a caption that says all the rest of the question ("projected
  // percentage changes in graduates") says what the cell measures. One that leaves a word unsaid
  // ("dropouts" of a table of graduates) does not.
  const numbers = qterms.filter((t) => t.key && /\d/.test(t.stem));
  if (names.length === 0 || numbers.length === 0 || !numbers.every((t) => said.has(t.stem))) return false;
  return matchText(qterms, `${unit.text} ${unit.caption}`, null, null).contentShare >= 0.999;
}

/**
 * Among table-row lines read with their caption, the one whose own row and column say more of the
 * question goes first: "France, Number of retail outlets (000)" before "France, inhabitants per
 * outlet" when only the caption says "retail". (A tiny step: it only orders equal readings. Cells
 * read from the page geometry are left as they are: there a line that says the caption's words
 * itself is often a worse reading of the same table, qa.test.ts's "Q1: 120; Q2: 340".)
 */
export function captionOrder<C extends { score: number }>(qterms: MatchTerm[], unit: { text: string; caption?: string }, c: C): C {
  const caption = captionRead(qterms, unit) ? (unit.caption ?? '') : '';
  if (caption === '') return c;
  const own = matchText(qterms, unit.text, null, null).score;
  const read = matchText(qterms, `${unit.text} ${caption}`, null, null).score;
  return read > own ? { ...c, score: c.score - 0.001 * (read - own) } : c;
}
