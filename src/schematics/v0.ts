// The v0 wire format (and its bare legacy form without `version`) to v2, import only: symbols
// become nodes, lines become edges ("e1", "e2", ... in order, v0 lines have no ids) and the sheet
// (`pid`) gives the image size and the legend ("l1", "l2", ...). v0 knew no subgraphs, arrows,
// legend drafts, subtypes or legend links: they start empty. Field names: docs/schematic-v2.md.
import type { SchematicGraphV2 } from './graph.js';
import type { SchematicGraphV0 } from './import-schemas.js';
import { defaultPoints } from './v1.js';
import type { Path } from './validate.js';

export function v0ToV2(g: SchematicGraphV0): SchematicGraphV2 {
  const boxes = new Map(g.schematic.symbols.map((s) => [String(s.id), s.bbox]));
  return {
    version: 'v2',
    network: {
      nodes: g.schematic.symbols.map((s) => ({
        id: String(s.id),
        class: s.class,
        subtype: null,
        bbox: s.bbox,
        rotation: s.rotation ?? 0,
        transcription: s.tag ?? null,
        confidence: s.confidence ?? 1,
        legend_id: null,
      })),
      edges: g.schematic.lines.map((l, i) => ({
        id: `e${i + 1}`,
        source: String(l.from),
        target: String(l.to),
        points: l.points ?? defaultPoints(boxes, String(l.from), String(l.to)),
        directed: l.arrow ?? false,
        class: l.type ?? 'pipe',
        label: null,
      })),
    },
    subgraphs: [],
    arrows: [],
    legend: (g.pid.legend ?? []).map((e, i) => ({ id: `l${i + 1}`, class: e.class, subtype: null, label: e.label, source_crop_url: e.crop ?? null, bbox: null })),
    legend_draft: null,
    image_width: g.pid.width,
    image_height: g.pid.height,
    total_pages: 1,
    non_flow_classes: [],
  };
}

const NODE_FIELDS: Record<string, string> = { transcription: 'tag' };
const EDGE_FIELDS: Record<string, string> = { source: 'from', target: 'to' };
const LEGEND_FIELDS: Record<string, string> = { source_crop_url: 'crop' };

const renamed = (rest: Path, names: Record<string, string>): Path =>
  rest.length > 0 && typeof rest[0] === 'string' ? [names[rest[0]] ?? rest[0], ...rest.slice(1)] : rest;

/** Maps a path in the v2 graph made from a v0 body back to the same member of that body. */
export function v0PathOf(at: Path): Path {
  const [head, second, index, ...rest] = at;
  if (head === 'network' && second === 'nodes' && typeof index === 'number') return ['schematic', 'symbols', index, ...renamed(rest, NODE_FIELDS)];
  if (head === 'network' && second === 'edges' && typeof index === 'number') return ['schematic', 'lines', index, ...renamed(rest, EDGE_FIELDS)];
  if (head === 'legend' && typeof second === 'number') return ['pid', 'legend', second, ...renamed(at.slice(2), LEGEND_FIELDS)];
  return at;
}
