// Checks a client's `intermediate_json` (PUT /components/{id}) before it replaces the stored
// graph: every problem comes back with the JSON path that holds it, for a 422.
import { NODE_SHAPES, type FlowDirection, type FlowEdge, type FlowGraph, type FlowNode, type NodeShape } from './types.js';
import type { BBox } from '../types.js';

export interface ValidationProblem {
  path: string;
  message: string;
}

const MAX_NODES = 2000;
const MAX_EDGES = 10000;
const MAX_TEXT = 2000;
const DIRECTIONS: FlowDirection[] = ['TD', 'LR', 'BT', 'RL'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function bbox(v: unknown, path: string): BBox | ValidationProblem {
  if (!Array.isArray(v) || v.length !== 4 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) return { path, message: 'must be an array of four finite numbers [x0, y0, x1, y1]' };
  const b = v as BBox;
  if (b[2] < b[0] || b[3] < b[1]) return { path, message: 'must have x1 >= x0 and y1 >= y0' };
  return b;
}

const isProblem = (v: unknown): v is ValidationProblem => isObject(v) && typeof v.path === 'string' && typeof v.message === 'string';

/** The graph, normalised (missing optional fields filled in), or the first problem found. */
export function validateFlowGraph(json: unknown): FlowGraph | ValidationProblem {
  if (!isObject(json)) return { path: '$', message: 'must be an object with nodes and edges' };
  if (!Array.isArray(json.nodes)) return { path: '$.nodes', message: 'must be an array' };
  if (!Array.isArray(json.edges)) return { path: '$.edges', message: 'must be an array' };
  if (json.nodes.length > MAX_NODES) return { path: '$.nodes', message: `at most ${MAX_NODES} nodes` };
  if (json.edges.length > MAX_EDGES) return { path: '$.edges', message: `at most ${MAX_EDGES} edges` };
  const nodes: FlowNode[] = [];
  const seen = new Set<string>();
  for (const [i, n] of json.nodes.entries()) {
    const path = `$.nodes[${i}]`;
    if (!isObject(n)) return { path, message: 'must be an object' };
    if (typeof n.id !== 'string' || n.id.trim() === '' || n.id.length > 64) return { path: `${path}.id`, message: 'must be a non-empty string of at most 64 characters' };
    if (seen.has(n.id)) return { path: `${path}.id`, message: `duplicate node id "${n.id}"` };
    seen.add(n.id);
    const shape = n.shape ?? 'process';
    if (typeof shape !== 'string' || !(NODE_SHAPES as readonly string[]).includes(shape)) return { path: `${path}.shape`, message: `must be one of ${NODE_SHAPES.join(', ')}` };
    const text = n.text ?? '';
    if (typeof text !== 'string' || text.length > MAX_TEXT) return { path: `${path}.text`, message: `must be a string of at most ${MAX_TEXT} characters` };
    const b = n.bbox === undefined ? ([0, 0, 0, 0] as BBox) : bbox(n.bbox, `${path}.bbox`);
    if (isProblem(b)) return b;
    nodes.push({ id: n.id, shape: shape as NodeShape, text, bbox: b });
  }
  const edges: FlowEdge[] = [];
  for (const [i, e] of json.edges.entries()) {
    const path = `$.edges[${i}]`;
    if (!isObject(e)) return { path, message: 'must be an object' };
    for (const end of ['source', 'target'] as const) {
      const v = e[end];
      if (typeof v !== 'string') return { path: `${path}.${end}`, message: 'must be a node id (string)' };
      if (!seen.has(v)) return { path: `${path}.${end}`, message: `no node has id "${v}"` };
    }
    const label = e.label ?? null;
    if (label !== null && (typeof label !== 'string' || label.length > MAX_TEXT)) return { path: `${path}.label`, message: `must be null or a string of at most ${MAX_TEXT} characters` };
    if (e.directed !== undefined && typeof e.directed !== 'boolean') return { path: `${path}.directed`, message: 'must be a boolean' };
    const edge: FlowEdge = { source: e.source as string, target: e.target as string, label };
    if (e.directed === false) edge.directed = false;
    if (e.bbox !== undefined) {
      const b = bbox(e.bbox, `${path}.bbox`);
      if (isProblem(b)) return b;
      edge.bbox = b;
    }
    edges.push(edge);
  }
  const graph: FlowGraph = { nodes, edges };
  if (json.direction !== undefined) {
    if (typeof json.direction !== 'string' || !(DIRECTIONS as string[]).includes(json.direction)) return { path: '$.direction', message: `must be one of ${DIRECTIONS.join(', ')}` };
    graph.direction = json.direction as FlowDirection;
  }
  if (json.root !== undefined) {
    if (typeof json.root !== 'string' || !seen.has(json.root)) return { path: '$.root', message: 'must be the id of a node (the central topic of a mind map)' };
    graph.root = json.root;
  }
  return graph;
}

export const isValidationProblem = (v: FlowGraph | ValidationProblem): v is ValidationProblem => 'path' in v && 'message' in v;
