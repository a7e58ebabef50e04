// Table extraction for one table region: structure (structure.ts), HTML (html.ts) and the cell
// grid clients highlight; plus the link between a table and its continuation on the next page.
import type { BBox } from '../types.js';
import { tableToHtml } from './html.js';
import { FULL, recognizeTable, type StructureOptions } from './structure.js';
import type { TableGrid, TableInput } from './types.js';

export { parseHtmlTable, tableToHtml, HtmlTableError, type HtmlGrid } from './html.js';
export { recognizeTable, FULL, BASELINE, type StructureOptions } from './structure.js';
export type { TableCell, TableGrid, TableInput } from './types.js';

/** A cell as stored in grounding data (snake_case like the rest of the wire). */
export interface GroundingCell {
  row: number;
  col: number;
  row_span: number;
  col_span: number;
  text: string;
  /** [x0, y0, x1, y1] in page pixels; null for cells a person typed in (PUT html_table). */
  bbox: BBox | null;
  header: boolean;
  /** Note marks printed as superscripts after the text; absent when there are none. */
  notes?: string[];
}

export interface ExtractedTable {
  grid: TableGrid;
  html: string;
}

export function extractTable(input: TableInput, opts: StructureOptions = FULL): ExtractedTable {
  const grid = recognizeTable(input, opts);
  return { grid, html: tableToHtml(grid) };
}

const round = (v: number): number => Math.round(v * 100) / 100;

export function groundingCells(grid: TableGrid): GroundingCell[] {
  return grid.cells.map((c) => ({
    row: c.row,
    col: c.col,
    row_span: c.rowspan,
    col_span: c.colspan,
    text: c.text,
    bbox: c.bbox.map(round) as BBox,
    header: c.header,
    ...(c.notes?.length ? { notes: c.notes } : {}),
  }));
}

/** What a table's first and last rows look like, enough to tell a continuation. */
export interface TableShape {
  cols: number;
  /** Left edges of the columns as shares of the table's width (0..1). */
  colStarts: number[];
  /** Normalised texts of the header rows' cells. */
  header: string[];
  bbox: BBox;
  pageHeight: number;
}

export function shapeOf(grid: TableGrid, pageHeight: number): TableShape {
  const w = Math.max(1, grid.bbox[2] - grid.bbox[0]);
  return {
    cols: grid.cols,
    colStarts: grid.colEdges.slice(0, -1).map((x) => (x - grid.bbox[0]) / w),
    header: grid.cells.filter((c) => c.header).map((c) => c.text.toLowerCase().replace(/\s+/g, ' ').trim()),
    bbox: grid.bbox,
    pageHeight,
  };
}

/**
 * Whether `next` (the first table on a page) continues `prev` (the last table on the page
 * before): the same number of columns at about the same places, `prev` reaching the lower part
 * of its page and `next` starting in the upper part of its own, and `next` not opening with
 * a header of its own that differs from `prev`'s (a repeated header still continues).
 */
export function continues(prev: TableShape, next: TableShape): boolean {
  if (prev.cols < 2 || prev.cols !== next.cols) return false;
  if (prev.bbox[3] < 0.6 * prev.pageHeight || next.bbox[1] > 0.4 * next.pageHeight) return false;
  if (prev.colStarts.some((x, i) => Math.abs(x - next.colStarts[i]!) > 0.06)) return false;
  if (next.header.length && prev.header.length && next.header.join('|') !== prev.header.join('|')) return false;
  return true;
}
