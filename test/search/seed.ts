// Inserts documents and chunks straight into the database, for search tests that need exact
// control over the indexed text (processing real files is covered by the processing tests).
import type { Db } from '../../src/db/types.js';
import { newId, nowIso } from '../../src/util.js';

export interface SeedDocument {
  organizationId: string;
  ownerId: string;
  name?: string;
  visibility?: 'private' | 'organization';
  fileType?: string;
  folderId?: string | null;
}

export async function seedDocument(db: Db, d: SeedDocument): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('documents')
    .values({
      id,
      organization_id: d.organizationId,
      owner_id: d.ownerId,
      name: d.name ?? `doc-${id}`,
      folder_id: d.folderId ?? null,
      file_path: null,
      file_type: d.fileType ?? 'pdf',
      mime_type: 'application/pdf',
      file_size: 1,
      sha256: 'x',
      original_filename: `${d.name ?? id}.pdf`,
      summary: '',
      visibility: d.visibility ?? 'private',
      version: 1,
      created_at: now,
      updated_at: now,
      page_count: 1,
      processed_version: 1,
    })
    .execute();
  return id;
}

export async function seedChunk(
  db: Db,
  documentId: string,
  pageNumber: number,
  text: string,
  options: { kind?: string; bboxes?: [number, number, number, number][]; seq?: number } = {},
): Promise<string> {
  const id = newId();
  await db
    .insertInto('chunks')
    .values({
      id,
      document_id: documentId,
      page_number: pageNumber,
      seq: options.seq ?? 0,
      kind: options.kind ?? 'text',
      text,
      bboxes: JSON.stringify(options.bboxes ?? [[1, 2, 3, 4]]),
      created_at: nowIso(),
    })
    .execute();
  return id;
}
