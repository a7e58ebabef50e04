// The extraction options of POST /components, in a module light enough for job payloads and wire
// schemas to import: which baseline provider to run beside the offline extractor, and whether a
// vision model corrects the recognised text (src/extractors/baseline.ts does both).
export const BASELINE_PROVIDERS = ['vlm', 'azure_document_intelligence', 'google_cloud_vision'] as const;
export type BaselineProvider = (typeof BASELINE_PROVIDERS)[number];

export interface ExtractionOptions {
  baselineProvider: BaselineProvider | null;
  fixTextWithVlm: boolean;
  /** include_description: a walk-through in words (flowcharts, diagrams, mind maps). */
  includeDescription?: boolean;
}

/** The spec's defaults: no baseline, text correction on (a no-op without a vision model). */
export const DEFAULT_EXTRACTION_OPTIONS: ExtractionOptions = { baselineProvider: null, fixTextWithVlm: true };
