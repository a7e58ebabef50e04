// Table structure: a grid of cells with spans, built from word boxes and drawn rules of one table
// region. Coordinates are page pixels like the rest of the pipeline.
import type { BBox, Segment, Word } from '../types.js';

export interface TableCell {
  /** 0-based top row and left column. */
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  /** Text as printed (lines of a multi-line cell joined by '\n'; numbers untouched). */
  text: string;
  bbox: BBox;
  /** A header cell (in the table's header rows). */
  header: boolean;
  /** Note marks printed as superscripts after the text ("9" of "breastfed⁹"), not part of `text`. */
  notes?: string[];
}

export interface TableGrid {
  bbox: BBox;
  rows: number;
  cols: number;
  /** Leading rows that form the header (`<thead>`). */
  headerRows: number;
  /** Non-empty cells, in row then column order (empty positions are left out). */
  cells: TableCell[];
  /** Row and column boundaries (rows + 1 and cols + 1 positions). */
  rowEdges: number[];
  colEdges: number[];
}

export interface TableInput {
  bbox: BBox;
  /** Words of the page (those whose centre lies in `bbox` are used). */
  words: Word[];
  /** Drawn segments of the page (rules inside `bbox` are used). */
  segments: Segment[];
}
