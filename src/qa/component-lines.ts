// A component's grounding as lines a reader can quote, each boxed on the page: a table's or
// chart's cells named by their headers, a flowchart's steps and connections, and readable leaves
// of any other grounding JSON. Used by direct answers, questions and the search index alike, so
// it depends on types only.
import type { BBox } from '../pipeline/types.js';
import type { PassageLine } from '../providers/answer/index.js';
import { isRowKey } from './row-keys.js';

const MAX_GROUNDING_LINES = 400;

/** Readable lines out of a component's grounding JSON: "path: value" for each text or number leaf. */
export function groundingLines(value: unknown, bbox: BBox | null, prefix = '', out: PassageLine[] = []): PassageLine[] {
  if (out.length >= MAX_GROUNDING_LINES) return out;
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
    if (text !== '' && text.length < 2000) out.push({ text: prefix ? `${prefix}: ${text}` : text, bbox });
  } else if (Array.isArray(value)) {
    for (const v of value) groundingLines(v, bbox, prefix, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // Geometry, ids and table bookkeeping (edges, counts, links) are not content to answer from.
      if (/^(bbox|bboxes|image|image_url|source_crop_url|id|x|y|width|height|rows|cols|header_rows|source|col_edges|row_edges|continues_from|continued_by|reviewed)$/i.test(k)) continue;
      groundingLines(v, bbox, /^\d+$/.test(k) ? prefix : k, out);
    }
  }
  return out;
}

interface GridCell {
  row: number;
  col: number;
  col_span?: number;
  row_span?: number;
  text: string;
  bbox?: BBox;
  header?: boolean;
}

function isGrid(value: unknown): value is GridCell[] {
  return Array.isArray(value) && value.length > 0 && value.every((c) => c !== null && typeof c === 'object' && typeof (c as GridCell).row === 'number' && typeof (c as GridCell).col === 'number' && typeof (c as GridCell).text === 'string');
}

const METADATA_KEYS = ['image_base64', 'image_mime_type', 'image_width', 'image_height', 'mermaid', 'mindmap', 'plot_area', 'confidence', 'warnings', 'series', 'axes', 'bar_layout', 'source', 'node_count', 'edge_count', 'chart_type'];

interface GraphNode {
  id: string;
  text: string;
  bbox?: BBox;
}

function isGraph(value: unknown): value is { nodes: GraphNode[]; edges: Array<{ source: string; target: string; label?: string | null }> } {
  const v = value as { nodes?: unknown; edges?: unknown } | null;
  return v !== null && typeof v === 'object' && Array.isArray(v.nodes) && Array.isArray(v.edges);
}

/** A flowchart's graph as lines: each step, then each connection ("Check stock -> Reorder (no)"), boxed by its node. */
export function graphLines(g: { nodes: GraphNode[]; edges: Array<{ source: string; target: string; label?: string | null }> }, fallback: BBox | null): PassageLine[] {
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  const box = (n: GraphNode | undefined): BBox | null => (Array.isArray(n?.bbox) && n.bbox.length === 4 ? n.bbox : fallback);
  const out: PassageLine[] = g.nodes.filter((n) => typeof n.text === 'string' && n.text.trim() !== '').map((n) => ({ text: n.text.trim(), bbox: box(n) }));
  for (const e of g.edges) {
    const a = byId.get(e.source);
    const b = byId.get(e.target);
    if (!a?.text.trim() || !b?.text.trim()) continue;
    out.push({ text: `${a.text.trim()} -> ${b.text.trim()}${e.label ? ` (${e.label})` : ''}`, bbox: box(a) });
    // The same connection in words, for questions asked the way people ask about a process.
    out.push({ text: `After "${a.text.trim()}"${e.label ? `, if ${e.label}` : ''}, the next step is "${b.text.trim()}".`, bbox: box(b) });
  }
  return out;
}

/** A table's cell grid as lines a reader can quote: each body cell named by its row and column headers. */
export function tableLines(cells: GridCell[], fallback: BBox | null): PassageLine[] {
  const headers = new Map<number, string[]>();
  for (const c of cells.filter((c) => c.header === true && c.text.trim() !== '')) {
    for (let col = c.col; col < c.col + (c.col_span ?? 1); col++) headers.set(col, [...(headers.get(col) ?? []), c.text.trim()]);
  }
  const rows = new Map<number, GridCell[]>();
  for (const c of cells.filter((c) => c.header !== true)) rows.set(c.row, [...(rows.get(c.row) ?? []), c]);
  const out: PassageLine[] = [];
  const head = [...headers.entries()].sort((a, b) => a[0] - b[0]).map(([, h]) => h.join(' '));
  if (head.length) out.push({ text: head.join('; '), bbox: fallback });
  // A first-column label spanning several body rows (a row group) names each of its rows.
  const stubs = cells.filter((c) => c.header !== true && c.col === 0 && c.text.trim() !== '');
  for (const [r, row] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    const filled = row.filter((c) => c.text.trim() !== '').sort((a, b) => a.col - b.col);
    const spanning = stubs.find((c) => c.row < r && c.row + (c.row_span ?? 1) > r);
    const stub = filled[0]?.col === 0 ? filled[0].text.trim() : (spanning?.text.trim() ?? '');
    // Cells of other columns that name the row (the asset's tag after an "Area" column).
    const keys = filled.filter((c) => c.col > 0 && isRowKey(c.text, headers.get(c.col)?.join(' ')));
    // One line per cell ("East Shaft, Q2: 25"), boxed by that cell, so evidence points at the cell.
    for (const c of filled) {
      if (c.col === 0 && filled.length > 1) continue;
      const h = headers.get(c.col)?.join(' ');
      const others = keys.filter((k) => k !== c).map((k) => k.text.trim());
      const name = [stub && c.col > 0 ? stub : '', ...others, h ?? ''].filter((x) => x !== '').join(', ');
      const box = Array.isArray(c.bbox) && c.bbox.length === 4 ? c.bbox : fallback;
      out.push({ text: name ? `${name}: ${c.text.trim()}` : c.text.trim(), bbox: box });
    }
  }
  return out;
}

interface SchematicNode {
  id: string;
  class: string;
  subtype?: string | null;
  bbox?: BBox;
  transcription?: string | null;
  legend_id?: string | null;
}

interface SchematicGraph {
  network: { nodes: SchematicNode[]; edges: Array<{ source: string; target: string; class?: string }> };
  legend?: Array<{ id: string; class: string; label?: string }>;
  image_width?: number;
  image_height?: number;
}

function isSchematic(value: unknown): value is SchematicGraph {
  const net = (value as { network?: { nodes?: unknown; edges?: unknown } } | null)?.network;
  return !!net && Array.isArray(net.nodes) && Array.isArray(net.edges) && net.nodes.every((n) => n !== null && typeof n === 'object' && typeof (n as SchematicNode).id === 'string' && typeof (n as SchematicNode).class === 'string');
}

/**
 * A schematic's tagged symbols and their connections as lines ("P-101 is a Pump (centrifugal pump).",
 * "V-101 is connected to P-101 by a pipe"), each boxed by its symbol: the graph's pixels scaled
 * onto the component's region on the page.
 */
export function schematicLines(g: SchematicGraph, region: BBox | null): PassageLine[] {
  const words = (c: string): string => c.replace(/_/g, ' ');
  const legend = new Map((g.legend ?? []).map((l) => [l.class, l.label ?? '']));
  const box = (n: SchematicNode): BBox | null => {
    if (!region || !n.bbox || !g.image_width || !g.image_height) return region;
    const sx = (region[2] - region[0]) / g.image_width;
    const sy = (region[3] - region[1]) / g.image_height;
    return [region[0] + n.bbox[0] * sx, region[1] + n.bbox[1] * sy, region[0] + n.bbox[2] * sx, region[1] + n.bbox[3] * sy];
  };
  const tag = (n: SchematicNode | undefined): string => n?.transcription?.trim() ?? '';
  const out: PassageLine[] = [];
  for (const n of g.network.nodes) {
    if (!tag(n)) continue;
    const kind = [words(n.class), n.subtype ? words(n.subtype) : ''].filter((x) => x).join(', ');
    const name = legend.get(n.class)?.trim();
    const what = name && name.toLowerCase() !== kind.toLowerCase() ? `${name} (${kind})` : kind;
    out.push({ text: `${tag(n)} is ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}.`, bbox: box(n) });
  }
  const byId = new Map(g.network.nodes.map((n) => [n.id, n]));
  for (const e of g.network.edges) {
    const a = byId.get(e.source);
    const b = byId.get(e.target);
    if (!tag(a) || !tag(b)) continue;
    out.push({ text: `${tag(a)} is connected to ${tag(b)}${e.class ? ` by a ${words(e.class)}` : ''}.`, bbox: box(a!) });
  }
  return out;
}

export function componentLines(label: string, description: string | null, groundings: string[], bbox: BBox | null): PassageLine[] {
  const lines: PassageLine[] = [];
  if (label.trim()) lines.push({ text: label.trim(), bbox });
  if (description?.trim()) lines.push({ text: description.trim(), bbox });
  const parsed: unknown[] = [];
  for (const g of groundings) {
    try {
      parsed.push(JSON.parse(g) as unknown);
    } catch {
      // Not JSON: nothing to read.
    }
  }
  // A table's (or chart's) cell grid reads better than its HTML; with one, the HTML (the same
  // cells) is skipped. A flowchart's graph reads as its steps; drawings and code are not prose.
  const grid = parsed.map((p) => (p !== null && typeof p === 'object' ? (p as { cells?: unknown }).cells : undefined)).find(isGrid);
  if (grid) lines.push(...tableLines(grid, bbox));
  const graph = parsed.map((p) => (p !== null && typeof p === 'object' ? (p as { intermediate_json?: unknown }).intermediate_json : undefined)).find(isGraph);
  if (graph) lines.push(...graphLines(graph, bbox));
  const schematic = parsed.map((p) => (p !== null && typeof p === 'object' ? (p as { graph?: unknown }).graph : undefined)).find(isSchematic);
  if (schematic) lines.push(...schematicLines(schematic, bbox));
  // Extraction metadata (drawings, code, boxes, sizes, scores) is not something to quote.
  const skipped = new Set([...METADATA_KEYS, ...(grid ? ['cells', 'html_table', 'data'] : []), ...(graph ? ['intermediate_json'] : []), ...(schematic ? ['graph'] : [])]);
  for (const p of parsed) {
    if (p !== null && typeof p === 'object' && !Array.isArray(p)) {
      groundingLines(Object.fromEntries(Object.entries(p).filter(([k]) => !skipped.has(k))), bbox, '', lines);
    } else {
      groundingLines(p, bbox, '', lines);
    }
  }
  const seen = new Set<string>();
  return lines.filter((l) => !seen.has(l.text) && seen.add(l.text));
}

