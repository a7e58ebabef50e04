// The text detector and recogniser behind the interactive page helpers (ocr-regions,
// detect-text-in-region), one per API process, started on first use and kept warm.
// PP-OCR detection is needed whatever PAGELENS_OCR says; lines are read by tesseract.js, whose
// workers keep their model loaded (a native tesseract process would reload it for every line);
// up to two, so the lines of a batch are read in parallel on two cores.
import { cpus } from 'node:os';
import { PpocrEngine } from '../providers/ocr/index.js';

let engine: Promise<PpocrEngine> | null = null;

export function helperOcr(): Promise<PpocrEngine> {
  if (!engine) {
    engine = PpocrEngine.create({ threads: Math.min(2, cpus().length), workers: Math.min(2, cpus().length) });
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

export async function closeHelperOcr(): Promise<void> {
  const current = engine;
  engine = null;
  if (current) await (await current.catch(() => null))?.close();
}
