// Visibility rules for documents. Every document query starts from readableDocuments(caller),
// so a forgotten filter cannot leak another user's or another organization's documents.
import type { Caller } from '../auth/caller.js';
import type { Db, DocumentsTable } from '../db/types.js';
import { forbidden, notFound } from '../http/errors.js';

export const VISIBILITIES = ['private', 'organization'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'private';

export function readableDocuments(db: Db, caller: Caller) {
  return db
    .selectFrom('documents')
    .where('documents.organization_id', '=', caller.organizationId)
    .where((eb) =>
      eb.or([eb('documents.owner_id', '=', caller.userId), eb('documents.visibility', '=', 'organization')]),
    );
}

export async function getReadableDocument(db: Db, caller: Caller, id: string): Promise<DocumentsTable> {
  const doc = await readableDocuments(db, caller).selectAll('documents').where('documents.id', '=', id).executeTakeFirst();
  if (!doc) throw notFound('Document not found');
  return doc;
}

/** Deleting, changing visibility and retention are for the owner or an organization admin. */
export function assertCanManage(doc: DocumentsTable, caller: Caller, action: string): void {
  if (doc.owner_id !== caller.userId && !caller.isAdmin) {
    throw forbidden(`Only the document's owner or an organization admin can ${action}`);
  }
}
