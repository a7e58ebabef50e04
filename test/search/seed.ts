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

export async function seedFolder(db: Db, organizationId: string, ownerId: string): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.insertInto('folders').values({ id, organization_id: organizationId, owner_id: ownerId, parent_id: null, name: `f-${id}`, created_at: now, updated_at: now }).execute();
  return id;
}

export async function seedKnowledgeBase(db: Db, organizationId: string, ownerId: string, documentIds: string[]): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db.insertInto('knowledge_bases').values({ id, organization_id: organizationId, owner_id: ownerId, name: `kb-${id}`, description: '', created_at: now, updated_at: now }).execute();
  for (const d of documentIds) await db.insertInto('document_knowledge_bases').values({ document_id: d, knowledge_base_id: id, created_at: now }).execute();
  return id;
}

export async function seedTag(db: Db, organizationId: string, name: string, documentIds: string[]): Promise<void> {
  const id = newId();
  const now = nowIso();
  await db.insertInto('tags').values({ id, organization_id: organizationId, name, name_key: name.toLowerCase(), created_at: now }).execute();
  for (const d of documentIds) await db.insertInto('document_tags').values({ document_id: d, tag_id: id, created_at: now }).execute();
}

export async function seedPage(db: Db, documentId: string, pageNumber: number, p: { textSource: string; text: string; layout: unknown[] }): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('pages')
    .values({
      id: newId(),
      document_id: documentId,
      page_number: pageNumber,
      document_version: 1,
      width: 1000,
      height: 1000,
      dpi: 72,
      image_key: null,
      thumbnail_key: null,
      text_source: p.textSource,
      text: p.text,
      words_key: null,
      layout: JSON.stringify(p.layout),
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function seedComponent(
  db: Db,
  doc: { id: string; organizationId: string; ownerId: string },
  type: string,
  status: string,
  placements: number,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('components')
    .values({
      id,
      organization_id: doc.organizationId,
      owner_id: doc.ownerId,
      document_id: doc.id,
      component_type: type,
      status,
      image_key: null,
      grounding: '{}',
      description: null,
      error: null,
      tokens_in: 0,
      tokens_out: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (let i = 0; i < placements; i++) {
    await db
      .insertInto('visual_components')
      .values({
        id: newId(),
        document_id: doc.id,
        component_id: id,
        page_number: i + 1,
        component_type: type,
        label: '',
        bbox: '[0,0,1,1]',
        confidence: 100,
        origin: 'pipeline',
        grounding_data: '{}',
        metadata: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return id;
}

export async function seedUsage(
  db: Db,
  organizationId: string,
  documentId: string | null,
  u: { model: string; purpose?: string; tokensIn: number; tokensOut: number; cost: string },
): Promise<void> {
  await db
    .insertInto('token_usage')
    .values({
      id: newId(),
      organization_id: organizationId,
      document_id: documentId,
      question_id: null,
      purpose: u.purpose ?? 'page_description',
      provider: 'openai',
      model: u.model,
      tokens_in: u.tokensIn,
      tokens_out: u.tokensOut,
      cost: u.cost,
      created_at: nowIso(),
    })
    .execute();
}
