// What document processing writes about components, inside the page's (or finalize's)
// transaction. Crops are stored by the caller before the transaction; the functions return the
// blob prefixes that became unreferenced, which the caller queues for deletion (queueBlobDeletion)
// in the same transaction and deletes after commit.
import type { Db, DocumentsTable } from '../db/types.js';
import { reindexPageComponents } from '../search/component-chunks.js';
import { newId, nowIso } from '../util.js';
import { type Bbox, type ComponentType, isComponentType, parseBbox } from './model.js';
import * as repo from './repository.js';
import { recordRevision } from './revisions.js';

export interface PipelineRegion {
  type: ComponentType;
  label: string;
  bbox: Bbox;
  /** 0..100; rounded and clamped when stored. */
  confidence: number;
  metadata: Record<string, unknown>;
  /**
   * Give one (a fresh newId()) when the crop is stored before the transaction, so the crop can
   * live under the component's prefix: newCropKey(doc.id, componentId) from ./keys.js.
   */
  componentId?: string;
  /** Set when the region's processing failed: the component is stored 'degraded' with it. */
  error?: string;
  /** An extractor's result (tables): the component's grounding and the region's grounding_data; the component is stored 'done'. */
  grounding?: Record<string, unknown>;
  groundingData?: Record<string, unknown>;
}

/** A region a person drew or edited overlapping a detection this much (IoU) wins over it. */
const MANUAL_OVERLAP = 0.5;

function iou(a: Bbox, b: Bbox): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const area = (r: Bbox) => (r[2] - r[0]) * (r[3] - r[1]);
  return inter / (area(a) + area(b) - inter);
}

/**
 * Replaces the page's pipeline regions (origin 'pipeline', with their component records) by
 * `regions`. Regions people drew or edited (origin 'manual') stay; a detection of the same type
 * that overlaps one of them is dropped, so reprocessing neither loses nor duplicates an edit.
 * Returns the blob prefixes to delete: those of the removed components, and the crops of dropped
 * detections. cropKeyFor gives the stored crop of region `index` (null: none).
 */
export async function replacePipelineComponents(
  trx: Db,
  doc: Pick<DocumentsTable, 'id' | 'organization_id' | 'owner_id'>,
  pageNumber: number,
  regions: PipelineRegion[],
  cropKeyFor: (componentId: string, index: number) => string | null,
): Promise<string[]> {
  const existing = await trx
    .selectFrom('visual_components')
    .select(['component_id', 'component_type', 'bbox', 'origin'])
    .where('document_id', '=', doc.id)
    .where('page_number', '=', pageNumber)
    .execute();
  const oldIds = [...new Set(existing.filter((r) => r.origin === 'pipeline').map((r) => r.component_id))];
  const manual = existing.filter((r) => r.origin !== 'pipeline').map((r) => ({ type: r.component_type, bbox: parseBbox(r.bbox) }));

  const ids = regions.map((r) => r.componentId ?? newId());
  if (ids.some((id) => oldIds.includes(id))) throw new Error('replacePipelineComponents: a region reuses a replaced component id');
  const stale = await repo.removeComponents(trx, oldIds);

  const now = nowIso();
  for (const [index, region] of regions.entries()) {
    const id = ids[index] ?? newId();
    const cropKey = cropKeyFor(id, index);
    if (!isComponentType(region.type)) throw new Error(`replacePipelineComponents: unknown type ${String(region.type)}`);
    if (manual.some((m) => m.type === region.type && iou(m.bbox, region.bbox) >= MANUAL_OVERLAP)) {
      if (cropKey) stale.push(cropKey);
      continue;
    }
    await repo.insertComponent(trx, {
      id,
      organization_id: doc.organization_id,
      owner_id: doc.owner_id,
      document_id: doc.id,
      component_type: region.type,
      status: region.error ? 'degraded' : region.grounding ? 'done' : 'pending',
      image_key: cropKey,
      grounding: JSON.stringify(region.grounding ?? {}),
      description: null,
      error: region.error ?? null,
      tokens_in: 0,
      tokens_out: 0,
      created_at: now,
      updated_at: now,
    });
    await repo.insertVisual(trx, {
      id: newId(),
      document_id: doc.id,
      component_id: id,
      page_number: pageNumber,
      component_type: region.type,
      label: region.label,
      bbox: JSON.stringify(region.bbox),
      confidence: Math.min(100, Math.max(0, Math.round(region.confidence))),
      origin: 'pipeline',
      grounding_data: JSON.stringify(region.groundingData ?? {}),
      metadata: JSON.stringify(region.metadata),
      created_at: now,
      updated_at: now,
    });
    if (region.grounding) await recordRevision(trx, { componentId: id, source: 'pipeline', userId: null });
  }
  await reindexPageComponents(trx, doc.id, pageNumber);
  return stale;
}

/** Removes every region (and its component) on pages past the end, after a file with fewer pages. */
export async function removeComponentsBeyondPage(trx: Db, documentId: string, pageCount: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('visual_components')
    .select('component_id')
    .where('document_id', '=', documentId)
    .where('page_number', '>', pageCount)
    .execute();
  return repo.removeComponents(trx, [...new Set(rows.map((r) => r.component_id))]);
}
