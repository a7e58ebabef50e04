// The table extractor: structure from the page's words and rules: a PDF's text layer and drawn
// paths, or a scanned page's own OCR words and the rules found in its pixels (pipeline/scan).
// A standalone table image has no page words: its region is cleaned (fills flattened, rules
// painted out) and read by the OCR engine (src/pipeline/tables/scan-text.ts).
// Grounding: html_table, rows, cols, header_rows; grounding_data adds cells and edges.
import type { JsonObject } from '../components/model.js';
import { extractTable, groundingCells, HtmlTableError, parseHtmlTable, tableToHtml, type GroundingCell, type HtmlGrid, type TableGrid } from '../pipeline/tables/index.js';
import { evenLineHeights, readTableText, type GreyPixels, type TableTextReader } from '../pipeline/tables/scan-text.js';
import type { BBox, Segment, Word } from '../pipeline/types.js';
import { EditRejected, type Extraction, type Extractor, type ExtractorInput, type GroundingEdit, type GroundingEditRequest } from './types.js';

export interface TableGrounding {
  /** Component record grounding: { html_table, rows, cols, header_rows }. */
  grounding: JsonObject;
  /** Visual component grounding_data: the same plus cells and column edges. */
  groundingData: JsonObject;
}

/** Grounding of a table from a recognised grid. `source` says where the structure came from. */
export function tableGrounding(grid: TableGrid, html: string, source: 'pipeline' | 'manual'): TableGrounding {
  const base = { html_table: html, rows: grid.rows, cols: grid.cols, header_rows: grid.headerRows, source };
  const round = (v: number): number => Math.round(v * 100) / 100;
  return {
    grounding: base,
    groundingData: { ...base, cells: groundingCells(grid), col_edges: grid.colEdges.map(round), row_edges: grid.rowEdges.map(round) },
  };
}

/** Extracts the table in `bbox` from the page's words and drawn segments. */
export function extractTableGrounding(bbox: BBox, words: Word[], segments: Segment[]): TableGrounding {
  const { grid, html } = extractTable({ bbox, words, segments });
  return tableGrounding(grid, html, 'pipeline');
}

/**
 * Extracts the table in `bbox` of a page image (a scan, photo or uploaded table image): the
 * region is cleaned and read again by `reader` (the OCR engine), and its structure comes from
 * those words and the rules found in its pixels. `page` is the page's greyscale pixels.
 */
export async function extractScannedTableGrounding(page: GreyPixels, bbox: BBox, reader: TableTextReader): Promise<TableGrounding> {
  const { words, rules } = await readTableText(page, bbox, reader);
  return extractTableGrounding(bbox, words, rules);
}

/** The box's centre lies in the region. */
const inside = (b: BBox, r: BBox): boolean => (b[0] + b[2]) / 2 >= r[0] && (b[0] + b[2]) / 2 <= r[2] && (b[1] + b[3]) / 2 >= r[1] && (b[1] + b[3]) / 2 <= r[3];

export const tableExtractor: Extractor = {
  type: 'table',
  edit: editTable,
  async extract(input: ExtractorInput): Promise<Extraction> {
    // A page's scan was read once, rules painted out (pipeline/scan): its table takes the
    // page's own words (OCR boxes evened to their lines, as structure recognition measures PDF
    // boxes) and the rules found then. A standalone image has no page words: it is read here.
    const table =
      input.textSource === 'pdf'
        ? extractTableGrounding(input.bbox, input.words, input.segments)
        : input.words.length
          ? extractTableGrounding(input.bbox, evenLineHeights(input.words.filter((w) => inside(w.bbox, input.bbox))), input.segments)
          : await extractScannedTableGrounding(await input.grey(), input.bbox, await input.ocr());
    const cells = Array.isArray(table.groundingData.cells) ? table.groundingData.cells.length : 0;
    if (cells > 0) return { ...table, status: 'done', error: null };
    const [x0, y0, x1, y1] = input.bbox;
    const whole = x0 <= 0 && y0 <= 0 && x1 >= input.page.width && y1 >= input.page.height;
    return { ...table, status: 'degraded', error: `No table text was recognised in the ${whole ? 'image' : 'region'}` };
  },
};

/** Parses a corrected table strictly; malformed HTML is rejected with the parser's reason. */
export function parseTableEdit(html: string | undefined): HtmlGrid {
  try {
    return parseHtmlTable(html ?? '');
  } catch (err) {
    if (err instanceof HtmlTableError) throw new EditRejected(['html_table'], `malformed table: ${err.message}`);
    throw err;
  }
}

/**
 * A corrected table: canonical HTML, its size, and the cell grid where the data had one (a cell
 * keeps its box when the corrected grid has a cell of the same place and span).
 */
export function tableEdit(grid: HtmlGrid): GroundingEdit {
  const html = tableToHtml(grid);
  const table = { html_table: html, rows: grid.rows, cols: grid.cols, header_rows: grid.headerRows, source: 'manual' };
  const cellsAfter = (data: JsonObject): GroundingCell[] => {
    const old = Array.isArray(data.cells) ? (data.cells as GroundingCell[]) : [];
    return grid.cells.map((c) => ({
      row: c.row,
      col: c.col,
      row_span: c.rowspan,
      col_span: c.colspan,
      text: c.text,
      bbox: old.find((o) => o.row === c.row && o.col === c.col && o.row_span === c.rowspan && o.col_span === c.colspan)?.bbox ?? null,
      header: c.header,
      ...(c.notes?.length ? { notes: c.notes } : {}),
    }));
  };
  // A region always holds the cell grid; a component record only when it had one (standalone).
  return { apply: (data, target) => ({ ...data, ...table, ...(target === 'region' || Array.isArray(data.cells) ? { cells: cellsAfter(data) } : {}) }) };
}

async function editTable(request: GroundingEditRequest): Promise<GroundingEdit> {
  if (request.intermediate_json !== undefined) throw new EditRejected(['intermediate_json'], 'table components take html_table, not intermediate_json');
  return tableEdit(parseTableEdit(request.html_table));
}
