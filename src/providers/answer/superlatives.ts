// Questions that ask which row of a table holds a column's extreme ("Which retailer had the highest
// own brand share in 1996?"): no single cell says it, the column does. The column is the one whose
// values the question's words name (header, row and caption, as a cell is read), the answer the row
// label beside its largest (or smallest) value. Rows that sum the others (Total, All) take no part.

export type Direction = 'max' | 'min';

const MAX = /^(?:highest|largest|biggest|greatest|most|maximum|top|best)$/i;
const MIN = /^(?:lowest|smallest|least|fewest|minimum|worst)$/i;

/** The extreme a question asks a single name for ("Which X has the highest Y", "Who ... the most"), or null. */
export function superlativeAsked(question: string): Direction | null {
  const q = question.trim();
  // A plural head ("Which countries have the highest ...") asks for several rows: not one extreme.
  const head = /^(?:in\s+|at\s+|for\s+)?(?:which|what|who)\b(?:\s+(\w+))?/i.exec(q);
  if (!head) return null;
  if (head[1] && /(?:[^s]s|ies)$/i.test(head[1]) && !/^(?:was|has|is|does|this|process|business|class|status|gas|bus|series|analysis|basis)$/i.test(head[1])) return null;
  const word = /\bthe\s+(highest|largest|biggest|greatest|most|maximum|top|best|lowest|smallest|least|fewest|minimum|worst)\b/i.exec(q)?.[1];
  if (!word) return null;
  return MAX.test(word) ? 'max' : MIN.test(word) ? 'min' : null;
}

/** Whether a question word is the superlative itself (a cue, not content a column must say). */
export const isSuperlativeWord = (word: string): boolean => MAX.test(word) || MIN.test(word);

export interface ColumnCell {
  row: string;
  column: string;
  value: string;
  /** How well the cell (row, column, caption) says the question's words, 0..1. */
  score: number;
  /** The value's left and right edge on the page: values set under each other are one column, whatever their headers read. */
  x?: [number, number];
}

/** A number as a table writes it ("1,234", "28.0", "12%", "$4.5", "(3)" negative); null when not one. */
export function tableNumber(value: string): number | null {
  const scaled = /^(.*\d)(K|M|B|bn|mn)$/.exec(value.trim());
  const scale = scaled ? ({ K: 1e3, M: 1e6, mn: 1e6, B: 1e9, bn: 1e9 } as Record<string, number>)[scaled[2]!]! : 1;
  const t = (scaled ? scaled[1]! : value.trim()).replace(/^[$€£]/, '').replace(/%$/, '');
  const neg = /^\(.*\)$/.test(t);
  const n = Number(t.replace(/[(),]/g, ''));
  return t === '' || Number.isNaN(n) ? null : (neg ? -n : n) * scale;
}

/** Rows that aggregate the others. */
const AGGREGATE = /^(?:grand\s+)?(?:total|totals|all|sum|average|mean|median|overall)\b/i;

/** Fewest values a column needs before its extreme means anything. */
const MIN_ROWS = 3;

/**
 * The row holding the extreme of the column the question names best, with the cell read; null when
 * no column of at least three rows is named or two rows share the extreme (it would be a guess).
 */
export function extremeRow(cells: ColumnCell[], direction: Direction): ColumnCell | null {
  // A header read over several values may name one row's cell apart from the others: the values'
  // own places on the page say which are one column, the header text only where no place is known.
  const columns: ColumnCell[][] = [];
  const sameColumn = (a: ColumnCell, b: ColumnCell): boolean => (a.x && b.x ? Math.min(a.x[1], b.x[1]) > Math.max(a.x[0], b.x[0]) : a.column.toLowerCase() === b.column.toLowerCase());
  for (const c of cells) {
    if (AGGREGATE.test(c.row) || tableNumber(c.value) === null) continue;
    const list = columns.find((l) => sameColumn(l[0]!, c));
    // The same cell may be read twice: one row, one value.
    if (!list) columns.push([c]);
    else if (!list.some((o) => o.row === c.row)) list.push(c);
  }
  const mean = (list: ColumnCell[]): number => list.reduce((s, c) => s + c.score, 0) / list.length;
  const best = columns.filter((l) => l.length >= MIN_ROWS).sort((a, b) => mean(b) - mean(a))[0];
  if (!best) return null;
  const sign = direction === 'max' ? 1 : -1;
  const sorted = [...best].sort((a, b) => sign * (tableNumber(b.value)! - tableNumber(a.value)!));
  const [top, next] = sorted;
  if (!top || (next && tableNumber(next.value) === tableNumber(top.value))) return null;
  return top;
}
