// Queries for components and visual components. Callers scope them: documents through
// getReadableDocument, components through readableComponents (access.ts).
import type { ComponentsTable, Db, VisualComponentsTable } from '../db/types.js';
import { queueBlobDeletion } from '../documents/blob-deletions.js';
import { componentBlobPrefixes } from './keys.js';
import { nowIso } from '../util.js';
import { parseBbox } from './model.js';

/** A visual component with what the wire shows of its component record. */
export type VisualRow = VisualComponentsTable & { status: string; image_key: string | null };

export interface VisualFilters {
  pageNumber?: number;
  types?: string[];
}

function visualRows(db: Db, documentId: string) {
  return db
    .selectFrom('visual_components')
    .innerJoin('components', 'components.id', 'visual_components.component_id')
    .selectAll('visual_components')
    .select(['components.status', 'components.image_key'])
    .where('visual_components.document_id', '=', documentId);
}

export async function listVisual(db: Db, documentId: string, f: VisualFilters): Promise<VisualRow[]> {
  let q = visualRows(db, documentId);
  if (f.pageNumber !== undefined) q = q.where('visual_components.page_number', '=', f.pageNumber);
  if (f.types !== undefined) q = q.where('visual_components.component_type', 'in', f.types);
  const rows = await q.orderBy('visual_components.page_number').orderBy('visual_components.created_at').orderBy('visual_components.id').execute();
  // Reading order within a page: top to bottom, then left to right.
  const corner = new Map(rows.map((r) => [r.id, parseBbox(r.bbox)]));
  const key = (r: VisualRow): [number, number, number] => {
    const b = corner.get(r.id);
    return [r.page_number, b?.[1] ?? 0, b?.[0] ?? 0];
  };
  return rows.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
  });
}

export async function findVisual(db: Db, documentId: string, id: string): Promise<VisualRow | undefined> {
  return visualRows(db, documentId).where('visual_components.id', '=', id).executeTakeFirst();
}

export async function findPage(db: Db, documentId: string, pageNumber: number) {
  return db
    .selectFrom('pages')
    .select(['page_number', 'width', 'height', 'image_key'])
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
}

export async function insertComponent(db: Db, row: ComponentsTable): Promise<void> {
  await db.insertInto('components').values(row).execute();
}

export async function insertVisual(db: Db, row: VisualComponentsTable): Promise<void> {
  await db.insertInto('visual_components').values(row).execute();
}

export async function listDocumentComponents(db: Db, documentId: string): Promise<ComponentsTable[]> {
  return db
    .selectFrom('components')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Deletes component records and every visual component pointing at them, in the caller's
 * transaction; returns the blob prefixes that are now unreferenced (the caller queues them).
 */
export async function removeComponents(db: Db, componentIds: string[]): Promise<string[]> {
  if (componentIds.length === 0) return [];
  const rows = await db
    .selectFrom('components')
    .select(['id', 'document_id', 'image_key'])
    .where('id', 'in', componentIds)
    .execute();
  await db.deleteFrom('visual_components').where('component_id', 'in', componentIds).execute();
  await db.deleteFrom('components').where('id', 'in', componentIds).execute();
  return rows.flatMap(componentBlobPrefixes);
}

/** removeComponents, with the blobs queued in the blob_deletions outbox; returns what was queued. */
export async function deleteComponents(
  db: Db,
  componentIds: string[],
): Promise<Array<{ outboxId: string; prefix: string }>> {
  const queued: Array<{ outboxId: string; prefix: string }> = [];
  for (const prefix of await removeComponents(db, componentIds)) {
    queued.push({ outboxId: await queueBlobDeletion(db, prefix), prefix });
  }
  return queued;
}

/** Component IDs among these that no remaining visual component points at. */
export async function unreferenced(db: Db, componentIds: string[]): Promise<string[]> {
  if (componentIds.length === 0) return [];
  const used = await db
    .selectFrom('visual_components')
    .select('component_id')
    .where('component_id', 'in', componentIds)
    .execute();
  const usedSet = new Set(used.map((r) => r.component_id));
  return componentIds.filter((id) => !usedSet.has(id));
}

/**
 * Takes the component's row lock for the rest of the transaction (a no-op update: portable, and
 * SQLite's BEGIN IMMEDIATE already serialises writers). False when the row is gone.
 */
export async function lockComponent(db: Db, id: string): Promise<boolean> {
  const res = await db
    .updateTable('components')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The document's visual components among `ids` (others are simply absent). */
export async function findVisuals(db: Db, documentId: string, ids: string[]): Promise<VisualRow[]> {
  if (ids.length === 0) return [];
  return visualRows(db, documentId).where('visual_components.id', 'in', ids).execute();
}

/** Sets the status of these components (the start of a re-extraction, or its cancellation). */
export async function setComponentStatus(db: Db, ids: string[], status: string, error: string | null, onlyIf?: string): Promise<void> {
  if (ids.length === 0) return;
  let q = db.updateTable('components').set({ status, error, updated_at: nowIso() }).where('id', 'in', ids);
  if (onlyIf !== undefined) q = q.where('status', '=', onlyIf);
  await q.execute();
}

/** Marks the component's regions as a person's: reprocessing the page keeps them from now on. */
export async function markRegionsManual(db: Db, componentId: string): Promise<void> {
  await db.updateTable('visual_components').set({ origin: 'manual' }).where('component_id', '=', componentId).where('origin', '!=', 'manual').execute();
}

/** The component records among `ids` (others are simply absent). */
export async function findComponents(db: Db, ids: string[]): Promise<ComponentsTable[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('components').selectAll().where('id', 'in', ids).execute();
}

// Blob references, for `pagelens fsck` (src/fsck): component images and pending image uploads.

export type ComponentImageRef = Pick<ComponentsTable, 'id' | 'document_id' | 'image_key'>;

/** The components of these documents. */
export async function componentImageRefs(db: Db, documentIds: string[]): Promise<ComponentImageRef[]> {
  if (documentIds.length === 0) return [];
  return db.selectFrom('components').select(['id', 'document_id', 'image_key']).where('document_id', 'in', documentIds).execute();
}

/** Standalone components (no document) in id order after `afterId`, a page at a time. */
export async function standaloneComponentRefs(db: Db, afterId: string, limit: number): Promise<ComponentImageRef[]> {
  return db
    .selectFrom('components')
    .select(['id', 'document_id', 'image_key'])
    .where('document_id', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The pending image uploads of these components (their blobs may not have arrived yet). */
export async function componentUploadRefs(db: Db, componentIds: string[]): Promise<Array<{ id: string; component_id: string; storage_key: string }>> {
  if (componentIds.length === 0) return [];
  return db.selectFrom('component_uploads').select(['id', 'component_id', 'storage_key']).where('component_id', 'in', componentIds).execute();
}

/** Which of these keys a component's image or a pending component upload points at now. */
export async function referencedComponentKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const images = await db.selectFrom('components').select('image_key').where('image_key', 'in', keys).execute();
  const uploads = await db.selectFrom('component_uploads').select('storage_key').where('storage_key', 'in', keys).execute();
  return [...images.flatMap((r) => (r.image_key ? [r.image_key] : [])), ...uploads.map((r) => r.storage_key)];
}

/** The components of these ids that exist. */
export async function existingComponentIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('components').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** fsck --repair for a component image that is gone: image_key becomes null, only while it still holds that key. */
export async function forgetMissingComponentImage(db: Db, id: string, key: string): Promise<boolean> {
  const res = await db.updateTable('components').set({ image_key: null, updated_at: nowIso() }).where('id', '=', id).where('image_key', '=', key).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
