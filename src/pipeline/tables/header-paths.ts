// Body rows of a table as self-contained text for search and questions: every value carries its
// own column header path (the header rows' texts above it, spanning headers included, top to
// bottom) and its row's path (the section heading it falls under, then its stub cells: the
// leading label columns). "Alabama: Pre-Pawn > Handgun: 14; Pre-Pawn > Long Gun: 15" instead of a
// number next to the whole header row.
import { cellValue } from './cell-values.js';
import type { HtmlGrid } from './html.js';

type Cell = HtmlGrid['cells'][number];

export interface RowPath {
  /** 0-based row of the grid. */
  row: number;
  /** Section heading, then stub cell texts. */
  rowPath: string[];
  /** The row's values (stub columns left out), each with its column header path. */
  values: Array<{ row: number; col: number; text: string; colPath: string[] }>;
  text: string;
}

const flat = (s: string): string => s.replace(/\s+/g, ' ').trim();

function coverMap(grid: HtmlGrid): (Cell | undefined)[][] {
  const at: (Cell | undefined)[][] = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => undefined));
  for (const c of grid.cells) {
    for (let r = c.row; r < Math.min(grid.rows, c.row + c.rowspan); r++) for (let k = c.col; k < Math.min(grid.cols, c.col + c.colspan); k++) at[r]![k] = c;
  }
  return at;
}

/** Leading columns whose body cells are mostly words (row labels); at least the first, never all. */
function stubColumns(grid: HtmlGrid, at: (Cell | undefined)[][]): number {
  let stub = 0;
  for (let k = 0; k < grid.cols - 1; k++) {
    const texts = at.slice(grid.headerRows).map((row) => row[k]).filter((c): c is Cell => !!c && c.col === k && flat(c.text) !== '').map((c) => c.text);
    const words = texts.filter((t) => cellValue(t).kind === 'text' && /\p{L}/u.test(t)).length;
    if (texts.length && words * 2 > texts.length) stub = k + 1;
    else break;
  }
  return Math.max(1, stub);
}

/** A year, a school year or a date: header words of a column ("2009", "2003–04", "6/30/2011"). */
const PERIOD = /^(?:(?:19|20)\d\d(?:[-\u2013/](?:\d\d){1,2})?|\d{1,2}\/\d{1,2}\/(?:\d\d){1,2})$/;

/** Figures without words: one number, or several run together in one cell ("2,753,438 2,799,250"). */
const isNumber = (c: Cell): boolean => /\d/.test(c.text) && !/\p{L}/u.test(c.text) && !PERIOD.test(flat(c.text));
const worded = (c: Cell): boolean => /\p{L}/u.test(c.text) || PERIOD.test(flat(c.text));

/** Whether the body cells below row `from` in column k are mostly numbers. */
function numericBelow(grid: HtmlGrid, at: (Cell | undefined)[][], from: number, k: number): boolean {
  const below = at.slice(from + 1).map((row) => row[k]).filter((c): c is Cell => !!c && c.col === k && flat(c.text) !== '');
  return below.length > 0 && below.filter(isNumber).length * 2 > below.length;
}

/**
 * Header rows, counting the body rows the extractor left under its header that are header words
 * too: leading rows of words (numbers fewer than worded cells), only over columns of numbers ("Neither | only | Both"
 * over percentages, a real statistics table whose header lines were read as body rows).
 */
function headerRowsOf(grid: HtmlGrid, at: (Cell | undefined)[][], stub: number): number {
  let r = grid.headerRows;
  for (; r < grid.rows - 1; r++) {
    const filled = grid.cells.filter((c) => c.row === r && flat(c.text));
    // A lone label from the first column heads a section of the body.
    if (filled.length === 1 && filled[0]!.col === 0) break;
    const own = filled.filter((c) => c.col + c.colspan > stub);
    // Header words may hold numbers (a bracket's "14,999" under "$10,000–"): worded cells outnumber them.
    const numbers = own.filter(isNumber).length;
    if (!own.length || (numbers > 0 && own.filter(worded).length <= numbers)) break;
    const overNumbers = own.every((c) => Array.from({ length: c.colspan }, (_, i) => c.col + i).some((k) => k >= stub && numericBelow(grid, at, r, k)));
    if (!overNumbers) break;
  }
  return r;
}

/**
 * Row labels that repeat within one section ("Doctorate-granting" under "Public 4-year" and again
 * under "Private 4-year", "Total" under each group) are sub-rows: each is named by the nearest
 * row above in its section whose label does not repeat, so a question's words for the group
 * reach the sub-row's values.
 */
function parentLabels(labels: Array<{ row: number; section: number; label: string }>): Map<number, string> {
  const count = new Map<string, number>();
  const key = (l: { section: number; label: string }): string => `${l.section}\u0000${l.label.toLowerCase()}`;
  for (const l of labels) count.set(key(l), (count.get(key(l)) ?? 0) + 1);
  const out = new Map<number, string>();
  let parent: string | undefined;
  let section = -1;
  for (const l of labels) {
    if (l.section !== section) [section, parent] = [l.section, undefined];
    if ((count.get(key(l)) ?? 0) === 1) parent = l.label;
    else if (parent) out.set(l.row, parent);
  }
  return out;
}

export function rowPaths(grid: HtmlGrid): RowPath[] {
  if (grid.cols < 2) return [];
  const at = coverMap(grid);
  const stub = stubColumns(grid, at);
  const headerRows = headerRowsOf(grid, at, stub);
  const colPath = (k: number): string[] => {
    const path: string[] = [];
    for (let r = 0; r < headerRows; r++) {
      const t = flat(at[r]![k]?.text ?? '');
      if (t && path[path.length - 1] !== t) path.push(t);
    }
    return path;
  };
  const body: Array<{ row: number; section: string; sectionNo: number; stubs: string[]; values: RowPath['values'] }> = [];
  let section = '';
  let sectionNo = 0;
  for (let r = headerRows; r < grid.rows; r++) {
    const own = grid.cells.filter((c) => c.row === r && flat(c.text));
    // A row with one label and nothing else heads a section of the rows below it.
    if (own.length === 1 && own[0]!.col === 0 && at[r]!.every((c, k) => k === 0 || !c || c === own[0] || !flat(c.text))) {
      section = flat(own[0]!.text);
      sectionNo++;
      continue;
    }
    const stubs: string[] = [];
    for (let k = 0; k < stub; k++) {
      const t = flat(at[r]![k]?.text ?? '');
      if (t && stubs[stubs.length - 1] !== t) stubs.push(t);
    }
    const values = own.filter((c) => c.col >= stub).map((c) => ({ row: r, col: c.col, text: flat(c.text), colPath: colPath(c.col) }));
    if (values.length) body.push({ row: r, section, sectionNo, stubs, values });
  }
  const parents = parentLabels(body.filter((b) => b.stubs.length).map((b) => ({ row: b.row, section: b.sectionNo, label: b.stubs[0]! })));
  const out: RowPath[] = [];
  for (const { row: r, section, stubs, values } of body) {
    const parent = parents.get(r);
    const rowPath = [section, parent ?? '', ...stubs].filter((x) => x !== '');
    const parts = values.map((v) => `${v.colPath.length ? v.colPath.join(' > ') : `column ${v.col + 1}`}: ${v.text}`);
    out.push({ row: r, rowPath, values, text: `${rowPath.length ? `${rowPath.join(' > ')}: ` : ''}${parts.join('; ')}` });
  }
  return out;
}
