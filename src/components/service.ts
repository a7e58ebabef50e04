// Rules for component records: readable with their document (or by their owner when they have
// none); deleting one removes its visual components and, after commit, its stored files.
import type { Caller } from '../auth/caller.js';
import type { ComponentsTable, Db } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { getReadableDocument } from '../documents/access.js';
import type { BlobDeleter } from '../documents/service.js';
import { getReadableComponent } from './access.js';
import * as repo from './repository.js';
import { reindexPageComponents } from '../search/component-chunks.js';

export async function listDocumentComponents(db: Db, caller: Caller, documentId: string): Promise<ComponentsTable[]> {
  const doc = await getReadableDocument(db, caller, documentId);
  return repo.listDocumentComponents(db, doc.id);
}

export const getComponent = getReadableComponent;

export async function deleteComponent(
  { trx, after }: UnitOfWork,
  caller: Caller,
  id: string,
  deleteBlobs: BlobDeleter,
): Promise<{ id: string; deleted: true; visual_component_ids: string[] }> {
  const row = await getReadableComponent(trx, caller, id);
  await repo.lockComponent(trx, row.id);
  const visuals = await trx
    .selectFrom('visual_components')
    .select(['id', 'document_id', 'page_number'])
    .where('component_id', '=', row.id)
    .orderBy('id')
    .execute();
  for (const q of await repo.deleteComponents(trx, [row.id])) after.add(() => deleteBlobs(q.outboxId, q.prefix));
  // The component's regions are gone: rebuild the component chunks of the pages they were on.
  const pages = new Map(visuals.map((v) => [`${v.document_id}:${v.page_number}`, v]));
  for (const v of pages.values()) await reindexPageComponents(trx, v.document_id, v.page_number);
  return { id: row.id, deleted: true, visual_component_ids: visuals.map((v) => v.id) };
}
