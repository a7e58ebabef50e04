// The canonical v2 schematic graph (the spec's "v2 envelope"): what detection produces, what
// `grounding_data.graph` of a schematic visual component holds and what every export starts from.
// Coordinates are pixels of the component's image, origin top left, boxes [x0, y0, x1, y1].
// The spec fixes the top-level keys; the members below them are PageLens's design, documented
// with their JSON Schema in docs/schematic-v2.md.
import type { SchematicGraph } from '../pipeline/schematics/types.js';

// One definition, in the pipeline (the lowest layer that uses it).
export type { Box, LegendEntry, Point, SchematicArrow, SchematicEdge, SchematicNetwork, SchematicNode, SchematicSubgraph } from '../pipeline/schematics/types.js';
export type SchematicGraphV2 = SchematicGraph;

/** An empty canvas of the given size: what a schematic component holds before detection. */
export function emptyGraph(imageWidth: number, imageHeight: number): SchematicGraphV2 {
  return {
    version: 'v2',
    network: { nodes: [], edges: [] },
    subgraphs: [],
    arrows: [],
    legend: [],
    legend_draft: null,
    image_width: imageWidth,
    image_height: imageHeight,
    total_pages: 1,
    non_flow_classes: [],
  };
}
