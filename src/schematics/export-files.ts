// The entity tables (entity-tables.ts) as files: a zip of CSV files (RFC 4180, CRLF, one file per
// entity, a header row first) and an XLSX workbook with one sheet per entity (numbers and booleans
// typed, the header row bold and kept in view).
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { csvField, zipTextFiles } from '../pipeline/tables/export-files.js';
import type { CellValue, EntityTable } from './entity-tables.js';

/** What a spreadsheet cell can hold at most; a longer text (a data URL at the limit) is cut with a note. */
export const XLSX_CELL_MAX = 32_767;

const text = (v: CellValue): string => (v === null ? '' : typeof v === 'boolean' ? (v ? 'true' : 'false') : String(v));

export function entityCsv(t: EntityTable): string {
  return [t.columns, ...t.rows.map((r) => r.map(text))].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

export function entityCsvZip(tables: readonly EntityTable[]): Buffer {
  return zipTextFiles(tables.map((t) => ({ name: `${t.name}.csv`, text: entityCsv(t) })));
}

function cellOf(v: CellValue): Cell {
  if (v === null) return null;
  if (typeof v === 'number') return { value: v, type: Number };
  if (typeof v === 'boolean') return { value: v, type: Boolean };
  const cut = v.length > XLSX_CELL_MAX ? `${v.slice(0, XLSX_CELL_MAX - 40)}… (cut: ${v.length} characters)` : v;
  return { value: cut, type: String };
}

export async function entityXlsx(tables: readonly EntityTable[]): Promise<Buffer> {
  const sheets = tables.map((t) => {
    const data: SheetData = [t.columns.map((c): Cell => ({ value: c, type: String, fontWeight: 'bold' })), ...t.rows.map((r) => r.map(cellOf))];
    return { data, sheet: t.name, stickyRowsCount: 1 };
  });
  return writeXlsxFile(sheets).toBuffer();
}
