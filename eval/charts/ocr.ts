// The OCR port the chart extractor is given in the evaluation and benchmark: native tesseract in
// sparse-text mode (PSM 11), which finds scattered labels (ticks, legends, value labels) that the
// page layout analysis of the default mode (PSM 3) drops as part of a picture.
import type { PageText } from '../../src/pipeline/types.js';
import { NativeTesseractEngine } from '../../src/providers/ocr/index.js';
import { decodeGrey } from '../../src/providers/ocr/raster.js';

export const SPARSE_TEXT = '11';

export function sparseTextOcr(engine: NativeTesseractEngine): (png: Buffer) => Promise<PageText> {
  return async (png) => ({ source: 'ocr', lines: await engine.readImage(await decodeGrey(png), SPARSE_TEXT) });
}

export async function chartOcrEngine(workers = 1): Promise<NativeTesseractEngine> {
  if (!(await NativeTesseractEngine.isAvailable())) throw new Error('native tesseract (Debian tesseract-ocr) is needed for the chart evaluation');
  // EVAL_OCR_TIMEOUT_S: a loaded shared machine can take a minute over one tesseract read.
  return NativeTesseractEngine.create({ workers, timeoutMs: 1000 * Number(process.env.EVAL_OCR_TIMEOUT_S ?? 60) });
}
