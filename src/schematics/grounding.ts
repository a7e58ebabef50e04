// How a schematic is kept: `{graph, reviewed}` at grounding_data of each of the component's
// regions (the spec's grounding_data.graph and grounding_data.reviewed) and in the component
// record's grounding (all a standalone component has). The schematic extractor (src/extractors)
// returns this shape as both its grounding and its grounding_data.
import type { JsonObject } from '../components/model.js';
import { emptyGraph, type SchematicGraphV2 } from './graph.js';

export interface SchematicState {
  graph: SchematicGraphV2;
  reviewed: boolean;
}

/** The stored form of a schematic: what extraction and every schematic write put in place. */
export function schematicGrounding(graph: SchematicGraphV2, reviewed = false): JsonObject {
  return { graph, reviewed };
}

/** The canvas of a region before anything was detected or drawn: the crop's size in page pixels. */
export function regionCanvas(bbox: readonly number[]): SchematicGraphV2 {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = bbox;
  return emptyGraph(Math.max(0, Math.round(x1 - x0)), Math.max(0, Math.round(y1 - y0)));
}
