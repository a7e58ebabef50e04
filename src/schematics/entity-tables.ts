// A schematic graph as flat tables, one per entity, for the CSV and XLSX exports: the sheet
// itself (one row), nodes, edges, subgraphs, arrows, legend and legend draft. Boxes are split into
// x0, y0, x1, y1 columns; lists (an edge's points, a subgraph's node ids, the non-flow classes) are
// JSON text in one cell; null is an empty cell. Lossy by design: the JSON export and the document
// archive are the lossless forms.
import type { Box, LegendEntry, SchematicGraphV2 } from './graph.js';

export type CellValue = string | number | boolean | null;

export interface EntityTable {
  /** File stem and sheet name. */
  name: string;
  columns: string[];
  rows: CellValue[][];
}

const BOX = ['x0', 'y0', 'x1', 'y1'];
const boxCells = (b: Box | null): CellValue[] => (b ? [...b] : [null, null, null, null]);

function legendTable(name: string, entries: readonly LegendEntry[]): EntityTable {
  return {
    name,
    columns: ['id', 'class', 'subtype', 'label', 'source_crop_url', ...BOX],
    rows: entries.map((e) => [e.id, e.class, e.subtype, e.label, e.source_crop_url, ...boxCells(e.bbox)]),
  };
}

export function entityTables(g: SchematicGraphV2, reviewed: boolean): EntityTable[] {
  return [
    {
      name: 'sheet',
      columns: ['version', 'image_width', 'image_height', 'total_pages', 'non_flow_classes', 'reviewed', 'legend_draft'],
      rows: [[g.version, g.image_width, g.image_height, g.total_pages, JSON.stringify(g.non_flow_classes), reviewed, g.legend_draft !== null]],
    },
    {
      name: 'nodes',
      columns: ['id', 'class', 'subtype', ...BOX, 'rotation', 'transcription', 'confidence', 'legend_id'],
      rows: g.network.nodes.map((n) => [n.id, n.class, n.subtype, ...boxCells(n.bbox), n.rotation, n.transcription, n.confidence, n.legend_id]),
    },
    {
      name: 'edges',
      columns: ['id', 'source', 'target', 'directed', 'class', 'label', 'points'],
      rows: g.network.edges.map((e) => [e.id, e.source, e.target, e.directed, e.class, e.label, JSON.stringify(e.points)]),
    },
    {
      name: 'subgraphs',
      columns: ['id', 'label', 'node_ids', ...BOX],
      rows: g.subgraphs.map((s) => [s.id, s.label, JSON.stringify(s.node_ids), ...boxCells(s.bbox)]),
    },
    {
      name: 'arrows',
      columns: ['id', ...BOX, 'direction', 'edge_id'],
      rows: g.arrows.map((a) => [a.id, ...boxCells(a.bbox), a.direction, a.edge_id]),
    },
    legendTable('legend', g.legend),
    legendTable('legend_draft', g.legend_draft ?? []),
  ];
}
