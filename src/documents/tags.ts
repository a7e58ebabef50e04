// Rules for tags: organization-wide names, case-insensitive, listed over visible documents only.
import type { Caller } from '../auth/caller.js';
import type { Db } from '../db/types.js';
import { notFound, validationError } from '../http/errors.js';
import { readableDocuments } from './access.js';
import * as repo from './repository.js';

export interface TagWire {
  id: string;
  name: string;
  created_at: string;
  document_count: number;
}

/** Tags on the given visible documents (or on all of them), with visible-document counts. */
export async function listTags(db: Db, caller: Caller, documentId?: string): Promise<TagWire[]> {
  let visible = readableDocuments(db, caller).select('documents.id');
  if (documentId !== undefined) visible = visible.where('documents.id', '=', documentId);
  const rows = await db
    .selectFrom('document_tags')
    .innerJoin('tags', 'tags.id', 'document_tags.tag_id')
    .select(['tags.id', 'tags.name', 'tags.created_at', 'tags.name_key'])
    .select((eb) => eb.fn.count<number>('document_tags.document_id').as('document_count'))
    .where('document_tags.document_id', 'in', visible)
    .groupBy(['tags.id', 'tags.name', 'tags.created_at', 'tags.name_key'])
    .orderBy('tags.name_key')
    .execute();
  if (documentId === undefined) {
    return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.created_at, document_count: Number(r.document_count) }));
  }
  // For one document, report how many visible documents in all carry each tag.
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const counts = await db
    .selectFrom('document_tags')
    .select(['document_tags.tag_id'])
    .select((eb) => eb.fn.count<number>('document_tags.document_id').as('n'))
    .where('document_tags.tag_id', 'in', ids)
    .where('document_tags.document_id', 'in', readableDocuments(db, caller).select('documents.id'))
    .groupBy('document_tags.tag_id')
    .execute();
  const byTag = new Map(counts.map((c) => [c.tag_id, Number(c.n)]));
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.created_at, document_count: byTag.get(r.id) ?? 0 }));
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError(['body', 'name'], 'Tag name must not be blank', 'string_too_short');
  return trimmed;
}

export async function addTag(db: Db, caller: Caller, documentId: string, name: string): Promise<void> {
  await repo.attachTag(db, caller.organizationId, documentId, cleanName(name));
}

/** Unlinks the tag; a tag no document uses any more is removed too. 404 when not on the document. */
export async function removeTag(db: Db, caller: Caller, documentId: string, name: string): Promise<void> {
  const tag = await db
    .selectFrom('tags')
    .select('id')
    .where('organization_id', '=', caller.organizationId)
    .where('name_key', '=', repo.tagKey(cleanName(name)))
    .executeTakeFirst();
  const res = tag
    ? await db
        .deleteFrom('document_tags')
        .where('document_id', '=', documentId)
        .where('tag_id', '=', tag.id)
        .executeTakeFirst()
    : undefined;
  if (!tag || Number(res?.numDeletedRows ?? 0) === 0) throw notFound('Tag not found on this document');
  const stillUsed = await db.selectFrom('document_tags').select('tag_id').where('tag_id', '=', tag.id).executeTakeFirst();
  if (!stillUsed) await db.deleteFrom('tags').where('id', '=', tag.id).execute();
}
