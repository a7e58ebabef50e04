// Rules for page descriptions: readable with the document; an edit is kept across reprocessing.
import type { Caller } from '../auth/caller.js';
import type { Db, PageDescriptionsTable } from '../db/types.js';
import { getReadableDocument } from '../documents/access.js';
import { notFound, validationError } from '../http/errors.js';
import { newId, nowIso } from '../util.js';
import type { PageDescriptionWire } from './schemas.js';

export function toWire(row: PageDescriptionsTable): PageDescriptionWire {
  return {
    document_id: row.document_id,
    page_number: row.page_number,
    description: row.description,
    headings: JSON.parse(row.headings) as string[],
    source: row.source,
    edited: row.edited === 1,
    model: row.model,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listDescriptions(db: Db, caller: Caller, documentId: string): Promise<PageDescriptionWire[]> {
  const doc = await getReadableDocument(db, caller, documentId);
  const rows = await db
    .selectFrom('page_descriptions')
    .selectAll()
    .where('document_id', '=', doc.id)
    .orderBy('page_number')
    .execute();
  return rows.map(toWire);
}

async function findRow(db: Db, documentId: string, pageNumber: number): Promise<PageDescriptionsTable> {
  const row = await db
    .selectFrom('page_descriptions')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  if (!row) throw notFound('Page description not found');
  return row;
}

export async function getDescription(db: Db, caller: Caller, documentId: string, pageNumber: number) {
  const doc = await getReadableDocument(db, caller, documentId);
  return toWire(await findRow(db, doc.id, pageNumber));
}

export async function updateDescription(db: Db, caller: Caller, documentId: string, pageNumber: number, text: string) {
  const doc = await getReadableDocument(db, caller, documentId);
  const trimmed = text.trim();
  if (trimmed === '') throw validationError(['body', 'description'], 'Description must not be blank', 'string_too_short');
  const row = await findRow(db, doc.id, pageNumber);
  const now = nowIso();
  await db.updateTable('page_descriptions').set({ description: trimmed, edited: 1, updated_at: now }).where('id', '=', row.id).execute();
  return toWire({ ...row, description: trimmed, edited: 1, updated_at: now });
}

export interface GeneratedDescription {
  description: string;
  headings: string[];
  source: 'extractive' | 'model';
  model: string | null;
}

/**
 * Stores the description processing wrote for a page: created when new, replaced unless a person
 * edited it (or `overwriteEdited` says to replace edits too).
 */
export async function storeGeneratedDescription(
  trx: Db,
  documentId: string,
  pageNumber: number,
  generated: GeneratedDescription,
  overwriteEdited: boolean,
): Promise<void> {
  const now = nowIso();
  const existing = await trx
    .selectFrom('page_descriptions')
    .select(['id', 'edited'])
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
  const description = {
    description: generated.description,
    headings: JSON.stringify(generated.headings),
    source: generated.source,
    edited: 0,
    model: generated.model,
    updated_at: now,
  };
  if (!existing) {
    await trx
      .insertInto('page_descriptions')
      .values({ id: newId(), document_id: documentId, page_number: pageNumber, created_at: now, ...description })
      .execute();
  } else if (existing.edited === 0 || overwriteEdited) {
    await trx.updateTable('page_descriptions').set(description).where('id', '=', existing.id).execute();
  }
}
