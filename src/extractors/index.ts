// The extractors of this build, one per component type that has one. A new type adds its
// module beside table.ts and one line here; nothing else dispatches on the type.
import { chartExtractor } from './chart.js';
import { diagramExtractor, flowchartExtractor, mindmapExtractor } from './graph.js';
import { ExtractorRegistry } from './registry.js';
import { schematicExtractor } from './schematic.js';
import { tableExtractor } from './table.js';

export function createExtractors(): ExtractorRegistry {
  return new ExtractorRegistry()
    .register(tableExtractor)
    .register(chartExtractor)
    .register(flowchartExtractor)
    .register(mindmapExtractor)
    .register(diagramExtractor)
    .register(schematicExtractor);
}

export { ExtractorRegistry } from './registry.js';
export { EditRejected, type Extraction, type ExtractorOptions, type Extractor, type ExtractorInput, type GroundingEdit, type GroundingEditRequest } from './types.js';
export { baselineUnavailable, extractWithOptions, type BaselineEngines, type ModelCall, type OptionedExtraction } from './baseline.js';
export { BASELINE_PROVIDERS, DEFAULT_EXTRACTION_OPTIONS, type BaselineProvider, type ExtractionOptions } from './options.js';
