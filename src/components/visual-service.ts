// Rules for visual components (regions of a document's pages). They follow the document's
// visibility: whoever can read the document can read and edit its regions.
//
// Writes that need a new crop happen in two steps: prepare* checks the input and stores the crop
// (slow I/O, outside any transaction), then the transactional step writes the records and, after
// commit, the replaced crop is deleted. The route discards a prepared crop if the commit fails.
import type { Caller } from '../auth/caller.js';
import type { Db, DocumentsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { getReadableDocument } from '../documents/access.js';
import { queueBlobDeletion } from '../documents/blob-deletions.js';
import type { BlobDeleter } from '../documents/service.js';
import { notFound } from '../http/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newId, nowIso, UUID_RE } from '../util.js';
import { checkBbox, storeCrop } from './crop.js';
import { newCropKey } from './keys.js';
import { type Bbox, parseBbox } from './model.js';
import * as repo from './repository.js';
import { recordRevision } from './revisions.js';
import type { ListVisualComponentsFilters, VisualComponentCreate, VisualComponentUpdate } from './schemas.js';
import { reindexPageComponents } from '../search/component-chunks.js';
import { checkSchematicRegionData } from '../schematics/region-data.js';

async function pageOf(db: Db, documentId: string, pageNumber: number) {
  const page = await repo.findPage(db, documentId, pageNumber);
  if (!page) throw notFound(`Page ${pageNumber} not found`);
  return page;
}

async function visualOf(db: Db, documentId: string, id: string): Promise<repo.VisualRow> {
  const row = UUID_RE.test(id) ? await repo.findVisual(db, documentId, id.toLowerCase()) : undefined;
  if (!row) throw notFound('Visual component not found');
  return row;
}

export async function listVisualComponents(
  db: Db,
  caller: Caller,
  documentId: string,
  f: ListVisualComponentsFilters,
): Promise<repo.VisualRow[]> {
  const doc = await getReadableDocument(db, caller, documentId);
  const types = f.types?.flatMap((t) => t.split(',')).map((t) => t.trim()).filter((t) => t !== '');
  return repo.listVisual(db, doc.id, {
    ...(f.page_number !== undefined ? { pageNumber: f.page_number } : {}),
    ...(types !== undefined && types.length > 0 ? { types } : {}),
  });
}

export async function getVisualComponent(db: Db, caller: Caller, documentId: string, id: string): Promise<repo.VisualRow> {
  const doc = await getReadableDocument(db, caller, documentId);
  return visualOf(db, doc.id, id);
}

/** A checked create request whose crop (if the page has an image) is already stored. */
export interface PreparedCreate {
  doc: DocumentsTable;
  input: VisualComponentCreate;
  bbox: Bbox;
  componentId: string;
  cropKey: string | null;
}

export async function prepareCreate(
  db: Db,
  storage: BlobStore,
  caller: Caller,
  documentId: string,
  input: VisualComponentCreate,
): Promise<PreparedCreate> {
  const doc = await getReadableDocument(db, caller, documentId);
  const page = await pageOf(db, doc.id, input.page_number);
  const bbox = checkBbox(input.bbox, page, ['body', 'bbox']);
  const componentId = newId();
  let cropKey: string | null = null;
  if (page.image_key) {
    cropKey = newCropKey(doc.id, componentId);
    await storeCrop(storage, page.image_key, bbox, cropKey);
  }
  return { doc, input, bbox, componentId, cropKey };
}

/** Writes a person's region: its component record (pending extraction) and the visual component. */
export async function createVisualComponent({ trx }: UnitOfWork, caller: Caller, p: PreparedCreate): Promise<repo.VisualRow> {
  // The document may have been deleted or hidden while the crop was being made.
  const doc = await getReadableDocument(trx, caller, p.doc.id);
  const now = nowIso();
  await repo.insertComponent(trx, {
    id: p.componentId,
    organization_id: doc.organization_id,
    owner_id: caller.userId,
    document_id: doc.id,
    component_type: p.input.component_type,
    status: 'pending',
    image_key: p.cropKey,
    grounding: '{}',
    description: null,
    error: null,
    tokens_in: 0,
    tokens_out: 0,
    created_at: now,
    updated_at: now,
  });
  const visual = {
    id: newId(),
    document_id: doc.id,
    component_id: p.componentId,
    page_number: p.input.page_number,
    component_type: p.input.component_type,
    label: p.input.label ?? '',
    bbox: JSON.stringify(p.bbox),
    confidence: 100,
    origin: 'manual',
    grounding_data: '{}',
    metadata: '{}',
    created_at: now,
    updated_at: now,
  };
  await repo.insertVisual(trx, visual);
  await reindexPageComponents(trx, doc.id, visual.page_number);
  return { ...visual, status: 'pending', image_key: p.cropKey };
}

export interface PreparedUpdate {
  documentId: string;
  id: string;
  patch: VisualComponentUpdate;
  /** Set when the bbox changes: the checked box and its new crop (null without a page image). */
  recrop: { bbox: Bbox; cropKey: string | null } | null;
}

const sameBbox = (a: Bbox, b: Bbox): boolean => a.every((v, i) => v === b[i]);

export async function prepareUpdate(
  db: Db,
  storage: BlobStore,
  caller: Caller,
  documentId: string,
  id: string,
  patch: VisualComponentUpdate,
): Promise<PreparedUpdate> {
  const doc = await getReadableDocument(db, caller, documentId);
  const row = await visualOf(db, doc.id, id);
  if ((patch.component_type ?? row.component_type) === 'schematic' && patch.grounding_data !== undefined) {
    await checkSchematicRegionData(storage, doc.id, patch.grounding_data, ['body', 'grounding_data']);
  }
  let recrop: PreparedUpdate['recrop'] = null;
  if (patch.bbox !== undefined) {
    const page = await pageOf(db, doc.id, row.page_number);
    const bbox = checkBbox(patch.bbox, page, ['body', 'bbox']);
    if (!sameBbox(bbox, parseBbox(row.bbox))) {
      const cropKey = page.image_key ? newCropKey(doc.id, row.component_id) : null;
      if (page.image_key && cropKey) await storeCrop(storage, page.image_key, bbox, cropKey);
      recrop = { bbox, cropKey };
    }
  }
  return { documentId: doc.id, id: row.id, patch, recrop };
}

/**
 * Applies an edit in one transaction, so grounding_data and the region change together or not
 * at all. A new bbox or type sends the component back to 'pending' (its extraction no longer
 * fits). An edited pipeline region becomes 'manual': a person owns it now, and reprocessing
 * the page keeps it instead of replacing it.
 */
export async function updateVisualComponent(
  { trx, after }: UnitOfWork,
  caller: Caller,
  p: PreparedUpdate,
  deleteBlobs: BlobDeleter,
): Promise<repo.VisualRow> {
  const doc = await getReadableDocument(trx, caller, p.documentId);
  const before = await visualOf(trx, doc.id, p.id);
  if (!(await repo.lockComponent(trx, before.component_id))) throw notFound('Visual component not found');
  // Read again under the lock: a concurrent edit may have replaced the crop meanwhile.
  const row = await visualOf(trx, doc.id, p.id);
  const { patch, recrop } = p;
  const now = nowIso();
  const typeChanged = patch.component_type !== undefined && patch.component_type !== row.component_type;
  const visual = {
    ...(patch.label !== undefined ? { label: patch.label } : {}),
    ...(patch.component_type !== undefined ? { component_type: patch.component_type } : {}),
    ...(patch.grounding_data !== undefined ? { grounding_data: JSON.stringify(patch.grounding_data) } : {}),
    ...(recrop ? { bbox: JSON.stringify(recrop.bbox) } : {}),
  };
  const edited = Object.keys(visual).length > 0;
  if (!edited) return row;
  const changes = { ...visual, origin: 'manual', updated_at: now };
  await trx.updateTable('visual_components').set(changes).where('id', '=', row.id).execute();

  let status = row.status;
  let imageKey = row.image_key;
  if (recrop || typeChanged) {
    status = 'pending';
    if (recrop) imageKey = recrop.cropKey;
    await trx
      .updateTable('components')
      .set({
        status,
        error: null,
        image_key: imageKey,
        ...(patch.component_type !== undefined ? { component_type: patch.component_type } : {}),
        updated_at: now,
      })
      .where('id', '=', row.component_id)
      .execute();
    const old = row.image_key;
    if (recrop && old && old !== imageKey) {
      const outboxId = await queueBlobDeletion(trx, old);
      after.add(() => deleteBlobs(outboxId, old));
    }
  }
  // A new grounding_data is kept in the component's history, like every grounding write.
  if (visual.grounding_data !== undefined && visual.grounding_data !== row.grounding_data) {
    await recordRevision(trx, { componentId: row.component_id, source: 'edit', userId: caller.userId });
  }
  await reindexPageComponents(trx, doc.id, row.page_number);
  return { ...row, ...changes, status, image_key: imageKey };
}

/** Removes the region and, unless another region shares it, its component record and blobs. */
export async function deleteVisualComponent(
  { trx, after }: UnitOfWork,
  caller: Caller,
  documentId: string,
  id: string,
  deleteBlobs: BlobDeleter,
): Promise<{ id: string; component_id: string; deleted: true }> {
  const doc = await getReadableDocument(trx, caller, documentId);
  const row = await visualOf(trx, doc.id, id);
  await repo.lockComponent(trx, row.component_id);
  await trx.deleteFrom('visual_components').where('id', '=', row.id).execute();
  const orphans = await repo.unreferenced(trx, [row.component_id]);
  for (const q of await repo.deleteComponents(trx, orphans)) after.add(() => deleteBlobs(q.outboxId, q.prefix));
  await reindexPageComponents(trx, doc.id, row.page_number);
  return { id: row.id, component_id: row.component_id, deleted: true };
}
