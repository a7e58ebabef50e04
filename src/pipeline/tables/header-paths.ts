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

export function rowPaths(grid: HtmlGrid): RowPath[] {
  if (grid.cols < 2) return [];
  const at = coverMap(grid);
  const colPath = (k: number): string[] => {
    const path: string[] = [];
    for (let r = 0; r < grid.headerRows; r++) {
      const t = flat(at[r]![k]?.text ?? '');
      if (t && path[path.length - 1] !== t) path.push(t);
    }
    return path;
  };
  const stub = stubColumns(grid, at);
  const out: RowPath[] = [];
  let section = '';
  for (let r = grid.headerRows; r < grid.rows; r++) {
    const own = grid.cells.filter((c) => c.row === r && flat(c.text));
    // A row with one label and nothing else heads a section of the rows below it.
    if (own.length === 1 && own[0]!.col === 0 && at[r]!.every((c, k) => k === 0 || !c || c === own[0] || !flat(c.text))) {
      section = flat(own[0]!.text);
      continue;
    }
    const stubs: string[] = [];
    for (let k = 0; k < stub; k++) {
      const t = flat(at[r]![k]?.text ?? '');
      if (t && stubs[stubs.length - 1] !== t) stubs.push(t);
    }
    const values = own.filter((c) => c.col >= stub).map((c) => ({ row: r, col: c.col, text: flat(c.text), colPath: colPath(c.col) }));
    if (!values.length) continue;
    const rowPath = section ? [section, ...stubs] : stubs;
    const parts = values.map((v) => `${v.colPath.length ? v.colPath.join(' > ') : `column ${v.col + 1}`}: ${v.text}`);
    out.push({ row: r, rowPath, values, text: `${rowPath.length ? `${rowPath.join(' > ')}: ` : ''}${parts.join('; ')}` });
  }
  return out;
}
