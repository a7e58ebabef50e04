// Rules for documents. Functions take the caller and a transaction; they never commit.
import type { Caller } from '../auth/caller.js';
import type { Db, DocumentsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { createJob } from '../jobs/create.js';
import { cancelOpenRuns, endJob, openJobsOfDocument } from '../jobs/repository.js';
import type { JobSubmitter } from '../jobs/create.js';
import { processDocumentJob } from '../processing/job-requests.js';
import type { BlobStore } from '../storage/blob-store.js';
import { nowIso } from '../util.js';
import { assertCanManage, DEFAULT_VISIBILITY, getReadableDocument, type Visibility } from './access.js';
import type { Format } from './formats.js';
import { derivedPrefix, documentPrefix } from './keys.js';
import * as repo from './repository.js';
import { queueBlobDeletion } from './blob-deletions.js';
import type { DocumentGetWire, DocumentUpdate, DocumentWire, ListDocumentsFilters } from './schemas.js';

export interface WireDeps {
  storage: BlobStore;
  signedUrlTtlSeconds: number;
}

/** Called after commit with the prefix to delete; wired by the boundary to the blob outbox. */
export type BlobDeleter = (outboxId: string, prefix: string) => Promise<void>;

export async function toWire(db: Db, deps: WireDeps, rows: DocumentsTable[]): Promise<DocumentWire[]> {
  const ids = rows.map((r) => r.id);
  const kbs = await repo.knowledgeBasesByDocument(db, ids);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      name: r.name,
      folder_id: r.folder_id,
      file_path: r.file_path,
      file_type: r.file_type,
      file_url: r.file_path
        ? await deps.storage.signedUrl(r.file_path, { method: 'GET', expiresInSeconds: deps.signedUrlTtlSeconds })
        : null,
      summary: r.summary,
      visibility: r.visibility,
      version: r.version,
      owner_id: r.owner_id,
      created_at: r.created_at,
      updated_at: r.updated_at,
      mime_type: r.mime_type,
      file_size: Number(r.file_size),
      knowledge_base_ids: kbs.get(r.id) ?? [],
    })),
  );
}

export async function toWireWithTags(db: Db, deps: WireDeps, row: DocumentsTable): Promise<DocumentGetWire> {
  const [doc] = await toWire(db, deps, [row]);
  if (!doc) throw new Error('unreachable: toWire returned nothing');
  const tags = await repo.tagsByDocument(db, [row.id]);
  return { ...doc, tags: tags.get(row.id) ?? [] };
}

export async function listDocuments(db: Db, caller: Caller, f: ListDocumentsFilters) {
  const { limit, offset, ...filters } = f;
  const base = repo.filteredReadable(db, caller, filters);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('documents')
    .orderBy('documents.created_at', 'desc')
    .orderBy('documents.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(countRow.n) };
}

export interface StoredFile {
  key: string;
  format: Format;
  size: number;
  sha256: string;
  filename: string;
}

export interface NewDocumentInput {
  id: string;
  file: StoredFile;
  name?: string;
  folderId?: string;
  knowledgeBaseId?: string;
  visibility?: Visibility;
  tags: string[];
}

/** Cleans user-given tag names; an empty or over-long one is a 422 naming the field. */
export function normalizeTagNames(raw: string[], loc: Array<string | number>): string[] {
  const out = new Map<string, string>();
  for (const value of raw) {
    for (const piece of value.split(',')) {
      const name = piece.trim();
      if (name === '') continue;
      // Code points, as JSON-schema maxLength counts them for POST /tags.
      if ([...name].length > 100) throw validationError(loc, 'Tag names are at most 100 characters', 'string_too_long');
      out.set(repo.tagKey(name), name);
    }
  }
  return [...out.values()];
}

async function assertReferences(db: Db, caller: Caller, folderId?: string | null, kbId?: string): Promise<void> {
  if (folderId && !(await repo.folderInOrganization(db, caller.organizationId, folderId))) {
    throw notFound('Folder not found');
  }
  if (kbId && !(await repo.knowledgeBaseInOrganization(db, caller.organizationId, kbId))) {
    throw notFound('Knowledge base not found');
  }
}

export async function createDocument(
  uow: UnitOfWork,
  caller: Caller,
  input: NewDocumentInput,
  jobs: JobSubmitter,
): Promise<{ document: DocumentsTable; jobStatusId: string }> {
  const { trx } = uow;
  await assertReferences(trx, caller, input.folderId, input.knowledgeBaseId);
  const now = nowIso();
  const name = (input.name ?? input.file.filename).trim() || input.file.filename;
  const document: DocumentsTable = {
    id: input.id,
    organization_id: caller.organizationId,
    owner_id: caller.userId,
    name: name.slice(0, 255),
    folder_id: input.folderId ?? null,
    file_path: input.file.key,
    file_type: input.file.format.file_type,
    mime_type: input.file.format.mime_type,
    file_size: input.file.size,
    sha256: input.file.sha256,
    original_filename: input.file.filename,
    summary: '',
    visibility: input.visibility ?? DEFAULT_VISIBILITY,
    version: 1,
    created_at: now,
    updated_at: now,
    page_count: 0,
    processed_version: 0,
  };
  await trx.insertInto('documents').values(document).execute();
  for (const tag of input.tags) await repo.attachTag(trx, caller.organizationId, document.id, tag);
  if (input.knowledgeBaseId) await repo.linkKnowledgeBase(trx, document.id, input.knowledgeBaseId);
  const jobStatusId = await createJob(uow, jobs, processDocumentJob(document, caller.userId, { version: 1 }));
  return { document, jobStatusId };
}

export async function updateDocument(
  { trx }: UnitOfWork,
  caller: Caller,
  id: string,
  patch: DocumentUpdate,
): Promise<DocumentsTable> {
  const doc = await getReadableDocument(trx, caller, id);
  if (patch.visibility !== undefined && patch.visibility !== doc.visibility) {
    assertCanManage(doc, caller, 'change its visibility');
  }
  if (patch.name !== undefined && patch.name.trim() === '') {
    throw validationError(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  }
  await assertReferences(trx, caller, patch.folder_id);
  const changes: Partial<DocumentsTable> = {};
  if (patch.name !== undefined) changes.name = patch.name.trim();
  if (patch.folder_id !== undefined) changes.folder_id = patch.folder_id;
  if (patch.visibility !== undefined) changes.visibility = patch.visibility;
  if (patch.summary !== undefined) changes.summary = patch.summary;
  if (Object.keys(changes).length === 0) return doc;
  changes.updated_at = nowIso();
  await trx.updateTable('documents').set(changes).where('id', '=', id).execute();
  return { ...doc, ...changes };
}

export async function deleteDocument(
  { trx, after }: UnitOfWork,
  caller: Caller,
  id: string,
  deleteBlobs: BlobDeleter,
): Promise<void> {
  const doc = await getReadableDocument(trx, caller, id);
  assertCanManage(doc, caller, 'delete it');
  await deleteDocumentRecords(trx, doc.id, (outboxId, prefix) => after.add(() => deleteBlobs(outboxId, prefix)));
}

/**
 * Removes a document and everything derived from it (links cascade in the schema) and queues its
 * blob prefix for deletion in the same transaction. Shared by DELETE and the retention sweeper.
 */
export async function deleteDocumentRecords(
  trx: Db,
  documentId: string,
  onQueued: (outboxId: string, prefix: string) => void,
): Promise<void> {
  const prefix = documentPrefix(documentId);
  const outboxId = await queueBlobDeletion(trx, prefix);
  await trx.deleteFrom('documents').where('id', '=', documentId).execute();
  onQueued(outboxId, prefix);
}

/** Processing of an older file version is pointless once a new file is in: cancel it. */
async function supersedeJobs(trx: Db, documentId: string, version: number): Promise<void> {
  for (const job of await openJobsOfDocument(trx, documentId, ['process_document'])) {
    await endJob(trx, job.id, 'cancelled', `superseded by file version ${version}`);
    await cancelOpenRuns(trx, job.id);
  }
}

/** Points the document at a new file (version + 1), queues the old blob's deletion and a processing job. */
export async function replaceFile(
  uow: UnitOfWork,
  caller: Caller,
  id: string,
  file: StoredFile,
  deleteBlobs: BlobDeleter,
  jobs: JobSubmitter,
): Promise<{ document: DocumentsTable; jobStatusId: string }> {
  const { trx, after } = uow;
  const doc = await getReadableDocument(trx, caller, id);
  const changes = {
    file_path: file.key,
    file_type: file.format.file_type,
    mime_type: file.format.mime_type,
    file_size: file.size,
    sha256: file.sha256,
    original_filename: file.filename,
    version: doc.version + 1,
    updated_at: nowIso(),
  };
  await trx.updateTable('documents').set(changes).where('id', '=', id).execute();
  const stale = [derivedPrefix(doc.id, doc.version)];
  if (doc.file_path && doc.file_path !== file.key) stale.push(doc.file_path);
  for (const key of stale) {
    const outboxId = await queueBlobDeletion(trx, key);
    after.add(() => deleteBlobs(outboxId, key));
  }
  await supersedeJobs(trx, doc.id, changes.version);
  const jobStatusId = await createJob(uow, jobs, processDocumentJob(doc, caller.userId, { version: changes.version, reason: 'file_replaced' }));
  return { document: { ...doc, ...changes }, jobStatusId };
}

/**
 * Queues processing of the document's current file again, all pages or those given (each at
 * most the page count); 409 while it is being processed.
 */
export async function reprocessDocument(
  uow: UnitOfWork,
  jobs: JobSubmitter,
  caller: Caller,
  documentId: string,
  options: { pages?: number[]; overwriteEditedDescriptions: boolean },
): Promise<{ doc: DocumentsTable; jobStatusId: string }> {
  const doc = await getReadableDocument(uow.trx, caller, documentId);
  const pages = options.pages ? [...new Set(options.pages)].sort((a, b) => a - b) : undefined;
  if (pages && doc.page_count > 0 && (pages.at(-1) ?? 0) > doc.page_count) {
    throw validationError(['body', 'pages'], `The document has ${doc.page_count} pages`, 'less_than_equal');
  }
  const [open] = await openJobsOfDocument(uow.trx, doc.id, ['process_document']);
  if (open) throw conflict(`The document is being processed already (job ${open.id})`);
  const jobStatusId = await createJob(
    uow,
    jobs,
    processDocumentJob(doc, caller.userId, {
      version: doc.version,
      reason: 'reprocess',
      overwrite_edited_descriptions: options.overwriteEditedDescriptions,
      ...(pages ? { pages } : {}),
    }),
  );
  return { doc, jobStatusId };
}
