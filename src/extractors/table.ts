// The table extractor: structure from the page's words and drawn rules on born-digital pages;
// on scans and images the region is cleaned (fills flattened, rules found in the pixels and
// painted out) and read again by the OCR engine first (src/pipeline/tables/scan-text.ts).
// Grounding: html_table, rows, cols, header_rows; grounding_data adds cells and edges.
import type { JsonObject } from '../components/model.js';
import { extractTable, groundingCells, type TableGrid } from '../pipeline/tables/index.js';
import { readTableText, type GreyPixels, type TableTextReader } from '../pipeline/tables/scan-text.js';
import type { BBox, Segment, Word } from '../pipeline/types.js';
import type { Extraction, Extractor, ExtractorInput } from './types.js';

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

export const tableExtractor: Extractor = {
  type: 'table',
  async extract(input: ExtractorInput): Promise<Extraction> {
    const table =
      input.textSource === 'ocr'
        ? await extractScannedTableGrounding(await input.grey(), input.bbox, await input.ocr())
        : extractTableGrounding(input.bbox, input.words, input.segments);
    const cells = Array.isArray(table.groundingData.cells) ? table.groundingData.cells.length : 0;
    if (cells > 0) return { ...table, status: 'done', error: null };
    const [x0, y0, x1, y1] = input.bbox;
    const whole = x0 <= 0 && y0 <= 0 && x1 >= input.page.width && y1 >= input.page.height;
    return { ...table, status: 'degraded', error: `No table text was recognised in the ${whole ? 'image' : 'region'}` };
  },
};
