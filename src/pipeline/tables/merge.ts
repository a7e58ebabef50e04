// Tables as data for export, with tables continued on the next page merged into one (the rule in
// docs/api-decisions.md "Tables"): the first table's header rows, then the body rows of each table
// of the chain in page order; a continuation's leading rows that repeat the first table's header
// are dropped. Pure: grids in, grids out.
import type { HtmlGrid } from './html.js';
import { withNotes } from './note-marks.js';

type Cell = HtmlGrid['cells'][number];

/** One table of a document as stored, with its continuation links (component ids). */
export interface LinkedTable {
  componentId: string;
  pageNumber: number;
  grid: HtmlGrid;
  continuesFrom: string | null;
  continuedBy: string | null;
}

/** A table to export: one stored table, or a chain of linked ones merged. */
export interface MergedTable {
  componentIds: string[];
  pages: number[];
  grid: HtmlGrid;
}

/**
 * The table as rows of text (note marks shown as superscripts), rows × cols: a spanning cell's
 * text goes in its top-left position
 * and the positions it covers are empty strings.
 */
export function tableRows(grid: HtmlGrid): string[][] {
  const rows = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => ''));
  for (const c of grid.cells) {
    const row = rows[c.row];
    if (row && c.col < grid.cols) row[c.col] = withNotes(c.text, c.notes);
  }
  return rows;
}

const norm = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
const rowKey = (row: string[] | undefined): string => (row ?? []).map(norm).join('|');

/** How many leading rows of `next` repeat the header rows of `first`, in order. */
function repeatedHeaderRows(first: HtmlGrid, next: HtmlGrid): number {
  const header = tableRows(first);
  const rows = tableRows(next);
  let k = 0;
  while (k < first.headerRows && k < next.rows && rowKey(rows[k]) === rowKey(header[k]) && rowKey(rows[k]).replace(/\|/g, '') !== '') k++;
  return k;
}

/** `next`'s rows from `skip` on, appended below `grid` as body rows. */
function append(grid: HtmlGrid, next: HtmlGrid, skip: number): HtmlGrid {
  const offset = grid.rows - skip;
  const cells: Cell[] = [...grid.cells];
  for (const c of next.cells) {
    const end = c.row + c.rowspan;
    if (end <= skip) continue;
    // A cell spanning from a dropped row into kept ones keeps only its kept part.
    const row = Math.max(c.row, skip);
    cells.push({ ...c, row: row + offset, rowspan: end - row, header: false });
  }
  return { rows: grid.rows + next.rows - skip, cols: Math.max(grid.cols, next.cols), headerRows: grid.headerRows, cells };
}

/**
 * The document's tables for export, in the order given (page order). With `merge`, a table whose
 * `continuesFrom` names the table just before it in the chain (and that table's `continuedBy`
 * names it back) is merged into that table's export.
 */
export function mergeContinued(tables: LinkedTable[], merge: boolean): MergedTable[] {
  const out: MergedTable[] = [];
  const chainOf = new Map<string, { merged: MergedTable; first: HtmlGrid; last: LinkedTable }>();
  for (const t of tables) {
    const prev = merge && t.continuesFrom ? chainOf.get(t.continuesFrom) : undefined;
    if (prev && prev.last.continuedBy === t.componentId && prev.last.pageNumber < t.pageNumber) {
      prev.merged.grid = append(prev.merged.grid, t.grid, repeatedHeaderRows(prev.first, t.grid));
      prev.merged.componentIds.push(t.componentId);
      if (!prev.merged.pages.includes(t.pageNumber)) prev.merged.pages.push(t.pageNumber);
      prev.last = t;
      chainOf.delete(t.continuesFrom!);
      chainOf.set(t.componentId, prev);
      continue;
    }
    const merged: MergedTable = { componentIds: [t.componentId], pages: [t.pageNumber], grid: t.grid };
    out.push(merged);
    chainOf.set(t.componentId, { merged, first: t.grid, last: t });
  }
  return out;
}
