// The extractors of this build, one per component type that has one. A new type adds its
// module beside table.ts and one line here; nothing else dispatches on the type.
import { ExtractorRegistry } from './registry.js';
import { tableExtractor } from './table.js';

export function createExtractors(): ExtractorRegistry {
  return new ExtractorRegistry().register(tableExtractor);
}

export { ExtractorRegistry } from './registry.js';
export type { Extraction, Extractor, ExtractorInput } from './types.js';
export { baselineUnavailable, extractWithOptions, type BaselineEngines, type ModelCall, type OptionedExtraction } from './baseline.js';
export { BASELINE_PROVIDERS, DEFAULT_EXTRACTION_OPTIONS, type BaselineProvider, type ExtractionOptions } from './options.js';
