// One OCR engine per process, of the configured kind (PAGELENS_OCR), started on first use.
import type { AppContext } from '../context.js';
import { createOcrEngine, type OcrEngine } from '../providers/ocr/index.js';

let engine: Promise<OcrEngine> | null = null;

export function ocrEngine(app: AppContext): Promise<OcrEngine> {
  if (!engine) {
    engine = createOcrEngine(app.config.ocr, { workers: 1 });
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

/** Stops the engine's workers (tesseract.js threads would otherwise keep the process alive). */
export async function closeOcrEngine(): Promise<void> {
  const current = engine;
  engine = null;
  if (current) await (await current).close();
}
