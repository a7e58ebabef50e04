// Schematic detection (P&IDs and similar sheets): symbols from the sheet's legend or given
// legend pictures, tags, lines with junctions, crossings, bends and arrows, as a v2 graph.
export { detectSchematic } from './detect.js';
export { extractLegend } from './extract-legend.js';
export { remapDetections } from './remap.js';
export { slug } from './legend.js';
export type { DetectInput, KnownLegendEntry, LegendEntry, SchematicGraph, SchematicNode, SchematicEdge, SchematicArrow, SchematicOcr, VisionModel } from './types.js';
