// The job kinds of this build, registered at the composition root (src/runtime.ts) so that the
// job engine (src/jobs) knows none of them. Start-up fails when a kind that records may name has
// no handler, or two.
import type { StepPorts } from './context.js';
import { JobKindRegistry } from './jobs/kinds.js';
import { syntheticKind } from './jobs/synthetic.js';
import { extractComponentKind } from './processing/component-kind.js';
import { processDocumentKind } from './processing/kind.js';
import { renderPageKind } from './processing/render-kind.js';
import { reprocessComponentsKind } from './processing/reprocess-components-kind.js';
import { answerQuestionKind } from './qa/kind.js';
import { extractLegendKind } from './schematics/legend-extract-kind.js';
import { remapLegendKind } from './schematics/legend-remap-kind.js';
import { embedChunksKind } from './search/embed-kind.js';

/** Job kinds that records in the database may name. */
export const CREATABLE_KINDS = ['process_document', 'render_page', 'synthetic', 'answer_question', 'extract_component', 'embed_chunks', 'reprocess_components', 'extract_schematic_legend', 'remap_schematic_legend'] as const;

export function jobKinds(): JobKindRegistry<StepPorts> {
  const kinds = new JobKindRegistry<StepPorts>();
  kinds.register(processDocumentKind);
  kinds.register(renderPageKind);
  kinds.register(syntheticKind);
  kinds.register(answerQuestionKind);
  kinds.register(extractComponentKind);
  kinds.register(embedChunksKind);
  kinds.register(reprocessComponentsKind);
  kinds.register(extractLegendKind);
  kinds.register(remapLegendKind);
  kinds.assertHandles(CREATABLE_KINDS);
  return kinds;
}
