// The document schematic archive (GET/PUT /documents/{id}/schematic/archive): a zip of
//   manifest.json                 format, version, and per component its file, type, label, page,
//                                 bbox and review flag, in the document's page and reading order
//   components/0001.json, ...     each component's graph in the v1 wire format (v1.ts)
//   legend_crops/<name>           the stored legend pictures its legend entries point at
// Lossless: v2 -> v1 -> v2 gives back the same graph, and a crop stored under the document's
// legend_crops/ prefix travels as the archive-relative URL `legend_crops/<name>` with its bytes, so
// the archive does not depend on the document it came from. Reading one back is strict: unknown
// members, members the manifest does not list, malformed JSON and graphs are a 422 naming the member.
import { zipSync } from 'fflate';
import { Type, type Static } from 'typebox';
import { validationError } from '../http/errors.js';
import { sniffImage } from '../pipeline/images.js';
import type { MemberLimits, ZipMember } from '../pipeline/zip-guard.js';
import type { Box, LegendEntry, SchematicGraphV2 } from './graph.js';
import type { SchematicGraphV1, V1LegendEntryT } from './import-schemas.js';
import { storageKeyOf, storageUrlOf } from './legend-crops.js';
import { detectVersion, parseV1 } from './normalise.js';
import { BoxSchema } from './schema.js';
import { v1PathOf, v1ToV2, v2ToV1 } from './v1.js';
import { checkShape, compile, graphProblem, problemError, type Path } from './validate.js';

export const ARCHIVE_FORMAT = 'pagelens-schematic-archive';
export const MANIFEST = 'manifest.json';
const CROPS_DIR = 'legend_crops/';
const MB = 1024 * 1024;

export const ARCHIVE_LIMITS = {
  components: 500,
  members: 3_000,
  totalBytes: 100 * MB,
  manifestBytes: 1 * MB,
  graphBytes: 10 * MB,
  cropBytes: 1 * MB,
} as const;

const ManifestComponent = Type.Object(
  {
    file: Type.String({ maxLength: 200 }),
    type: Type.Literal('schematic'),
    label: Type.String({ maxLength: 1000 }),
    page_number: Type.Integer({ minimum: 1, maximum: 100_000 }),
    bbox: BoxSchema,
    reviewed: Type.Boolean(),
    source_visual_component_id: Type.Optional(Type.String({ maxLength: 100 })),
    source_component_id: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const ArchiveManifestSchema = Type.Object(
  {
    format: Type.Literal(ARCHIVE_FORMAT),
    format_version: Type.Literal(1),
    graph_version: Type.Literal('v1'),
    source_document_id: Type.Optional(Type.String({ maxLength: 100 })),
    exported_at: Type.Optional(Type.String({ maxLength: 100 })),
    components: Type.Array(ManifestComponent, { maxItems: ARCHIVE_LIMITS.components }),
  },
  { additionalProperties: false },
);
export type ArchiveManifest = Static<typeof ArchiveManifestSchema>;
const isManifest = compile<ArchiveManifest>(ArchiveManifestSchema);

// ---- names ------------------------------------------------------------------------------------

const GRAPH_FILE = /^components\/[A-Za-z0-9_-]{1,64}\.json$/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** A legend crop's name below legend_crops/: up to four safe segments (no '.', '..', empty). */
function cropNameOk(name: string): boolean {
  const parts = name.split('/');
  return parts.length <= 4 && parts.every((p) => SEGMENT.test(p));
}

function nameProblem(name: string): string | null {
  if (name === MANIFEST || GRAPH_FILE.test(name) || name === 'components/' || name === CROPS_DIR) return null;
  if (name.startsWith(CROPS_DIR)) {
    const rest = name.slice(CROPS_DIR.length).replace(/\/$/, '');
    if (cropNameOk(rest)) return null;
  }
  return 'a schematic archive holds only manifest.json, components/<name>.json and legend_crops/<name>';
}

export const ARCHIVE_MEMBER_LIMITS: MemberLimits = {
  maxEntries: ARCHIVE_LIMITS.members,
  maxTotalBytes: ARCHIVE_LIMITS.totalBytes,
  maxMemberBytes: (name) => (name === MANIFEST ? ARCHIVE_LIMITS.manifestBytes : name.startsWith(CROPS_DIR) ? ARCHIVE_LIMITS.cropBytes : ARCHIVE_LIMITS.graphBytes),
  nameProblem,
};

// ---- writing ----------------------------------------------------------------------------------

export interface ArchivedComponent {
  visualId: string;
  componentId: string;
  label: string;
  pageNumber: number;
  bbox: Box;
  graph: SchematicGraphV2;
  reviewed: boolean;
}

const entriesOf = (g: SchematicGraphV2): LegendEntry[] => [...g.legend, ...(g.legend_draft ?? [])];

/** The crop names (below the prefix) the graphs' storage crop URLs name under `cropPrefix`. */
export function storedCropNames(graphs: readonly SchematicGraphV2[], cropPrefix: string): string[] {
  const names = new Set<string>();
  for (const e of graphs.flatMap(entriesOf)) {
    const key = e.source_crop_url === null ? null : storageKeyOf(e.source_crop_url);
    if (key !== null && key.startsWith(cropPrefix)) names.add(key.slice(cropPrefix.length));
  }
  return [...names];
}

function relativeCrops(g: SchematicGraphV2, cropPrefix: string): SchematicGraphV2 {
  const rel = (e: LegendEntry): LegendEntry => {
    const key = e.source_crop_url === null ? null : storageKeyOf(e.source_crop_url);
    return key !== null && key.startsWith(cropPrefix) ? { ...e, source_crop_url: `${CROPS_DIR}${key.slice(cropPrefix.length)}` } : e;
  };
  return { ...g, legend: g.legend.map(rel), legend_draft: g.legend_draft ? g.legend_draft.map(rel) : null };
}

export function buildArchive(input: {
  documentId: string;
  exportedAt: string;
  cropPrefix: string;
  components: readonly ArchivedComponent[];
  /** The bytes of every name storedCropNames gave. */
  crops: ReadonlyMap<string, Buffer>;
}): Buffer {
  const width = Math.max(4, String(input.components.length).length);
  const files: Record<string, Uint8Array> = {};
  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    format_version: 1,
    graph_version: 'v1',
    source_document_id: input.documentId,
    exported_at: input.exportedAt,
    components: input.components.map((c, i) => ({
      file: `components/${String(i + 1).padStart(width, '0')}.json`,
      type: 'schematic',
      label: c.label,
      page_number: c.pageNumber,
      bbox: c.bbox,
      reviewed: c.reviewed,
      source_visual_component_id: c.visualId,
      source_component_id: c.componentId,
    })),
  };
  files[MANIFEST] = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  input.components.forEach((c, i) => {
    const v1: SchematicGraphV1 = v2ToV1(relativeCrops(c.graph, input.cropPrefix));
    files[manifest.components[i]!.file] = Buffer.from(`${JSON.stringify(v1, null, 2)}\n`);
  });
  for (const [name, data] of input.crops) files[`${CROPS_DIR}${name}`] = data;
  return Buffer.from(zipSync(files, { level: 6 }));
}

// ---- reading ----------------------------------------------------------------------------------

export interface ImportedComponent {
  /** Index in the manifest's components (for error paths). */
  index: number;
  file: string;
  label: string;
  pageNumber: number;
  bbox: Box;
  reviewed: boolean;
  graph: SchematicGraphV2;
}

export interface ParsedArchive {
  components: ImportedComponent[];
  /** The archive's legend crops the graphs use: their names below legend_crops/ and bytes. */
  crops: Array<{ name: string; data: Buffer }>;
}

const FILE_LOC: Path = ['body', 'file'];

function jsonOf(member: ZipMember): unknown {
  try {
    return JSON.parse(member.data.toString('utf8')) as unknown;
  } catch (err) {
    throw validationError([...FILE_LOC, member.name], `not valid JSON (${err instanceof Error ? err.message : String(err)})`, 'json_invalid');
  }
}

/**
 * The archive's components with their graphs as v2, every relative crop URL rewritten to the
 * storage URL it will have under `cropPrefix`; any problem is a 422 at
 * ['body', 'file', <member>, ...path in that member].
 */
export function parseArchive(members: readonly ZipMember[], cropPrefix: string): ParsedArchive {
  const byName = new Map(members.map((m) => [m.name, m]));
  const manifestMember = byName.get(MANIFEST);
  if (!manifestMember) throw validationError([...FILE_LOC, MANIFEST], 'the archive has no manifest.json', 'missing');
  const manifest = jsonOf(manifestMember);
  checkShape(isManifest, manifest, [...FILE_LOC, MANIFEST]);

  const listed = new Set<string>();
  manifest.components.forEach((c, i) => {
    const at = [...FILE_LOC, MANIFEST, 'components', i, 'file'];
    if (listed.has(c.file)) throw validationError(at, `${c.file} is listed twice`, 'value_error');
    if (!GRAPH_FILE.test(c.file) || !byName.has(c.file)) throw validationError(at, `the archive has no member ${c.file}`, 'value_error');
    listed.add(c.file);
  });
  const stray = members.find((m) => GRAPH_FILE.test(m.name) && !listed.has(m.name));
  if (stray) throw validationError([...FILE_LOC, stray.name], 'this graph is not listed in manifest.json', 'value_error');

  const usedCrops = new Map<string, Buffer>();
  const components = manifest.components.map((c, index): ImportedComponent => {
    const member = byName.get(c.file)!;
    const loc = [...FILE_LOC, c.file];
    const body = jsonOf(member);
    if (detectVersion(body, loc) !== 'v1') throw validationError([...loc, 'version'], 'archive graphs are in the v1 format', 'value_error');
    const v1 = parseV1(body, loc);
    const absolute = (e: V1LegendEntryT, i: number, list: string): V1LegendEntryT => {
      const url = e.source_crop_url;
      if (typeof url !== 'string' || !url.startsWith(CROPS_DIR)) return e;
      const name = url.slice(CROPS_DIR.length);
      const crop = byName.get(url);
      if (!cropNameOk(name) || !crop) throw validationError([...loc, list, i, 'source_crop_url'], `the archive has no member ${url}`, 'value_error');
      if (!['png', 'jpeg', 'webp', 'gif'].includes(sniffImage(crop.data) ?? '')) {
        throw validationError([...FILE_LOC, url], 'a legend crop must be a PNG, JPEG, WebP or GIF image', 'value_error');
      }
      usedCrops.set(name, crop.data);
      return { ...e, source_crop_url: storageUrlOf(`${cropPrefix}${name}`) };
    };
    const rewritten: SchematicGraphV1 = {
      ...v1,
      ...(v1.legend ? { legend: v1.legend.map((e, i) => absolute(e, i, 'legend')) } : {}),
      ...(v1.legend_draft ? { legend_draft: v1.legend_draft.map((e, i) => absolute(e, i, 'legend_draft')) } : {}),
    };
    const graph = v1ToV2(rewritten);
    const problem = graphProblem(graph, cropPrefix);
    if (problem) throw problemError(problem, loc, v1PathOf(rewritten));
    return { index, file: c.file, label: c.label, pageNumber: c.page_number, bbox: c.bbox, reviewed: c.reviewed, graph };
  });
  return { components, crops: [...usedCrops].map(([name, data]) => ({ name, data })) };
}
