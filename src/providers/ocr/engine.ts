// One interface for every OCR engine (tesseract.js, native tesseract, PP-OCR detection + tesseract).
// Coordinates in and out are pixels of the PNG handed in, origin top-left.
import type { GreyPixels } from '../../pipeline/tables/scan-text.js';
import type { BBox, PageText, TextLine, Word } from '../../pipeline/types.js';

export interface RecognizeOptions {
  /** Recognise only inside these rectangles (lines come back region by region, clipped to them). */
  regions?: BBox[];
}

export interface OcrEngine {
  readonly name: string;
  /** Words and lines with boxes; lines in reading order. */
  recognize(png: Buffer, opts?: RecognizeOptions): Promise<PageText>;
  /** Lines found inside each region, one list per region in the order given. */
  recognizeRegions(png: Buffer, regions: BBox[]): Promise<TextLine[][]>;
  /**
   * A whole prepared page image with layout analysis (columns, blocks): pipeline/scan. `dpi`:
   * the image's resolution when known (engines that cannot use it estimate their own).
   */
  readPage(img: GreyPixels, dpi?: number): Promise<TextLine[]>;
  /** The words of a prepared image read as one block of text (a cleaned table region: tables/scan-text.ts). */
  readBlock(img: GreyPixels, dpi?: number): Promise<TextLine[]>;
  /** Text boxes without recognition (engines with a detector only). */
  detect?(png: Buffer): Promise<BBox[]>;
  close(): Promise<void>;
}

export const union = (a: BBox, b: BBox): BBox => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

/** A line from its words (text joined with single spaces, box = union of word boxes). */
export function lineOf(words: Word[]): TextLine | undefined {
  const kept = words.filter((w) => w.text.trim() !== '');
  if (kept.length === 0) return undefined;
  return {
    text: kept.map((w) => w.text).join(' '),
    bbox: kept.map((w) => w.bbox).reduce(union),
    words: kept,
  };
}

/** Intersection of a box with a region, or undefined when they do not overlap. */
export function clip(box: BBox, region: BBox): BBox | undefined {
  const out: BBox = [Math.max(box[0], region[0]), Math.max(box[1], region[1]), Math.min(box[2], region[2]), Math.min(box[3], region[3])];
  return out[2] > out[0] && out[3] > out[1] ? out : undefined;
}
