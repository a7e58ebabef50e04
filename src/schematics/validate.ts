// Checks a schematic graph: first its JSON Schema (schema.ts, import-schemas.ts), stopping at the
// first error, then the rules a schema cannot say: unique ids per list, edges and arrows and
// subgraphs that refer to elements that exist, boxes with x0 <= x1 and y0 <= y1, and legend crop
// URLs that are allowed for this component (legend-crops.ts). Every problem is one 422 whose loc
// is the path of the first error in the body as sent.
import { Ajv, type ValidateFunction } from 'ajv';
import type { TSchema } from 'typebox';
import { validationError, type HttpError } from '../http/errors.js';
import { toValidationIssues } from '../http/validation.js';
import type { Box, LegendEntry, SchematicGraphV2 } from './graph.js';
import { cropUrlProblem } from './legend-crops.js';

export type Path = Array<string | number>;

const ajv = new Ajv({ allErrors: false, strict: false, coerceTypes: false, useDefaults: false, removeAdditional: false });
ajv.addKeyword({ keyword: 'x-internal' });

/** A compiled check of `schema` that narrows to T; compiled once per schema. */
export function compile<T>(schema: TSchema): ValidateFunction<T> {
  return ajv.compile<T>(schema);
}

/** Throws the 422 of the first schema error of `value`, located under `loc`. */
export function checkShape<T>(check: ValidateFunction<T>, value: unknown, loc: Path): asserts value is T {
  if (check(value)) return;
  const [first] = toValidationIssues(check.errors ?? [], 'body');
  const issue = first ?? { loc: ['body'], msg: 'Invalid input', type: 'value_error' };
  throw validationError([...loc, ...issue.loc.slice(1)], issue.msg, issue.type);
}

/** A rule broken by a schema-valid graph, at its path in the v2 envelope. */
export interface GraphProblem {
  at: Path;
  msg: string;
}

function boxProblem(b: Box): string | null {
  return b[0] <= b[2] && b[1] <= b[3] ? null : 'a box must have x0 <= x1 and y0 <= y1';
}

function duplicate<T extends { id: string }>(items: readonly T[], at: (i: number) => Path): GraphProblem | null {
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (seen.has(item.id)) return { at: [...at(i), 'id'], msg: `the id '${item.id}' is used twice` };
    seen.add(item.id);
  }
  return null;
}

function legendProblem(entries: readonly LegendEntry[], base: Path, cropPrefix: string): GraphProblem | null {
  const dup = duplicate(entries, (i) => [...base, i]);
  if (dup) return dup;
  for (const [i, e] of entries.entries()) {
    if (e.bbox) {
      const why = boxProblem(e.bbox);
      if (why) return { at: [...base, i, 'bbox'], msg: why };
    }
    if (e.source_crop_url !== null) {
      const why = cropUrlProblem(e.source_crop_url, cropPrefix);
      if (why) return { at: [...base, i, 'source_crop_url'], msg: why };
    }
  }
  return null;
}

/** The first rule `g` breaks, or null. `cropPrefix` is where its storage crop URLs must point. */
export function graphProblem(g: SchematicGraphV2, cropPrefix: string): GraphProblem | null {
  const { nodes, edges } = g.network;
  const first =
    duplicate(nodes, (i) => ['network', 'nodes', i]) ??
    duplicate(edges, (i) => ['network', 'edges', i]) ??
    duplicate(g.subgraphs, (i) => ['subgraphs', i]) ??
    duplicate(g.arrows, (i) => ['arrows', i]);
  if (first) return first;
  const nodeIds = new Set(nodes.map((n) => n.id));
  const edgeIds = new Set(edges.map((e) => e.id));
  for (const [i, n] of nodes.entries()) {
    const why = boxProblem(n.bbox);
    if (why) return { at: ['network', 'nodes', i, 'bbox'], msg: why };
  }
  for (const [i, e] of edges.entries()) {
    if (!nodeIds.has(e.source)) return { at: ['network', 'edges', i, 'source'], msg: `no node has the id '${e.source}'` };
    if (!nodeIds.has(e.target)) return { at: ['network', 'edges', i, 'target'], msg: `no node has the id '${e.target}'` };
  }
  for (const [i, s] of g.subgraphs.entries()) {
    const missing = s.node_ids.findIndex((id) => !nodeIds.has(id));
    if (missing >= 0) return { at: ['subgraphs', i, 'node_ids', missing], msg: `no node has the id '${s.node_ids[missing] ?? ''}'` };
    const why = s.bbox ? boxProblem(s.bbox) : null;
    if (why) return { at: ['subgraphs', i, 'bbox'], msg: why };
  }
  for (const [i, a] of g.arrows.entries()) {
    const why = boxProblem(a.bbox);
    if (why) return { at: ['arrows', i, 'bbox'], msg: why };
    if (a.edge_id !== null && !edgeIds.has(a.edge_id)) return { at: ['arrows', i, 'edge_id'], msg: `no edge has the id '${a.edge_id}'` };
  }
  return legendProblem(g.legend, ['legend'], cropPrefix) ?? (g.legend_draft ? legendProblem(g.legend_draft, ['legend_draft'], cropPrefix) : null);
}

/** The problem as a 422, its v2 path mapped to the body's own (`where`). */
export function problemError(p: GraphProblem, loc: Path, where: (at: Path) => Path = (at) => at): HttpError {
  return validationError([...loc, ...where(p.at)], p.msg, 'value_error');
}

/** Only the legend rules, for a legend given on its own (PUT .../legend). */
export function legendEntriesProblem(entries: readonly LegendEntry[], cropPrefix: string): GraphProblem | null {
  return legendProblem(entries, [], cropPrefix);
}
