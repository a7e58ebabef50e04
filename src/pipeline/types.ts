// Plain data shared by pipeline steps. Coordinates are page pixels at the page's render DPI,
// origin top-left, x to the right, y down: [x0, y0, x1, y1].
export type BBox = [number, number, number, number];

export interface Word {
  text: string;
  bbox: BBox;
  /** 0..1 when the text came from OCR; 1 for a PDF text layer. */
  confidence: number;
}

export interface TextLine {
  text: string;
  bbox: BBox;
  words: Word[];
}

export interface PageText {
  source: 'pdf' | 'ocr' | 'none';
  /** Lines in reading order (columns resolved). */
  lines: TextLine[];
}

/** A straight drawn segment (ruling lines of tables, diagram edges), in page pixels. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
}

export interface RenderedPage {
  /** PNG bytes. */
  png: Buffer;
  width: number;
  height: number;
  dpi: number;
}

/** A pipeline failure with a message fit for a person (it ends up in job errors). */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly code:
      | 'malformed'
      | 'encrypted'
      | 'too_many_pages'
      | 'too_many_pixels'
      | 'unsupported'
      | 'timeout'
      | 'conversion_failed',
  ) {
    super(message);
  }
}
