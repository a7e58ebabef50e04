// The seam every component extractor plugs into: what it is given (the page's pixels, words and
// rules, an OCR reader, an optional vision model) and what it returns (the grounding the spec
// names for its type). The pure algorithms live in src/pipeline/<type>/; an extractor adapts one
// of them to this interface (src/extractors/<type>.ts) and is registered in src/extractors/index.ts.
import type { ComponentType, JsonObject } from '../components/model.js';
import type { BBox, Segment, Word } from '../pipeline/types.js';
import type { GreyPixels } from '../pipeline/tables/scan-text.js';
import type { ChatModel } from '../providers/llm/index.js';
import type { OcrEngine } from '../providers/ocr/index.js';

export interface ExtractorInput {
  /** The document page, or the standalone image, the component is on. */
  page: { png: Buffer; width: number; height: number };
  /** The component's region in the page's pixels (the whole image for a standalone component). */
  bbox: BBox;
  /**
   * Where the page's words came from: 'pdf' is a born-digital text layer with exact words and
   * drawn rules; 'ocr' is a scan or an image, whose regions are better read again on their own.
   */
  textSource: 'pdf' | 'ocr';
  /** The page's words (text layer or page OCR), in page pixels; empty for a standalone image. */
  words: Word[];
  /** Ruling lines of the page: drawn paths of a PDF, or found in a scan's pixels. */
  segments: Segment[];
  /** The page's greyscale pixels, decoded once per page and shared by its extractors. */
  grey(): Promise<GreyPixels>;
  /** The configured OCR engine. */
  ocr(): Promise<OcrEngine>;
  /** The configured vision-capable chat model, or null: extractors work without one. */
  vision: ChatModel | null;
}

export interface Extraction {
  /** The component record's grounding: the outputs the spec names for the type (html_table, ...). */
  grounding: JsonObject;
  /** The visual component's grounding_data: the editable detail (cells, graph, ...). */
  groundingData: JsonObject;
  /** 'degraded' when the region was read but nothing usable came out (the reason in `error`). */
  status: 'done' | 'degraded';
  error: string | null;
}

export interface Extractor {
  readonly type: ComponentType;
  extract(input: ExtractorInput): Promise<Extraction>;
}
