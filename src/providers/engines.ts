// The engines a process uses (page OCR, the page helpers' detector, the chat model, the
// embeddings model), built from settings once and handed to whoever needs them. The runtime owns
// them and closes them; tests pass their own (fakes included) instead of patching modules.
import { cpus } from 'node:os';
import { createDocumentAnalyzers, type DocumentAnalysisSettings, type DocumentAnalyzers } from './document-analysis/index.js';
import { createEmbedder, type Embedder, type EmbeddingsSettings } from './embeddings/index.js';
import { createChatModel, type ChatModel, type LlmSettings } from './llm/index.js';
import { availableOcrKinds, createOcrEngine, PpocrEngine, type OcrEngine, type OcrKind } from './ocr/index.js';

export type OcrSetting = 'auto' | OcrKind;

export interface EngineSettings {
  ocr: OcrSetting;
  /** Per-image limit of the native tesseract CLI; its own default (60 s) when absent. */
  ocrTimeoutSeconds?: number;
  llm: LlmSettings;
  embeddings: EmbeddingsSettings;
  documentAnalysis?: DocumentAnalysisSettings;
}

export interface Engines {
  /** The page OCR engine of the configured kind, started on first use. */
  ocr(): Promise<OcrEngine>;
  /**
   * The interactive page helpers' engine (ocr-regions, detect-text-in-region): PP-OCR detection
   * whatever PAGELENS_OCR says, lines read by tesseract.js workers that keep their model loaded.
   */
  helperOcr(): Promise<PpocrEngine>;
  /** The configured chat (and vision) model, or null when none is set. */
  readonly chatModel: ChatModel | null;
  /** The configured embeddings model, or null when none is set. */
  readonly embedder: Embedder | null;
  /** The configured external document-analysis services (each null when not configured). */
  readonly documentAnalyzers: DocumentAnalyzers;
  /** Stops what was started (tesseract.js threads would otherwise keep the process alive). */
  close(): Promise<void>;
}

/** 'auto' prefers Debian's native tesseract (about twice as fast) and falls back to tesseract.js. */
async function resolveOcrKind(setting: OcrSetting): Promise<OcrKind> {
  if (setting !== 'auto') return setting;
  return (await availableOcrKinds()).includes('tesseract-native') ? 'tesseract-native' : 'tesseract';
}

/** A lazily started engine that is started again after a failed start. */
function lazy<T>(start: () => Promise<T>): { get(): Promise<T>; started(): Promise<T | null> } {
  let current: Promise<T> | null = null;
  return {
    get() {
      if (!current) {
        const p = start();
        current = p;
        p.catch(() => {
          if (current === p) current = null;
        });
      }
      return current;
    },
    async started() {
      const p = current;
      current = null;
      return p ? p.catch(() => null) : null;
    },
  };
}

/** The page helpers' engine: up to two recognisers, so a batch's lines are read on two cores. */
export function createHelperOcr(): Promise<PpocrEngine> {
  const parallel = Math.min(2, cpus().length);
  return PpocrEngine.create({ threads: parallel, workers: parallel });
}

export function createEngines(settings: EngineSettings): Engines {
  const ocr = lazy(async () => createOcrEngine(await resolveOcrKind(settings.ocr), {
    workers: 1,
    timeoutMs: settings.ocrTimeoutSeconds === undefined ? undefined : settings.ocrTimeoutSeconds * 1000,
  }));
  const helper = lazy(createHelperOcr);
  return {
    ocr: () => ocr.get(),
    helperOcr: () => helper.get(),
    chatModel: createChatModel(settings.llm),
    embedder: createEmbedder(settings.embeddings),
    documentAnalyzers: createDocumentAnalyzers(settings.documentAnalysis ?? { azure: null, google: null }),
    async close() {
      await (await ocr.started())?.close();
      await (await helper.started())?.close();
    },
  };
}
