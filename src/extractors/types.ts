// The seam every component extractor plugs into: what it is given (the page's pixels, words and
// rules, an OCR reader, an optional vision model) and what it returns (the grounding the spec
// names for its type). The pure algorithms live in src/pipeline/<type>/; an extractor adapts one
// of them to this interface (src/extractors/<type>.ts) and is registered in src/extractors/index.ts.
import type { ComponentType, JsonObject } from '../components/model.js';
import type { DrawnShape } from '../pipeline/pdf/shapes.js';
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
   * drawn rules; 'ocr' is a scan or an image, read once with its rules painted out
   * (pipeline/scan); a standalone image has no page words and is read by its extractor.
   */
  textSource: 'pdf' | 'ocr';
  /** The page's words (text layer or page OCR), in page pixels; empty for a standalone image. */
  words: Word[];
  /** Ruling lines of the page: drawn paths of a PDF, or found in a scan's pixels. */
  segments: Segment[];
  /** A born-digital page's drawn paths with their colours, in page pixels (read once, on first call). */
  shapes?: () => DrawnShape[];
  /** The page's greyscale pixels, decoded once per page and shared by its extractors. */
  grey(): Promise<GreyPixels>;
  /** The configured OCR engine. */
  ocr(): Promise<OcrEngine>;
  /** The configured vision-capable chat model, or null: extractors work without one. */
  vision: ChatModel | null;
  /** What the caller asked for beyond the extraction (POST /components include_description). */
  options?: ExtractorOptions;
}

export interface ExtractorOptions {
  /** Add a faithful walk-through in words (flowcharts, diagrams, mind maps) to the grounding. */
  includeDescription?: boolean;
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

/** A person's correction (PUT /components/{id}), as the spec names its fields. */
export interface GroundingEditRequest {
  html_table?: string;
  intermediate_json?: Record<string, unknown>;
}

/**
 * A checked correction, applied to the component's grounding ('component') and to each of its
 * regions' grounding_data ('region').
 */
export interface GroundingEdit {
  apply(data: JsonObject, target: 'component' | 'region'): JsonObject | Promise<JsonObject>;
}

/** An edit the type cannot take: a 422 at body.<field>[.path], with the reason. */
export class EditRejected extends Error {
  constructor(
    readonly loc: Array<string | number>,
    message: string,
  ) {
    super(message);
  }
}

export interface Extractor {
  readonly type: ComponentType;
  extract(input: ExtractorInput): Promise<Extraction>;
  /**
   * Checks a correction and regenerates the outputs it implies (a chart's PNG from its corrected
   * table, a flowchart's Mermaid from its corrected graph); throws EditRejected on bad input.
   */
  edit(request: GroundingEditRequest): Promise<GroundingEdit>;
}
