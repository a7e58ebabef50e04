// Page records (table pages): what processing and on-demand rendering write, and the lookups
// they need. Reads for the API go through the helpers of this folder.
import type { Db, PagesTable } from '../db/types.js';
import { newId, nowIso } from '../util.js';

export async function pageRow(db: Db, documentId: string, pageNumber: number): Promise<Pick<PagesTable, 'id' | 'image_key'> | undefined> {
  return db.selectFrom('pages').select(['id', 'image_key']).where('document_id', '=', documentId).where('page_number', '=', pageNumber).executeTakeFirst();
}

export type ProcessedPage = Pick<
  PagesTable,
  'document_version' | 'width' | 'height' | 'dpi' | 'image_key' | 'thumbnail_key' | 'text_source' | 'text' | 'words_key' | 'layout'
>;

/** Creates or replaces the page's record with what processing produced. */
export async function upsertProcessedPage(trx: Db, documentId: string, pageNumber: number, page: ProcessedPage): Promise<void> {
  const now = nowIso();
  const row = { ...page, updated_at: now };
  await trx
    .insertInto('pages')
    .values({ id: newId(), document_id: documentId, page_number: pageNumber, created_at: now, ...row })
    .onConflict((oc) => oc.columns(['document_id', 'page_number']).doUpdateSet(row))
    .execute();
}

export type PageImage = Pick<PagesTable, 'width' | 'height' | 'dpi' | 'image_key' | 'thumbnail_key'>;

/**
 * Gives a page its rendered image when it has none (on-demand rendering): creates the page
 * record, with no text yet, when processing has not reached it. False when the page already
 * had an image (rendered meanwhile), so the caller drops its blobs.
 */
export async function setPageImageIfMissing(trx: Db, documentId: string, documentVersion: number, pageNumber: number, image: PageImage): Promise<boolean> {
  const row = await pageRow(trx, documentId, pageNumber);
  const now = nowIso();
  if (!row) {
    await trx
      .insertInto('pages')
      .values({
        id: newId(),
        document_id: documentId,
        page_number: pageNumber,
        document_version: documentVersion,
        text_source: 'none',
        text: '',
        words_key: null,
        layout: '[]',
        created_at: now,
        ...image,
        updated_at: now,
      })
      .execute();
    return true;
  }
  if (row.image_key) return false;
  await trx.updateTable('pages').set({ ...image, updated_at: now }).where('id', '=', row.id).execute();
  return true;
}

export type PageSources = Pick<PagesTable, 'document_version' | 'width' | 'height' | 'dpi' | 'image_key' | 'text_source' | 'words_key'>;

/** What extracting a region of the page again needs: its image, its words and where they came from. */
export async function pageSources(db: Db, documentId: string, pageNumber: number): Promise<PageSources | undefined> {
  return db
    .selectFrom('pages')
    .select(['document_version', 'width', 'height', 'dpi', 'image_key', 'text_source', 'words_key'])
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .executeTakeFirst();
}

// Blob references, for `pagelens fsck` (src/fsck).

export type PageBlobColumn = 'image_key' | 'thumbnail_key' | 'words_key';
export const PAGE_BLOB_COLUMNS: readonly PageBlobColumn[] = ['image_key', 'thumbnail_key', 'words_key'];

export async function pageBlobRefs(db: Db, documentIds: string[]): Promise<Array<Pick<PagesTable, 'id' | 'document_id' | PageBlobColumn>>> {
  if (documentIds.length === 0) return [];
  return db.selectFrom('pages').select(['id', 'document_id', 'image_key', 'thumbnail_key', 'words_key']).where('document_id', 'in', documentIds).execute();
}

/** Which of these keys a page points at now. */
export async function referencedPageKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const out: string[] = [];
  for (const column of PAGE_BLOB_COLUMNS) {
    const rows = await db.selectFrom('pages').select(column).where(column, 'in', keys).execute();
    for (const r of rows) {
      const key = r[column];
      if (key) out.push(key);
    }
  }
  return out;
}

/**
 * fsck --repair for a page blob that is gone: the column becomes null, only while it still holds
 * that key. A page without an image is rendered again on demand (GET .../pages/{n}/image).
 */
export async function forgetMissingPageBlob(db: Db, pageId: string, column: PageBlobColumn, key: string): Promise<boolean> {
  const res = await db.updateTable('pages').set({ [column]: null, updated_at: nowIso() }).where('id', '=', pageId).where(column, '=', key).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
