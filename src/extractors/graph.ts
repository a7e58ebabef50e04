// The figure-graph extractors: flowcharts, diagrams (block diagrams, org charts, architecture
// sketches) and mind maps (src/pipeline/flowcharts, src/pipeline/mindmaps). Grounding: the graph
// as `intermediate_json` (nodes with shape, text and box; edges with source, target, label), its
// Mermaid code (`flowchart`, or `mindmap` for mind maps) and, when asked, a walk-through in words.
// Boxes are page pixels in grounding_data (evidence points at the page) and figure pixels in the
// component's own grounding. A corrected graph (PUT intermediate_json) is checked and its Mermaid
// code regenerated.
import type { ComponentType, JsonObject } from '../components/model.js';
import {
  describeFlowGraph,
  extractDiagram,
  extractFlowchart,
  flowGraphToMermaid,
  graphToMindmap,
  isValidationProblem,
  mindmapToMermaid,
  validateFlowGraph,
  type FigureInput,
  type FlowGraph,
  type MindmapNode,
} from '../pipeline/flowcharts/index.js';
import { extractMindmapGraph } from '../pipeline/mindmaps/index.js';
import type { BBox } from '../pipeline/types.js';
import { figureOf, toPage } from './figure.js';
import { EditRejected, type Extraction, type Extractor, type ExtractorInput, type GroundingEdit, type GroundingEditRequest } from './types.js';

type GraphType = Extract<ComponentType, 'flowchart' | 'diagram' | 'mindmap'>;

/** The graph with every box moved by `move` (figure pixels to page pixels). */
function moved(g: FlowGraph, move: (b: BBox) => BBox): FlowGraph {
  return {
    ...g,
    nodes: g.nodes.map((n) => ({ ...n, bbox: move(n.bbox) })),
    edges: g.edges.map((e) => (e.bbox ? { ...e, bbox: move(e.bbox) } : e)),
  };
}

/** A mind map's branches as a flat outline ("Topic > Branch > Leaf"), for description and search. */
function outline(node: MindmapNode, path: string[] = [], out: string[] = []): string[] {
  const here = [...path, node.text.trim()].filter((t) => t !== '');
  if (here.length > 1) out.push(here.join(' > '));
  for (const c of node.children) outline(c, here, out);
  return out;
}

/** Outputs of a graph: the Mermaid code for its type and, when asked, the walk-through. */
function outputs(type: GraphType, g: FlowGraph, describe: boolean): JsonObject {
  if (type === 'mindmap') {
    const tree = graphToMindmap(g);
    const lines = outline(tree.root);
    return {
      mermaid: mindmapToMermaid(tree),
      mindmap: tree,
      ...(describe ? { description: `Mind map centred on "${tree.root.text}"${lines.length ? `: ${lines.join('; ')}.` : '.'}` } : {}),
    };
  }
  return { mermaid: flowGraphToMermaid(g), ...(describe ? { description: describeFlowGraph(g) } : {}) };
}

const extractorFor: Record<GraphType, (f: FigureInput) => Promise<FlowGraph>> = {
  flowchart: extractFlowchart,
  diagram: extractDiagram,
  // A mind map's text nodes and branch lines, read in the pipeline's mind-map mode.
  mindmap: extractMindmapGraph,
};

function graphExtractor(type: GraphType): Extractor {
  return {
    type,
    async extract(input: ExtractorInput): Promise<Extraction> {
      const figure = await figureOf(input);
      const graph = await extractorFor[type](figure);
      const describe = input.options?.includeDescription === true;
      const out = outputs(type, graph, describe);
      const stats = { node_count: graph.nodes.length, edge_count: graph.edges.length, source: 'pipeline' };
      const empty = graph.nodes.length === 0;
      return {
        grounding: { ...out, intermediate_json: graph, ...stats },
        groundingData: { ...out, intermediate_json: moved(graph, (b) => toPage(figure, b)), ...stats },
        status: empty ? 'degraded' : 'done',
        error: empty ? `No ${type === 'mindmap' ? 'mind map' : type} shapes or text were found in the figure` : null,
      };
    },
    async edit(request: GroundingEditRequest): Promise<GroundingEdit> {
      if (request.html_table !== undefined) throw new EditRejected(['html_table'], `${type} components take intermediate_json (the graph), not html_table`);
      if (request.intermediate_json === undefined) throw new EditRejected(['intermediate_json'], `give the corrected graph of the ${type} as intermediate_json`);
      const checked = validateFlowGraph(request.intermediate_json);
      if (isValidationProblem(checked)) {
        // "$.nodes[2].text" -> ['intermediate_json', 'nodes', 2, 'text']
        const loc = [...checked.path.matchAll(/\.([A-Za-z_]\w*)|\[(\d+)\]/g)].map((m) => (m[1] !== undefined ? m[1] : Number(m[2])));
        throw new EditRejected(['intermediate_json', ...loc], checked.message);
      }
      return {
        apply(data) {
          const describe = typeof data.description === 'string';
          return { ...data, ...outputs(type, checked, describe), intermediate_json: checked, node_count: checked.nodes.length, edge_count: checked.edges.length, source: 'manual' };
        },
      };
    },
  };
}

export const flowchartExtractor = graphExtractor('flowchart');
export const diagramExtractor = graphExtractor('diagram');
export const mindmapExtractor = graphExtractor('mindmap');
