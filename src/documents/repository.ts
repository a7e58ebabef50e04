// Queries for documents and their tag / knowledge-base links.
import type { Caller } from '../auth/caller.js';
import type { Db } from '../db/types.js';
import { nowIso, newId } from '../util.js';
import { readableDocuments } from './access.js';
import type { ListDocumentsFilters } from './schemas.js';

/** The caller's readable documents narrowed by list filters; `tag_names` keeps documents with any of them. */
export function filteredReadable(
  db: Db,
  caller: Caller,
  f: Omit<ListDocumentsFilters, 'limit' | 'offset'> & { tag_names?: string[] },
) {
  let q = readableDocuments(db, caller);
  if (f.folder_id !== undefined) q = q.where('documents.folder_id', '=', f.folder_id);
  if (f.owner_id !== undefined) q = q.where('documents.owner_id', '=', f.owner_id);
  const tags = [...(f.tag_name !== undefined ? [f.tag_name] : []), ...(f.tag_names ?? [])];
  if (tags.length > 0) {
    const keys = [...new Set(tags.map(tagKey))];
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('document_tags')
          .innerJoin('tags', 'tags.id', 'document_tags.tag_id')
          .select('document_tags.document_id')
          .whereRef('document_tags.document_id', '=', 'documents.id')
          .where('tags.name_key', 'in', keys),
      ),
    );
  }
  if (f.knowledge_base_id !== undefined) {
    const kb = f.knowledge_base_id;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('document_knowledge_bases')
          .select('document_knowledge_bases.document_id')
          .whereRef('document_knowledge_bases.document_id', '=', 'documents.id')
          .where('document_knowledge_bases.knowledge_base_id', '=', kb),
      ),
    );
  }
  return q;
}

/** Tag names compare case-insensitively (and Unicode-normalised) within an organization. */
export function tagKey(name: string): string {
  return name.trim().normalize('NFKC').toLowerCase();
}

export async function tagsByDocument(db: Db, documentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (documentIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_tags')
    .innerJoin('tags', 'tags.id', 'document_tags.tag_id')
    .select(['document_tags.document_id', 'tags.name'])
    .where('document_tags.document_id', 'in', documentIds)
    .orderBy('tags.name_key')
    .execute();
  for (const r of rows) out.set(r.document_id, [...(out.get(r.document_id) ?? []), r.name]);
  return out;
}

export async function knowledgeBasesByDocument(db: Db, documentIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (documentIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_knowledge_bases')
    .select(['document_id', 'knowledge_base_id'])
    .where('document_id', 'in', documentIds)
    .orderBy('knowledge_base_id')
    .execute();
  for (const r of rows) out.set(r.document_id, [...(out.get(r.document_id) ?? []), r.knowledge_base_id]);
  return out;
}

/** Finds or creates the organization's tag (keeping the first spelling) and links it. */
export async function attachTag(db: Db, organizationId: string, documentId: string, name: string): Promise<void> {
  const key = tagKey(name);
  let tag = await db
    .selectFrom('tags')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('name_key', '=', key)
    .executeTakeFirst();
  if (!tag) {
    tag = { id: newId() };
    await db
      .insertInto('tags')
      .values({ id: tag.id, organization_id: organizationId, name: name.trim(), name_key: key, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['organization_id', 'name_key']).doNothing())
      .execute();
    // A concurrent request may have created it first; use whichever row won.
    tag = await db
      .selectFrom('tags')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('name_key', '=', key)
      .executeTakeFirstOrThrow();
  }
  await db
    .insertInto('document_tags')
    .values({ document_id: documentId, tag_id: tag.id, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['document_id', 'tag_id']).doNothing())
    .execute();
}

export async function linkKnowledgeBase(db: Db, documentId: string, knowledgeBaseId: string): Promise<void> {
  await db
    .insertInto('document_knowledge_bases')
    .values({ document_id: documentId, knowledge_base_id: knowledgeBaseId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['document_id', 'knowledge_base_id']).doNothing())
    .execute();
}

export async function folderInOrganization(db: Db, organizationId: string, folderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('folders')
    .select('id')
    .where('id', '=', folderId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function knowledgeBaseInOrganization(db: Db, organizationId: string, kbId: string): Promise<boolean> {
  const row = await db
    .selectFrom('knowledge_bases')
    .select('id')
    .where('id', '=', kbId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}


// Blob references, for `pagelens fsck` and the orphan sweep (src/fsck): which blobs the
// documents and their pending uploads point at.

export interface DocumentFileRef {
  id: string;
  file_path: string | null;
  version: number;
}

/** Documents in id order after `afterId`, a page at a time (fsck walks them all). */
export async function documentFileRefs(db: Db, afterId: string, limit: number): Promise<DocumentFileRef[]> {
  return db.selectFrom('documents').select(['id', 'file_path', 'version']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** The pending direct uploads of these documents (their blobs may not have arrived yet). */
export async function pendingUploadRefs(db: Db, documentIds: string[]): Promise<Array<{ id: string; document_id: string; storage_key: string }>> {
  if (documentIds.length === 0) return [];
  return db.selectFrom('pending_uploads').select(['id', 'document_id', 'storage_key']).where('document_id', 'in', documentIds).execute();
}

/** Which of these keys a document's file_path or a pending upload points at now. */
export async function referencedDocumentKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const files = await db.selectFrom('documents').select('file_path').where('file_path', 'in', keys).execute();
  const uploads = await db.selectFrom('pending_uploads').select('storage_key').where('storage_key', 'in', keys).execute();
  return [...files.flatMap((r) => (r.file_path ? [r.file_path] : [])), ...uploads.map((r) => r.storage_key)];
}

/** The documents of these ids that exist. */
export async function existingDocumentIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('documents').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * fsck --repair for a document whose file blob is gone: forget the file (file_path null, so the
 * API shows no file URL instead of one to nothing) and keep everything else (pages, text,
 * components, answers). Only when it still points at that key. True when it changed.
 */
export async function forgetMissingFile(db: Db, id: string, key: string): Promise<boolean> {
  const res = await db.updateTable('documents').set({ file_path: null, updated_at: nowIso() }).where('id', '=', id).where('file_path', '=', key).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
