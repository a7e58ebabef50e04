// One OCR engine per process, of the configured kind (PAGELENS_OCR), started on first use.
import type { AppContext } from '../context.js';
import { availableOcrKinds, createOcrEngine, type OcrEngine, type OcrKind } from '../providers/ocr/index.js';

let engine: Promise<OcrEngine> | null = null;

/** 'auto' prefers Debian's native tesseract (about twice as fast) and falls back to tesseract.js. */
async function resolveKind(setting: AppContext['config']['ocr']): Promise<OcrKind> {
  if (setting !== 'auto') return setting;
  return (await availableOcrKinds()).includes('tesseract-native') ? 'tesseract-native' : 'tesseract';
}

export function ocrEngine(app: AppContext): Promise<OcrEngine> {
  if (!engine) {
    engine = resolveKind(app.config.ocr).then((kind) => createOcrEngine(kind, { workers: 1 }));
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
