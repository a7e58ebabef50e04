// Flowcharts, diagrams and mind maps from figure pixels: the pipeline's public entry points.
import { figureGraph } from './extract.js';
import type { FigureInput, FlowGraph } from './types.js';

export { describeFlowGraph } from './describe.js';
export { flowGraphToMermaid, mermaidLabel, mindmapToMermaid } from './mermaid.js';
export { isValidationProblem, validateFlowGraph, type ValidationProblem } from './validate.js';
export { extractMindmap, graphToMindmap } from '../mindmaps/index.js';
export * from './types.js';

/** A flowchart: shapes with their text, arrows with direction and labels. */
export function extractFlowchart(input: FigureInput): Promise<FlowGraph> {
  return figureGraph(input, 'flowchart');
}

/** A block diagram, org chart or architecture sketch: the same graph; free text at line ends is a node. */
export function extractDiagram(input: FigureInput): Promise<FlowGraph> {
  return figureGraph(input, 'diagram');
}
