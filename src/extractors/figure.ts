// What the figure extractors (charts, flowcharts, mind maps, diagrams) share: the region cut out
// of the page as its own image, the page's words inside it moved into the crop's pixels (a PDF
// text layer is exact and skips OCR), an OCR port for scans, and boxes moved back to the page.
import { cropPng } from '../components/crop.js';
import type { BBox, PageText, Word } from '../pipeline/types.js';
import { NativeTesseractEngine, type OcrEngine } from '../providers/ocr/index.js';
import { decodeGrey } from '../providers/ocr/raster.js';
import type { ExtractorInput } from './types.js';

export interface Figure {
  png: Buffer;
  width: number;
  height: number;
  /** The crop's top-left corner in page pixels. */
  x0: number;
  y0: number;
  words?: Word[];
  ocr: (png: Buffer) => Promise<PageText>;
  ocrBlock: (png: Buffer) => Promise<PageText>;
}

const inside = (b: BBox, r: BBox): boolean => {
  const cx = (b[0] + b[2]) / 2;
  const cy = (b[1] + b[3]) / 2;
  return cx >= r[0] && cx <= r[2] && cy >= r[1] && cy <= r[3];
};

export async function figureOf(input: ExtractorInput): Promise<Figure> {
  const { page, bbox } = input;
  const x0 = Math.max(0, Math.floor(bbox[0]));
  const y0 = Math.max(0, Math.floor(bbox[1]));
  const whole = x0 === 0 && y0 === 0 && bbox[2] >= page.width && bbox[3] >= page.height;
  const png = whole ? page.png : await cropPng(page.png, bbox);
  const x1 = whole ? page.width : Math.min(page.width, Math.ceil(bbox[2]));
  const y1 = whole ? page.height : Math.min(page.height, Math.ceil(bbox[3]));
  const shift = (b: BBox): BBox => [b[0] - x0, b[1] - y0, b[2] - x0, b[3] - y0];
  const words =
    input.textSource === 'pdf'
      ? input.words.filter((w) => inside(w.bbox, [x0, y0, x1, y1])).map((w) => ({ ...w, bbox: shift(w.bbox) }))
      : undefined;
  return {
    png,
    width: x1 - x0,
    height: y1 - y0,
    x0,
    y0,
    // A born-digital figure with no words in its text layer is drawn text as paths: read it.
    ...(words && words.length > 0 ? { words } : {}),
    ocr: async (image) => figureText(await input.ocr(), image),
    ocrBlock: async (image) => figureBlockText(await input.ocr(), image),
  };
}

/**
 * A figure's text: native tesseract in sparse-text mode (PSM 11), which finds the scattered labels
 * of a figure (ticks, legends, edge labels) that page layout analysis drops as part of a picture;
 * other engines read it as they read pages.
 */
export async function figureText(engine: OcrEngine, png: Buffer): Promise<PageText> {
  if (engine instanceof NativeTesseractEngine) return { source: 'ocr', lines: await engine.readImage(await decodeGrey(png), '11') };
  return engine.recognize(png);
}

/**
 * A sheet the flowchart reader prepared (each text block cleaned and stacked under the last): one
 * uniform block of lines, read in single-block mode (sparse-text mode loses words of multi-word
 * lines, page layout analysis whole lines); the reader also reads it sparse and keeps, block by
 * block, the surer of the two.
 */
export async function figureBlockText(engine: OcrEngine, png: Buffer): Promise<PageText> {
  return { source: 'ocr', lines: await engine.readBlock(await decodeGrey(png)) };
}

/** A box of the crop in page pixels. */
export const toPage = (f: Pick<Figure, 'x0' | 'y0'>, b: BBox): BBox => [b[0] + f.x0, b[1] + f.y0, b[2] + f.x0, b[3] + f.y0];
