// Files of exported tables: CSV (RFC 4180), a zip of several, and an XLSX workbook with one sheet
// per table. CSV cells are text exactly as printed ("1,200" and "(12)" stay as they are); XLSX body
// cells holding a number, percentage or date are typed, with a number format that shows them as
// printed (cell-values.ts); a spanning cell's text is in its top-left cell (XLSX merges the cells
// it covers).
import { strToU8, zipSync } from 'fflate';
import writeXlsxFile, { type Cell, type CellObject, type SheetData } from 'write-excel-file/node';
import type { HtmlGrid } from './html.js';
import { cellValue, dateOrderOf, type DateOrder } from './cell-values.js';
import { tableRows } from './merge.js';
import { withNotes } from './note-marks.js';

/** A cell a spreadsheet would run as a formula; plain signed numbers and a lone dash are data. */
function formulaLike(s: string): boolean {
  if (/^[=@\t\r]/.test(s)) return true;
  return /^[+-]/.test(s) && !/^[+-]([\d\s.,]*%?)$/.test(s);
}

/** One CSV field: quoted when needed, a leading apostrophe before what a spreadsheet would run as a formula. */
export function csvField(s: string): string {
  // Spreadsheets open CSV files and evaluate "=…" cells: such a cell gets a leading apostrophe.
  const text = formulaLike(s) ? `'${s}` : s;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One table as CSV: CRLF line ends, fields quoted only when needed. */
export function tableCsv(grid: HtmlGrid): string {
  return tableRows(grid)
    .map((row) => row.map(csvField).join(','))
    .map((line) => `${line}\r\n`)
    .join('');
}

/** A zip of named text files (deflated), in the order given. */
export function zipTextFiles(files: Array<{ name: string; text: string }>): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = strToU8(f.text);
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (s: string): string => s.replace(/[:\\/?*[\]]/g, '-').slice(0, 31);

/** A number format that also prints literal text after the value (a cell's note marks). */
const withSuffix = (format: string, suffix: string): string => (suffix ? format.split(';').map((f) => `${f}"${suffix.replace(/"/g, '')}"`).join(';') : format);

/** A body cell's typed value, or its text; note marks are shown after either, as superscripts. */
function valueOf(text: string, notes: string[] | undefined, header: boolean, order: DateOrder | undefined): Pick<CellObject, 'value' | 'type' | 'format'> {
  const v = header ? undefined : cellValue(text, order);
  const marks = withNotes('', notes);
  if (v?.kind === 'number') return { value: v.value, type: Number, format: withSuffix(v.format, marks) };
  if (v?.kind === 'date') return { value: v.value, type: Date, format: withSuffix(v.format, marks) };
  return { value: text + marks, type: String };
}

function sheetOf(grid: HtmlGrid): SheetData {
  const data: SheetData = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, (): Cell => null));
  const orders = Array.from({ length: grid.cols }, (_, col) => dateOrderOf(grid.cells.filter((c) => c.col === col && !c.header).map((c) => c.text)));
  for (const c of grid.cells) {
    const row = data[c.row];
    if (!row || c.col >= grid.cols) continue;
    row[c.col] = {
      ...valueOf(c.text, c.notes, c.header, orders[c.col]),
      ...(c.rowspan > 1 ? { rowSpan: c.rowspan } : {}),
      ...(c.colspan > 1 ? { columnSpan: c.colspan } : {}),
      ...(c.header ? { fontWeight: 'bold' as const } : {}),
      ...(c.text.includes('\n') ? { wrap: true } : {}),
      alignVertical: 'top',
    };
  }
  return data;
}

/** A workbook with one sheet per table; header rows bold and kept in view when scrolling. */
export async function tablesXlsx(tables: Array<{ name: string; grid: HtmlGrid }>): Promise<Buffer> {
  const sheets = tables.map((t) => ({
    data: sheetOf(t.grid),
    sheet: sheetName(t.name),
    ...(t.grid.headerRows > 0 ? { stickyRowsCount: t.grid.headerRows } : {}),
  }));
  return writeXlsxFile(sheets).toBuffer();
}
