// Rules of a component's schematic (GET/PUT /components/{id}/schematic and its reviewed, legend
// and legend draft sub-resources). A component is addressed with the public ID of one of its
// regions (vc_id); a pair that does not belong together, a component the caller cannot read and
// a component that is no schematic are all 404. A standalone component (no document, so no
// region) is addressed with its own ID as vc_id. Writes are checked completely first (the body's
// shape and rules, the stored crops it names), then applied in one transaction under the
// component's lock to the state as it is then: the component record, each region's
// grounding_data and a grounding revision change together.
import type { Caller } from '../auth/caller.js';
import { getReadableComponent } from '../components/access.js';
import { writeGrounding } from '../components/grounding-writes.js';
import { parseJsonObject, type JsonObject } from '../components/model.js';
import * as repo from '../components/repository.js';
import type { RevisionSource } from '../components/revisions.js';
import type { ComponentsTable, Db } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { conflict, notFound } from '../http/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import { UUID_RE } from '../util.js';
import { emptyGraph, type SchematicGraphV2 } from './graph.js';
import { regionCanvas, type SchematicState } from './grounding.js';
import { legendCropPrefix } from './legend-crops.js';
import { normalise } from './normalise.js';
import { checkStoredCrops, legendLists } from './stored-crops.js';
import { SchematicGraphV2Schema } from './schema.js';
import { ReplaceLegendRequest, type ReplaceLegend } from './schemas.js';
import { checkShape, compile, legendEntriesProblem, problemError } from './validate.js';

export interface SchematicRef {
  componentId: string;
  vcId: string;
}

export interface SchematicTarget {
  component: ComponentsTable;
  /** The region named by vc_id; null for a standalone component. */
  visual: repo.VisualRow | null;
  /** Where this component's storage crop URLs must point. */
  cropPrefix: string;
}

const isV2 = compile<SchematicGraphV2>(SchematicGraphV2Schema);

export async function findTarget(db: Db, caller: Caller, ref: SchematicRef): Promise<SchematicTarget> {
  return pairTarget(db, await getReadableComponent(db, caller, ref.componentId), ref);
}

/**
 * A job's target (the caller was checked when the job was created): the component and the region
 * vc_id names, paired as findTarget pairs them; 404 when either is gone.
 */
export async function findJobTarget(db: Db, ref: SchematicRef): Promise<SchematicTarget> {
  const [component] = UUID_RE.test(ref.componentId) ? await repo.findComponents(db, [ref.componentId.toLowerCase()]) : [];
  if (!component) throw notFound('Component not found');
  return pairTarget(db, component, ref);
}

async function pairTarget(db: Db, component: ComponentsTable, ref: SchematicRef): Promise<SchematicTarget> {
  let visual: repo.VisualRow | null = null;
  if (component.document_id === null) {
    if (ref.vcId.toLowerCase() !== component.id) throw notFound('Visual component not found for this component');
  } else {
    const found = UUID_RE.test(ref.vcId) ? await repo.findVisual(db, component.document_id, ref.vcId.toLowerCase()) : undefined;
    if (!found || found.component_id !== component.id) throw notFound('Visual component not found for this component');
    visual = found;
  }
  if (component.component_type !== 'schematic' || (visual && visual.component_type !== 'schematic')) {
    throw notFound(`This is a ${visual?.component_type ?? component.component_type} component; it has no schematic`);
  }
  return { component, visual, cropPrefix: legendCropPrefix(component.document_id, component.id) };
}

function canvasOf(t: SchematicTarget, grounding: JsonObject): SchematicGraphV2 {
  if (t.visual) return regionCanvas(JSON.parse(t.visual.bbox) as number[]);
  const { image_width: w, image_height: h } = grounding;
  return typeof w === 'number' && typeof h === 'number' ? emptyGraph(w, h) : emptyGraph(0, 0);
}

/** What the component holds now: its graph (an empty canvas before any) and its review flag. */
export function stateOf(t: SchematicTarget): SchematicState {
  const grounding = parseJsonObject(t.component.grounding);
  const data = t.visual ? parseJsonObject(t.visual.grounding_data) : grounding;
  const reviewed = data.reviewed === true;
  if (data.graph === undefined) return { graph: canvasOf(t, grounding), reviewed };
  if (!isV2(data.graph)) {
    const at = isV2.errors?.[0]?.instancePath ?? '';
    throw conflict(`The stored schematic graph is not a valid v2 envelope (at '${at || '/'}'); replace it with PUT .../schematic`);
  }
  return { graph: data.graph, reviewed };
}

export async function getSchematic(db: Db, caller: Caller, ref: SchematicRef): Promise<SchematicState> {
  return stateOf(await findTarget(db, caller, ref));
}

/** A change to apply to the state found under the lock; null leaves it as it is (no write). */
export type SchematicChange = (current: SchematicState) => SchematicState | null;

/** PUT .../schematic: any accepted body, as v2; the review flag stays as it is. */
export async function preparePut(db: Db, storage: BlobStore, caller: Caller, ref: SchematicRef, body: unknown): Promise<SchematicChange> {
  const target = await findTarget(db, caller, ref);
  const { graph, where } = normalise(body, target.cropPrefix);
  await checkStoredCrops(storage, legendLists(graph), ['body'], where);
  return (current) => ({ graph, reviewed: current.reviewed });
}

const isLegendRequest = compile<ReplaceLegend>(ReplaceLegendRequest);

/**
 * PUT .../schematic/legend: the new legend, checked strictly (an unknown member is a 422, not
 * dropped); the rest of the graph stays.
 */
export async function prepareLegend(db: Db, storage: BlobStore, caller: Caller, ref: SchematicRef, body: unknown): Promise<SchematicChange> {
  const target = await findTarget(db, caller, ref);
  checkShape(isLegendRequest, body, ['body']);
  const { legend } = body;
  const problem = legendEntriesProblem(legend, target.cropPrefix);
  if (problem) throw problemError(problem, ['body', 'legend']);
  await checkStoredCrops(storage, [{ entries: legend, at: [] }], ['body', 'legend']);
  return (current) => ({ ...current, graph: { ...current.graph, legend } });
}

export const setReviewed =
  (reviewed: boolean): SchematicChange =>
  (current) =>
    current.reviewed === reviewed ? null : { ...current, reviewed };

export const clearLegendDraft: SchematicChange = (current) =>
  current.graph.legend_draft === null ? null : { ...current, graph: { ...current.graph, legend_draft: null } };

/**
 * Applies `change` to the component's schematic in the caller's transaction: the component is
 * locked and read again, so concurrent writes apply one after the other to what the other left.
 */
export async function commitSchematic(
  uow: UnitOfWork,
  caller: Caller,
  ref: SchematicRef,
  change: SchematicChange,
  source: RevisionSource = 'edit',
): Promise<boolean> {
  return commitTo(uow.trx, (db) => findTarget(db, caller, ref), change, { source, userId: caller.userId });
}

/** commitSchematic for a job: the target as findJobTarget finds it, the revision in the requester's name. */
export async function commitJobSchematic(trx: Db, ref: SchematicRef, change: SchematicChange, requestedBy: string): Promise<boolean> {
  return commitTo(trx, (db) => findJobTarget(db, ref), change, { source: 'pipeline', userId: requestedBy });
}

async function commitTo(
  trx: Db,
  find: (db: Db) => Promise<SchematicTarget>,
  change: SchematicChange,
  revision: { source: RevisionSource; userId: string },
): Promise<boolean> {
  const before = await find(trx);
  if (!(await repo.lockComponent(trx, before.component.id))) throw notFound('Component not found');
  const target = await find(trx);
  const next = change(stateOf(target));
  if (next === null) return false;
  const stored = { graph: next.graph, reviewed: next.reviewed };
  // Options kept for an image not yet uploaded are of no use once the schematic is written.
  const kept = Object.fromEntries(Object.entries(parseJsonObject(target.component.grounding)).filter(([k]) => k !== 'extraction_options'));
  await writeGrounding(
    trx,
    target.component.id,
    { grounding: { ...kept, ...stored }, groundingData: target.visual ? stored : null, status: 'done', error: null },
    revision,
  );
  await repo.markRegionsManual(trx, target.component.id);
  return true;
}
