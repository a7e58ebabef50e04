// One entry for every schematic body that comes in: detects its wire format from the body itself
// (`version` "v0", "v1" or "v2"; no `version` but `schematic`/`pid` members: the bare legacy
// form, read as v0), checks it against that format's JSON Schema, converts it to the canonical
// v2 envelope and checks the graph's rules. Any problem is a 422 at the path of the first error,
// written as the client wrote the body (docs/schematic-v2.md).
import { validationError } from '../http/errors.js';
import type { SchematicGraphV2 } from './graph.js';
import {
  SchematicGraphV0Schema,
  SchematicGraphV1Schema,
  SchematicLegacySchema,
  V1ArrowAnnotation,
  V1GroupAnnotation,
  type SchematicGraphV0,
  type SchematicGraphV1,
  type V1ArrowT,
  type V1GroupT,
} from './import-schemas.js';
import { SchematicGraphV2Schema } from './schema.js';
import { v0PathOf, v0ToV2 } from './v0.js';
import { v1PathOf, v1ToV2 } from './v1.js';
import { checkShape, compile, graphProblem, problemError, type Path } from './validate.js';

export const WIRE_VERSIONS = ['v0', 'v1', 'v2', 'legacy'] as const;
export type WireVersion = (typeof WIRE_VERSIONS)[number];

const checkV2 = compile<SchematicGraphV2>(SchematicGraphV2Schema);
const checkV1 = compile<Omit<SchematicGraphV1, 'annotations'> & { annotations: Array<{ kind: 'arrow' | 'group' }> }>(SchematicGraphV1Schema);
const checkArrow = compile<V1ArrowT>(V1ArrowAnnotation);
const checkGroup = compile<V1GroupT>(V1GroupAnnotation);
const checkV0 = compile<SchematicGraphV0 & { version: 'v0' }>(SchematicGraphV0Schema);
const checkLegacy = compile<SchematicGraphV0>(SchematicLegacySchema);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Which wire format `body` is in, from the body alone. */
export function detectVersion(body: unknown, loc: Path = ['body']): WireVersion {
  if (!isObject(body)) throw validationError(loc, 'Input should be a valid object', 'model_type');
  const version = body.version;
  if (version === undefined) {
    if ('schematic' in body || 'pid' in body) return 'legacy';
    throw validationError([...loc, 'version'], 'Field required: give version "v0", "v1" or "v2", or the bare legacy {schematic, pid}', 'missing');
  }
  if (version === 'v0' || version === 'v1' || version === 'v2') return version;
  throw validationError([...loc, 'version'], "Input should be 'v0', 'v1' or 'v2'", 'enum');
}

/** A checked v1 body: the envelope, then each annotation by its kind. */
export function parseV1(body: unknown, loc: Path): SchematicGraphV1 {
  checkShape(checkV1, body, loc);
  const annotations = body.annotations.map((a, i): V1ArrowT | V1GroupT => {
    if (a.kind === 'arrow') {
      checkShape(checkArrow, a, [...loc, 'annotations', i]);
      return a;
    }
    checkShape(checkGroup, a, [...loc, 'annotations', i]);
    return a;
  });
  return { ...body, annotations };
}

function checked(graph: SchematicGraphV2, cropPrefix: string, loc: Path, where: (at: Path) => Path): SchematicGraphV2 {
  const problem = graphProblem(graph, cropPrefix);
  if (problem) throw problemError(problem, loc, where);
  return graph;
}

/** A v2 body checked as it is (GET's output sent back, archive graphs after conversion). */
export function parseV2(body: unknown, cropPrefix: string, loc: Path = ['body']): SchematicGraphV2 {
  checkShape(checkV2, body, loc);
  return checked(body, cropPrefix, loc, (at) => at);
}

/**
 * Any accepted body as the canonical v2 graph, and the format it came in. `cropPrefix` is the
 * storage prefix the body's storage crop URLs must be under (legend-crops.ts).
 */
export interface Normalised {
  graph: SchematicGraphV2;
  from: WireVersion;
  /** Maps a path in `graph` to the same member of the body as sent (for later checks' 422s). */
  where: (at: Path) => Path;
}

export function normalise(body: unknown, cropPrefix: string, loc: Path = ['body']): Normalised {
  const from = detectVersion(body, loc);
  const same = (at: Path): Path => at;
  switch (from) {
    case 'v2':
      return { graph: parseV2(body, cropPrefix, loc), from, where: same };
    case 'v1': {
      const v1 = parseV1(body, loc);
      const where = v1PathOf(v1);
      return { graph: checked(v1ToV2(v1), cropPrefix, loc, where), from, where };
    }
    case 'v0':
      checkShape(checkV0, body, loc);
      return { graph: checked(v0ToV2(body), cropPrefix, loc, v0PathOf), from, where: v0PathOf };
    case 'legacy':
      checkShape(checkLegacy, body, loc);
      return { graph: checked(v0ToV2(body), cropPrefix, loc, v0PathOf), from, where: v0PathOf };
  }
}
