// The chunks of a page (table chunks): all of them are replaced each time the page is processed,
// so a retry or a reprocess never duplicates them; the page's text chunks are written here, its
// components' chunks again by component-chunks.ts in the same transaction.
import type { Db } from '../db/types.js';
import type { Chunk } from '../pipeline/chunk.js';
import { newId, nowIso } from '../util.js';

export async function replacePageTextChunks(trx: Db, documentId: string, pageNumber: number, chunks: Chunk[]): Promise<void> {
  const now = nowIso();
  await trx.deleteFrom('chunks').where('document_id', '=', documentId).where('page_number', '=', pageNumber).execute();
  for (let i = 0; i < chunks.length; i += 50) {
    await trx
      .insertInto('chunks')
      .values(
        chunks.slice(i, i + 50).map((c) => ({
          id: newId(),
          document_id: documentId,
          page_number: pageNumber,
          seq: c.seq,
          kind: 'text',
          text: c.text,
          bboxes: JSON.stringify(c.bboxes),
          created_at: now,
        })),
      )
      .execute();
  }
}
