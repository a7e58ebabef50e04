// What an external document-analysis service gives back, in PageLens words: the words and lines
// it read (pixels of the image sent, origin top-left) and, where the service finds them, tables
// as cell grids. One interface, so the extraction job never cares which service is configured.
import type { TextLine, Word } from '../../pipeline/types.js';

export interface AnalyzedCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** A column or row header cell, as the service marked it. */
  header: boolean;
}

export interface AnalyzedTable {
  rows: number;
  cols: number;
  cells: AnalyzedCell[];
}

export interface DocumentAnalysis {
  /** The service's name, as recorded in grounding (`azure_document_intelligence`, ...). */
  provider: string;
  /** The service's model or feature (prebuilt-layout, DOCUMENT_TEXT_DETECTION). */
  model: string;
  width: number;
  height: number;
  /** Lines in the service's reading order, each with its words. */
  lines: TextLine[];
  words: Word[];
  tables: AnalyzedTable[];
}

export interface AnalyzeOptions {
  signal?: AbortSignal;
}

export interface DocumentAnalyzer {
  readonly provider: string;
  /** Reads one image (PNG bytes). Failures are ProviderError. */
  analyze(png: Buffer, options?: AnalyzeOptions): Promise<DocumentAnalysis>;
}
