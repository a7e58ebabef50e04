// Table metrics that read like a user: exact cell text and body-row integrity.
//   - Exact cell text: the multiset of non-empty cell texts (NFKC, whitespace removed, since a
//     wrapped cell's line breaks are layout) of the expected table against the extracted one.
//   - Body-row integrity: each expected body row's numbers (or, in a row without numbers, its
//     cell texts) must appear together, in order, as exactly one extracted row; a fused row
//     (two rows' numbers in one) or a split one (a row's numbers over two rows) counts as wrong
//     on both sides. Extracted header rows are left out, like the expected ones.
import { withNotes } from '../src/pipeline/tables/note-marks.js';
import type { TableGrid } from '../src/pipeline/tables/types.js';

export interface Counts {
  gt: number;
  det: number;
  ok: number;
}

export const counts = (): Counts => ({ gt: 0, det: 0, ok: 0 });

export function add(into: Counts, c: Counts): void {
  into.gt += c.gt;
  into.det += c.det;
  into.ok += c.ok;
}

export function prf(c: Counts): { p: number; r: number; f: number } {
  const p = c.det ? c.ok / c.det : 0;
  const r = c.gt ? c.ok / c.gt : 0;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

export const normCell = (s: string): string => s.normalize('NFKC').replace(/\s+/gu, '');

/** Matches of two multisets of strings. */
export function multisetMatch(gt: string[], det: string[]): Counts {
  const left = new Map<string, number>();
  for (const g of gt) left.set(g, (left.get(g) ?? 0) + 1);
  let ok = 0;
  for (const d of det) {
    const n = left.get(d) ?? 0;
    if (n > 0) {
      left.set(d, n - 1);
      ok++;
    }
  }
  return { gt: gt.length, det: det.length, ok };
}

export function cellTexts(rows: string[][]): string[] {
  return rows.flat().map(normCell).filter(Boolean);
}

/** Numbers as printed: 1,234 / -0.5 / 12% / $ 3.10 / 98 452 (digit groups split by a space). */
const NUMBER = /[-+−]?\d[\d,.]*(?: \d{3}(?![\d]))*%?/gu;

/** A row's signature: its numbers in order, or without numbers its non-empty cell texts. */
export function rowSignature(cells: string[]): string {
  const texts = cells.map(normCell).filter(Boolean);
  const numbers = cells.flatMap((c) => [...c.normalize('NFKC').matchAll(NUMBER)].map((m) => m[0].replace(/\s+/gu, '')));
  return numbers.length ? `#${numbers.join('|')}` : texts.join('|');
}

export function bodySignatures(rows: string[][], headerRows: number): string[] {
  return rows
    .slice(headerRows)
    .map(rowSignature)
    .filter((s) => s && s !== '#');
}

/**
 * A grid as rows of cell texts as a reader sees them (note marks after the text, as superscripts
 * that NFKC reads as plain characters); a spanning cell's text stands in its top-left position.
 */
export function gridRows(grid: TableGrid): string[][] {
  const rows = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => ''));
  for (const c of grid.cells) rows[c.row]![c.col] = withNotes(c.text, c.notes);
  return rows;
}

export interface TableScore {
  cells: Counts;
  rows: Counts;
}

export function scoreTable(gtRows: string[][], gtHeaderRows: number, det: TableGrid | undefined): TableScore {
  const rows = det ? gridRows(det) : [];
  return {
    cells: multisetMatch(cellTexts(gtRows), cellTexts(rows)),
    rows: multisetMatch(bodySignatures(gtRows, gtHeaderRows), det ? bodySignatures(rows, det.headerRows) : []),
  };
}
