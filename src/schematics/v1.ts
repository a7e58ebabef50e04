// The v1 wire format both ways: v1 -> v2 on import (PUT .../schematic, archive import) and
// v2 -> v1 for document archives. v2 -> v1 writes every member explicitly, so v1 -> v2 of it gives
// back exactly the graph it came from (the archive's round trip). Field names: docs/schematic-v2.md.
import type { Box, LegendEntry, Point, SchematicArrow, SchematicGraphV2, SchematicSubgraph } from './graph.js';
import type { SchematicGraphV1, V1ArrowT, V1GroupT, V1LegendEntryT } from './import-schemas.js';
import type { Path } from './validate.js';

const center = (b: Box): Point => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/** An edge given without its polyline: a straight line between the centres of its two nodes. */
export function defaultPoints(boxes: Map<string, Box>, source: string, target: string): Point[] {
  const a = boxes.get(source);
  const b = boxes.get(target);
  return a && b ? [center(a), center(b)] : [];
}

function legendFromV1(e: V1LegendEntryT): LegendEntry {
  return { id: e.id, class: e.class, subtype: e.subtype ?? null, label: e.label, source_crop_url: e.source_crop_url ?? null, bbox: e.bbox ?? null };
}

function legendToV1(e: LegendEntry): V1LegendEntryT {
  return { id: e.id, class: e.class, subtype: e.subtype, label: e.label, source_crop_url: e.source_crop_url, bbox: e.bbox };
}

export function v1ToV2(g: SchematicGraphV1): SchematicGraphV2 {
  const boxes = new Map(g.network.nodes.map((n) => [n.id, n.bbox]));
  const subgraphs: SchematicSubgraph[] = [];
  const arrows: SchematicArrow[] = [];
  for (const a of g.annotations) {
    if (a.kind === 'group') subgraphs.push({ id: a.id, label: a.label ?? '', node_ids: a.members, bbox: a.bbox ?? null });
    else arrows.push({ id: a.id, bbox: a.bbox, direction: a.direction, edge_id: a.edge ?? null });
  }
  return {
    version: 'v2',
    network: {
      nodes: g.network.nodes.map((n) => ({
        id: n.id,
        class: n.type,
        subtype: n.subtype ?? null,
        bbox: n.bbox,
        rotation: n.angle ?? 0,
        transcription: n.text ?? null,
        confidence: n.score ?? 1,
        legend_id: n.legend_ref ?? null,
      })),
      edges: g.network.edges.map((e) => ({
        id: e.id,
        source: e.from,
        target: e.to,
        points: e.path ?? defaultPoints(boxes, e.from, e.to),
        directed: e.arrow ?? false,
        class: e.kind ?? 'pipe',
        label: e.label ?? null,
      })),
    },
    subgraphs,
    arrows,
    legend: (g.legend ?? []).map(legendFromV1),
    legend_draft: g.legend_draft ? g.legend_draft.map(legendFromV1) : null,
    image_width: g.image.width,
    image_height: g.image.height,
    total_pages: g.total_pages ?? 1,
    non_flow_classes: g.non_flow_classes ?? [],
  };
}

export function v2ToV1(g: SchematicGraphV2): SchematicGraphV1 {
  const groups: V1GroupT[] = g.subgraphs.map((s) => ({ kind: 'group', id: s.id, label: s.label, members: s.node_ids, bbox: s.bbox }));
  const arrows: V1ArrowT[] = g.arrows.map((a) => ({ kind: 'arrow', id: a.id, bbox: a.bbox, direction: a.direction, edge: a.edge_id }));
  return {
    version: 'v1',
    network: {
      nodes: g.network.nodes.map((n) => ({
        id: n.id,
        type: n.class,
        subtype: n.subtype,
        bbox: n.bbox,
        angle: n.rotation,
        text: n.transcription,
        score: n.confidence,
        legend_ref: n.legend_id,
      })),
      edges: g.network.edges.map((e) => ({ id: e.id, from: e.source, to: e.target, path: e.points, arrow: e.directed, kind: e.class, label: e.label })),
    },
    annotations: [...groups, ...arrows],
    image: { width: g.image_width, height: g.image_height },
    legend: g.legend.map(legendToV1),
    legend_draft: g.legend_draft ? g.legend_draft.map(legendToV1) : null,
    total_pages: g.total_pages,
    non_flow_classes: g.non_flow_classes,
  };
}

const NODE_FIELDS: Record<string, string> = { class: 'type', rotation: 'angle', transcription: 'text', confidence: 'score', legend_id: 'legend_ref' };
const EDGE_FIELDS: Record<string, string> = { source: 'from', target: 'to', points: 'path', directed: 'arrow', class: 'kind' };
const GROUP_FIELDS: Record<string, string> = { node_ids: 'members' };
const ARROW_FIELDS: Record<string, string> = { edge_id: 'edge' };

const renamed = (rest: Path, names: Record<string, string>): Path =>
  rest.length > 0 && typeof rest[0] === 'string' ? [names[rest[0]] ?? rest[0], ...rest.slice(1)] : rest;

/** Maps a path in the v2 graph made from `g` back to the same member of the v1 body. */
export function v1PathOf(g: SchematicGraphV1): (at: Path) => Path {
  const groupAt: number[] = [];
  const arrowAt: number[] = [];
  g.annotations.forEach((a, i) => (a.kind === 'group' ? groupAt : arrowAt).push(i));
  return (at) => {
    const [head, second, index, ...rest] = at;
    if (head === 'network' && typeof index === 'number') return ['network', second ?? '', index, ...renamed(rest, second === 'nodes' ? NODE_FIELDS : EDGE_FIELDS)];
    if (head === 'subgraphs' && typeof second === 'number') return ['annotations', groupAt[second] ?? second, ...renamed(at.slice(2), GROUP_FIELDS)];
    if (head === 'arrows' && typeof second === 'number') return ['annotations', arrowAt[second] ?? second, ...renamed(at.slice(2), ARROW_FIELDS)];
    return at;
  };
}
