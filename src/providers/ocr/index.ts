// OCR engine registry: a configured kind (PAGELENS_OCR) to its engine.
import type { OcrEngine } from './engine.js';
import { PpocrEngine, type PpocrOptions } from './ppocr.js';
import { NativeTesseractEngine, type NativeTesseractOptions } from './tesseract-native.js';
import { TesseractEngine, type TesseractOptions } from './tesseract.js';

export type { OcrEngine, RecognizeOptions } from './engine.js';
export { NativeTesseractEngine, PpocrEngine, TesseractEngine };

export const OCR_KINDS = ['tesseract', 'tesseract-native', 'ppocr'] as const;
export type OcrKind = (typeof OCR_KINDS)[number];

export interface OcrEngineOptions {
  /** Parallel recognisers (tesseract.js workers or native processes). Default 1. */
  workers?: number;
  /** onnxruntime threads for PP-OCR detection. Default 1. */
  threads?: number;
  /** Per-image time limit for the native CLI. */
  timeoutMs?: number;
}

export type { NativeTesseractOptions, PpocrOptions, TesseractOptions };

/** Starts the engine of `kind`; the caller closes it. tesseract-native fails when the CLI is missing. */
export async function createOcrEngine(kind: OcrKind, options: OcrEngineOptions = {}): Promise<OcrEngine> {
  switch (kind) {
    case 'tesseract':
      return TesseractEngine.create({ workers: options.workers });
    case 'tesseract-native':
      return NativeTesseractEngine.create({ workers: options.workers, timeoutMs: options.timeoutMs });
    case 'ppocr':
      return PpocrEngine.create({ workers: options.workers, threads: options.threads });
  }
}

/** The kinds that can run on this machine (tesseract-native only where the CLI is installed). */
export async function availableOcrKinds(): Promise<OcrKind[]> {
  return (await NativeTesseractEngine.isAvailable()) ? [...OCR_KINDS] : OCR_KINDS.filter((k) => k !== 'tesseract-native');
}
