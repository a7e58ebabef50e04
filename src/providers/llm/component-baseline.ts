// A vision model's reading of a component image, as the baseline of POST /components
// (baseline_provider=vlm): the model is shown the image and asked for the type's output as JSON
// (a table's cell grid, a chart's data table, a flowchart's or diagram's graph, a mind map's
// tree). Its answer is parsed strictly: a wrong shape, a dangling edge or an oversized answer is a
// ProviderError ('bad_response'), never a half-read result. Rendering (HTML, Mermaid) is the
// caller's, from these checked values only, so nothing the model wrote reaches a page unescaped.
import { answerObject } from './answer-json.js';
import { ProviderError } from './errors.js';
import { isRecord } from './http.js';
import type { ChatModel } from './types.js';

export const VLM_BASELINE_TYPES = ['table', 'chart', 'flowchart', 'diagram', 'mindmap'] as const;
export type VlmBaselineType = (typeof VLM_BASELINE_TYPES)[number];

export const FLOW_SHAPES = ['process', 'decision', 'terminator', 'input_output', 'connector', 'subroutine', 'other'] as const;
export type FlowShape = (typeof FLOW_SHAPES)[number];

export interface TableReading {
  kind: 'table';
  /** Rows of cell texts, the first `headerRows` of them headers. */
  rows: string[][];
  headerRows: number;
}

export interface ChartReading {
  kind: 'chart';
  chartType: string | null;
  title: string | null;
  /** The first column names the categories (or x values); one more column per series. */
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

export interface GraphReading {
  kind: 'graph';
  direction: 'TD' | 'LR' | 'BT' | 'RL';
  nodes: Array<{ id: string; text: string; shape: FlowShape }>;
  edges: Array<{ source: string; target: string; label: string | null; directed: boolean }>;
}

export interface TreeNode {
  text: string;
  children: TreeNode[];
}

export interface TreeReading {
  kind: 'tree';
  root: TreeNode;
}

export type ComponentReading = TableReading | ChartReading | GraphReading | TreeReading;

export interface ModelReading {
  reading: ComponentReading;
  tokensIn: number;
  tokensOut: number;
}

const LIMITS = { text: 2000, rows: 500, cols: 60, nodes: 400, edges: 1000, depth: 12 };

const SYSTEM = [
  'You read one image of a visual component (a table, chart, flowchart, diagram or mind map) and transcribe it exactly as structured data.',
  'Be faithful: copy text verbatim as printed, never invent values, labels or connections; use null for a value you cannot read.',
  'Answer with a single JSON object only.',
].join(' ');

const ASK: Record<VlmBaselineType, string> = {
  table: [
    'This image shows a table. Return exactly {"header_rows": integer, "rows": string[][]}.',
    '- rows: every row top to bottom, each the cell texts left to right; a merged cell is repeated in every row and column it spans; an empty cell is "".',
    '- header_rows: how many of the first rows are column headers (0 if none).',
  ].join('\n'),
  chart: [
    'This image shows a chart. Return exactly {"chart_type": string, "title": string|null, "columns": string[], "rows": (string|number|null)[][]}.',
    '- chart_type: one of bar, grouped_bar, stacked_bar, horizontal_bar, line, scatter, pie, other.',
    '- columns: the first names the categories or x values (the x axis title, or "category"); then one name per series (legend entries; "value" for a single unnamed series).',
    '- rows: one per category or x value, in the chart\'s order: the category label then each series\' value as a number in data units (read it from the axis scale or printed labels), null where there is none.',
  ].join('\n'),
  flowchart: [
    'This image shows a flowchart. Return exactly {"direction": "TD"|"LR"|"BT"|"RL", "nodes": [{"id": string, "text": string, "shape": string}], "edges": [{"source": string, "target": string, "label": string|null}]}.',
    '- shape: one of process, decision, terminator, input_output, connector, subroutine, other.',
    '- edges follow the arrows from source to target; label is the text on the connector ("yes", "no") or null.',
  ].join('\n'),
  diagram: [
    'This image shows a diagram (block diagram, org chart, architecture or network sketch). Return exactly {"direction": "TD"|"LR"|"BT"|"RL", "nodes": [{"id": string, "text": string, "shape": string}], "edges": [{"source": string, "target": string, "label": string|null, "directed": boolean}]}.',
    '- shape: process for boxes, connector for circles, other for anything else.',
    '- directed is true when the line has an arrow head at the target.',
  ].join('\n'),
  mindmap: [
    'This image shows a mind map. Return exactly {"root": {"text": string, "children": [ ...nodes of the same shape ]}}.',
    '- root is the central topic; children are its branches, each with their own children, in clockwise order from the top.',
  ].join('\n'),
};

const bad = (model: ChatModel, why: string): ProviderError =>
  new ProviderError(model.provider, 'bad_response', `model ${model.model} answered with an unusable reading: ${why}`);

function text(v: unknown, what: string, fail: (why: string) => ProviderError): string {
  if (typeof v !== 'string') throw fail(`${what} is not a string`);
  const t = v.replace(/\s+/g, ' ').trim();
  if (t.length > LIMITS.text) throw fail(`${what} is longer than ${LIMITS.text} characters`);
  return t;
}

function optionalText(v: unknown, what: string, fail: (why: string) => ProviderError): string | null {
  if (v === null || v === undefined) return null;
  const t = text(v, what, fail);
  return t === '' ? null : t;
}

function parseTable(obj: Record<string, unknown>, fail: (why: string) => ProviderError): TableReading {
  if (!Array.isArray(obj.rows) || obj.rows.length === 0) throw fail('rows is not a non-empty array');
  if (obj.rows.length > LIMITS.rows) throw fail(`more than ${LIMITS.rows} rows`);
  const rows = obj.rows.map((r: unknown, i) => {
    if (!Array.isArray(r) || r.length > LIMITS.cols) throw fail(`row ${i} is not an array of at most ${LIMITS.cols} cells`);
    return r.map((c: unknown, k) => (c === null ? '' : typeof c === 'number' ? String(c) : text(c, `cell ${i},${k}`, fail)));
  });
  const width = Math.max(...rows.map((r) => r.length));
  if (width === 0) throw fail('every row is empty');
  const headerRows = obj.header_rows ?? 0;
  if (typeof headerRows !== 'number' || !Number.isInteger(headerRows) || headerRows < 0 || headerRows > rows.length) throw fail('header_rows is not a row count');
  // Short rows are padded: the grid is rectangular like every other table grounding.
  return { kind: 'table', rows: rows.map((r) => [...r, ...new Array<string>(width - r.length).fill('')]), headerRows };
}

function parseChart(obj: Record<string, unknown>, fail: (why: string) => ProviderError): ChartReading {
  if (!Array.isArray(obj.columns) || obj.columns.length < 2 || obj.columns.length > LIMITS.cols) throw fail('columns is not 2 or more names');
  const columns = obj.columns.map((c: unknown, i) => text(c, `column ${i}`, fail));
  if (!Array.isArray(obj.rows) || obj.rows.length === 0 || obj.rows.length > LIMITS.rows) throw fail('rows is not a non-empty array');
  const rows = obj.rows.map((r: unknown, i) => {
    if (!Array.isArray(r) || r.length !== columns.length) throw fail(`row ${i} does not have one value per column`);
    return r.map((v: unknown, k): string | number | null => {
      if (k === 0) return typeof v === 'number' ? v : text(v, `row ${i} label`, fail);
      if (v === null) return null;
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[,\s%$€£]/g, '')) : NaN;
      if (!Number.isFinite(n)) throw fail(`row ${i} value ${k} is not a number`);
      return n;
    });
  });
  return { kind: 'chart', chartType: optionalText(obj.chart_type, 'chart_type', fail), title: optionalText(obj.title, 'title', fail), columns, rows };
}

function parseGraph(obj: Record<string, unknown>, fail: (why: string) => ProviderError, directedDefault: boolean): GraphReading {
  const direction = obj.direction ?? 'TD';
  if (direction !== 'TD' && direction !== 'LR' && direction !== 'BT' && direction !== 'RL') throw fail('direction is not TD, LR, BT or RL');
  if (!Array.isArray(obj.nodes) || obj.nodes.length === 0 || obj.nodes.length > LIMITS.nodes) throw fail(`nodes is not 1 to ${LIMITS.nodes} nodes`);
  const ids = new Set<string>();
  const nodes = obj.nodes.map((n: unknown, i) => {
    if (!isRecord(n)) throw fail(`node ${i} is not an object`);
    const id = typeof n.id === 'number' ? String(n.id) : text(n.id, `node ${i} id`, fail);
    if (id === '' || ids.has(id)) throw fail(`node id "${id}" is empty or repeated`);
    ids.add(id);
    const shape = FLOW_SHAPES.find((s) => s === n.shape) ?? 'other';
    return { id, text: text(n.text ?? '', `node ${id} text`, fail), shape };
  });
  const rawEdges = obj.edges ?? [];
  if (!Array.isArray(rawEdges) || rawEdges.length > LIMITS.edges) throw fail(`edges is not at most ${LIMITS.edges} edges`);
  const edges = rawEdges.map((e: unknown, i) => {
    if (!isRecord(e)) throw fail(`edge ${i} is not an object`);
    const source = typeof e.source === 'number' ? String(e.source) : text(e.source, `edge ${i} source`, fail);
    const target = typeof e.target === 'number' ? String(e.target) : text(e.target, `edge ${i} target`, fail);
    if (!ids.has(source) || !ids.has(target)) throw fail(`edge ${i} connects a node that is not listed (${source} -> ${target})`);
    const directed = typeof e.directed === 'boolean' ? e.directed : directedDefault;
    return { source, target, label: optionalText(e.label, `edge ${i} label`, fail), directed };
  });
  return { kind: 'graph', direction, nodes, edges };
}

function parseTree(obj: Record<string, unknown>, fail: (why: string) => ProviderError): TreeReading {
  let count = 0;
  const node = (v: unknown, depth: number): TreeNode => {
    if (!isRecord(v)) throw fail('a mind map node is not an object');
    if (depth > LIMITS.depth) throw fail(`the tree is deeper than ${LIMITS.depth}`);
    if (++count > LIMITS.nodes) throw fail(`the tree has more than ${LIMITS.nodes} nodes`);
    const children = v.children ?? [];
    if (!Array.isArray(children)) throw fail('children is not an array');
    const t = text(v.text, 'node text', fail);
    if (t === '') throw fail('a mind map node has no text');
    return { text: t, children: children.map((c: unknown) => node(c, depth + 1)) };
  };
  return { kind: 'tree', root: node(obj.root, 0) };
}

/** The model's answer as the type's reading; a ProviderError ('bad_response') when it is not one. */
export function parseComponentReading(model: ChatModel, type: VlmBaselineType, raw: string): ComponentReading {
  const fail = (why: string): ProviderError => bad(model, why);
  const obj = answerObject(raw);
  if (!obj) throw fail('not a JSON object');
  switch (type) {
    case 'table':
      return parseTable(obj, fail);
    case 'chart':
      return parseChart(obj, fail);
    case 'flowchart':
      return parseGraph(obj, fail, true);
    case 'diagram':
      return parseGraph(obj, fail, false);
    case 'mindmap':
      return parseTree(obj, fail);
  }
}

export const isVlmBaselineType = (t: string): t is VlmBaselineType => (VLM_BASELINE_TYPES as readonly string[]).includes(t);

/** Shows the model the image and asks for the type's output. */
export async function readComponentWithModel(model: ChatModel, type: VlmBaselineType, png: Buffer, options: { signal?: AbortSignal } = {}): Promise<ModelReading> {
  if (!model.vision) throw new ProviderError(model.provider, 'unsupported', `model ${model.model} is configured without vision (PAGELENS_LLM_VISION=false)`);
  const answer = await model.complete({ system: SYSTEM, prompt: ASK[type], images: [png], maxTokens: 4096, temperature: 0, json: true, signal: options.signal });
  return { reading: parseComponentReading(model, type, answer.text), tokensIn: answer.tokensIn, tokensOut: answer.tokensOut };
}
