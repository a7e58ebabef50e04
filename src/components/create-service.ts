// Standalone components (no document): created from an image (POST /components) or empty and
// filled later through a signed upload (GET/PUT /components/{id}/upload-url). Either way the
// image is checked completely before anything is stored, the record and its extraction job are
// created in one transaction, and the job is queued only after it commits.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Caller } from '../auth/caller.js';
import type { Kysely } from 'kysely';
import type { ComponentsTable, Database, Db } from '../db/types.js';
import { inTransaction, type UnitOfWork } from '../db/tx.js';
import { queueBlobDeletion } from '../documents/blob-deletions.js';
import type { BlobDeleter } from '../documents/service.js';
import { removeQuietly, tooLarge } from '../documents/upload.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { createJob } from '../jobs/create.js';
import type { JobSubmitter } from '../jobs/create.js';
import { baselineUnavailable, type BaselineEngines } from '../extractors/baseline.js';
import { BASELINE_PROVIDERS, DEFAULT_EXTRACTION_OPTIONS, type BaselineProvider, type ExtractionOptions } from '../extractors/options.js';
import { extractComponentJob } from '../processing/job-requests.js';
import type { ImageLimits } from '../pipeline/images.js';
import type { BlobStore } from '../storage/blob-store.js';
import { runBlobDeletion } from '../documents/blob-deletions.js';
import { newId, nowIso } from '../util.js';
import { getReadableComponent } from './access.js';
import { newComponentUploadKey, newSourceImageKey } from './keys.js';
import type { ComponentType } from './model.js';
import * as repo from './repository.js';
import { checkComponentImage } from './source-image.js';
import { recordRevision } from './revisions.js';
import { emptyGraph } from '../schematics/graph.js';
import { schematicGrounding } from '../schematics/grounding.js';

/** The baseline_provider query value, checked: absent is none, an unknown name a 422 listing the known ones. */
export function parseBaselineProvider(value: string | undefined): BaselineProvider | null {
  if (value === undefined || value === '') return null;
  const hit = BASELINE_PROVIDERS.find((p) => p === value);
  if (!hit) throw validationError(['query', 'baseline_provider'], `Unknown baseline_provider '${value}'; one of: ${BASELINE_PROVIDERS.join(', ')}`, 'value_error');
  return hit;
}

/**
 * Types without an extractor (src/extractors): a 422 naming the supported ones, and nothing is
 * created; a baseline provider that cannot serve the type here (not configured: the 422 names the
 * setting to set). A vision-model baseline stands in for a type without an extractor.
 */
export function requireExtractor(
  extractors: { has(type: string): boolean; types(): readonly string[] },
  type: ComponentType,
  options: ExtractionOptions = DEFAULT_EXTRACTION_OPTIONS,
  engines?: BaselineEngines,
): void {
  const provider = options.baselineProvider;
  if (provider !== null) {
    const why = engines ? baselineUnavailable(engines, provider, type, extractors.has(type)) : `baseline_provider=${provider} is not available here`;
    if (why) throw validationError(['query', 'baseline_provider'], why, 'value_error');
    return;
  }
  if (extractors.has(type)) return;
  throw validationError(
    ['query', 'component_type'],
    `No extractor for component_type '${type}' on this server yet; supported: ${extractors.types().join(', ')}`,
    'value_error',
  );
}

export interface SourceImage {
  /** Storage key of the checked image. */
  key: string;
  /** The name it was uploaded under (the job's searchable name). */
  name: string;
  /** Its size in pixels. */
  width: number;
  height: number;
}

/**
 * How a new component gets its content: by its type's extractor (a job), or, for a schematic
 * without `detect`, as an empty canvas of the image's size, written at once with no job (the
 * spec: detect=false gives "an empty canvas"). A schematic with `detect` runs the registered
 * schematic extractor like any other type (422 while none is registered).
 */
export type CreationMode = 'extract' | 'empty_canvas';

export function creationMode(type: ComponentType, detect: boolean, options: ExtractionOptions = DEFAULT_EXTRACTION_OPTIONS): CreationMode {
  return type === 'schematic' && !detect && options.baselineProvider === null ? 'empty_canvas' : 'extract';
}

export interface CreatedComponent {
  row: ComponentsTable;
  jobStatusId: string | null;
}

function startExtraction(uow: UnitOfWork, jobs: JobSubmitter, row: ComponentsTable, image: SourceImage, options: ExtractionOptions): Promise<string> {
  return createJob(uow, jobs, extractComponentJob(row, image, options));
}

/** Where an empty record keeps the options it was created with, until its image is adopted. */
const PENDING_OPTIONS = 'extraction_options';

function pendingGrounding(options: ExtractionOptions, mode: CreationMode): string {
  const isDefault = options.baselineProvider === DEFAULT_EXTRACTION_OPTIONS.baselineProvider && options.fixTextWithVlm === DEFAULT_EXTRACTION_OPTIONS.fixTextWithVlm;
  // A schematic's empty canvas is its 0 x 0 one until the image says how large it is.
  const canvas = mode === 'empty_canvas' ? schematicGrounding(emptyGraph(0, 0)) : {};
  return JSON.stringify({
    ...canvas,
    ...(isDefault && mode === 'extract' ? {} : { [PENDING_OPTIONS]: { baseline_provider: options.baselineProvider, fix_text_with_vlm: options.fixTextWithVlm, ...(mode === 'empty_canvas' ? { empty_canvas: true } : {}) } }),
  });
}

/** The options an empty record was created with; the defaults when it stored none. */
function pendingOptions(grounding: string): ExtractionOptions & { emptyCanvas: boolean } {
  const defaults = { ...DEFAULT_EXTRACTION_OPTIONS, emptyCanvas: false };
  let stored: unknown;
  try {
    stored = (JSON.parse(grounding) as Record<string, unknown>)[PENDING_OPTIONS];
  } catch {
    return defaults;
  }
  if (typeof stored !== 'object' || stored === null) return defaults;
  const { baseline_provider: provider, fix_text_with_vlm: fix, empty_canvas: canvas } = stored as Record<string, unknown>;
  return {
    baselineProvider: BASELINE_PROVIDERS.find((p) => p === provider) ?? null,
    fixTextWithVlm: typeof fix === 'boolean' ? fix : DEFAULT_EXTRACTION_OPTIONS.fixTextWithVlm,
    emptyCanvas: canvas === true,
  };
}

/** A schematic's empty canvas of its image's size: stored at once, no job (kept as a revision). */
async function writeEmptyCanvas(trx: Db, caller: Caller, row: ComponentsTable, image: SourceImage): Promise<ComponentsTable> {
  const changes = { grounding: JSON.stringify(schematicGrounding(emptyGraph(image.width, image.height))), status: 'done', error: null, updated_at: nowIso() };
  await trx.updateTable('components').set(changes).where('id', '=', row.id).execute();
  await recordRevision(trx, { componentId: row.id, source: 'edit', userId: caller.userId });
  return { ...row, ...changes };
}

export async function createStandaloneComponent(
  uow: UnitOfWork,
  jobs: JobSubmitter,
  caller: Caller,
  input: { id: string; type: ComponentType; image: SourceImage | null; options?: ExtractionOptions; mode?: CreationMode },
): Promise<CreatedComponent> {
  const options = input.options ?? DEFAULT_EXTRACTION_OPTIONS;
  const mode = input.mode ?? 'extract';
  const now = nowIso();
  const row: ComponentsTable = {
    id: input.id,
    organization_id: caller.organizationId,
    owner_id: caller.userId,
    document_id: null,
    component_type: input.type,
    status: 'pending',
    image_key: input.image?.key ?? null,
    grounding: input.image ? '{}' : pendingGrounding(options, mode),
    description: null,
    error: null,
    tokens_in: 0,
    tokens_out: 0,
    created_at: now,
    updated_at: now,
  };
  await repo.insertComponent(uow.trx, row);
  if (!input.image) return { row, jobStatusId: null };
  if (mode === 'empty_canvas') return { row: await writeEmptyCanvas(uow.trx, caller, row, input.image), jobStatusId: null };
  return { row, jobStatusId: await startExtraction(uow, jobs, row, input.image, options) };
}

/** A component whose image may be uploaded: readable, and standalone (a region's image is its page's). */
async function uploadableComponent(db: Db, caller: Caller, id: string): Promise<ComponentsTable> {
  const row = await getReadableComponent(db, caller, id);
  if (row.document_id !== null) {
    throw conflict("This component is a region of a document page: its image is the page's; create a standalone component with POST /components");
  }
  return row;
}

export interface IssuedComponentUpload {
  component_id: string;
  upload_url: string;
  method: 'PUT' | 'POST';
  fields: Record<string, string>;
  file_path: string;
  expires_at: string;
  max_bytes: number;
}

export async function issueComponentUploadUrl(
  db: Db,
  storage: BlobStore,
  caller: Caller,
  id: string,
  opts: { ttlSeconds: number; maxBytes: number },
): Promise<IssuedComponentUpload> {
  const row = await uploadableComponent(db, caller, id);
  const key = newComponentUploadKey(row.id);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + opts.ttlSeconds * 1000).toISOString();
  await db.insertInto('component_uploads').values({ id: newId(), component_id: row.id, storage_key: key, expires_at: expiresAt, created_at: now.toISOString() }).execute();
  const upload = await storage.signedUpload(key, { expiresInSeconds: opts.ttlSeconds, maxBytes: opts.maxBytes });
  return { component_id: row.id, upload_url: upload.url, method: upload.method, fields: upload.fields, file_path: key, expires_at: expiresAt, max_bytes: opts.maxBytes };
}

/**
 * Checks what a client put at a component's upload key: present (else 409), within the size
 * limit (413), an accepted image type (415) that decodes (422). A rejected blob is deleted with
 * its upload record. The checked bytes are copied to a fresh key (the signed URL stays valid
 * until it expires, so bytes left at the upload key could later be swapped); returns that copy.
 */
export async function inspectComponentUpload(
  db: Db,
  storage: BlobStore,
  caller: Caller,
  id: string,
  uploadKey: string,
  fileName: string | undefined,
  opts: { maxBytes: number; tmpDir: string; limits: ImageLimits },
): Promise<SourceImage> {
  const row = await uploadableComponent(db, caller, id);
  const pending = await db.selectFrom('component_uploads').selectAll().where('component_id', '=', row.id).where('storage_key', '=', uploadKey).executeTakeFirst();
  if (!pending || pending.expires_at <= new Date().toISOString()) {
    throw validationError(['body', 'file_path'], 'Unknown or expired upload; request a new upload URL', 'value_error');
  }
  const head = await storage.head(uploadKey);
  if (!head) throw conflict('Nothing has been uploaded to this URL yet');
  const reject = async (err: unknown): Promise<never> => {
    await storage.delete(uploadKey).catch(() => undefined);
    await db.deleteFrom('component_uploads').where('id', '=', pending.id).execute();
    throw err;
  };
  if (head.size > opts.maxBytes) return reject(tooLarge(opts.maxBytes));
  await mkdir(opts.tmpDir, { recursive: true });
  const tmp = path.join(opts.tmpDir, `${newId()}.check`);
  try {
    await storage.download(uploadKey, tmp);
    const bytes = await readFile(tmp);
    let checked;
    try {
      checked = await checkComponentImage(bytes, opts.limits, ['body', 'file_path']);
    } catch (err) {
      return await reject(err);
    }
    const key = newSourceImageKey(row.id, checked.extension);
    await storage.putBuffer(key, bytes, checked.mime);
    return { key, name: fileName ?? `component-${row.id}.${checked.extension}`, width: checked.width, height: checked.height };
  } finally {
    await removeQuietly(tmp);
  }
}

/**
 * Gives the component the checked image and starts its extraction: the upload is used up (a
 * second adoption racing this one gets 409), the previous image and the upload's blob are queued
 * for deletion, and the earlier result is cleared (it was of another image).
 */
export async function adoptComponentImage(
  uow: UnitOfWork,
  jobs: JobSubmitter,
  caller: Caller,
  id: string,
  uploadKey: string,
  image: SourceImage,
  deleteBlobs: BlobDeleter,
): Promise<CreatedComponent> {
  const { trx, after } = uow;
  const row = await uploadableComponent(trx, caller, id);
  if (!(await repo.lockComponent(trx, row.id))) throw notFound('Component not found');
  const removed = await trx.deleteFrom('component_uploads').where('component_id', '=', row.id).where('storage_key', '=', uploadKey).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw conflict('This upload has already been adopted');
  for (const stale of [uploadKey, row.image_key]) {
    if (!stale) continue;
    const outboxId = await queueBlobDeletion(trx, stale);
    after.add(() => deleteBlobs(outboxId, stale));
  }
  const now = nowIso();
  const options = pendingOptions(row.grounding);
  const changes = { image_key: image.key, status: 'pending', grounding: '{}', error: null, updated_at: now };
  await trx.updateTable('components').set(changes).where('id', '=', row.id).execute();
  const updated = { ...row, ...changes };
  if (options.emptyCanvas) return { row: await writeEmptyCanvas(trx, caller, updated, image), jobStatusId: null };
  return { row: updated, jobStatusId: await startExtraction(uow, jobs, updated, image, options) };
}

/** Forgets component upload URLs that expired unused, deleting whatever was put at their keys. */
export async function sweepExpiredComponentUploads(db: Kysely<Database>, storage: BlobStore, now: Date): Promise<number> {
  const expired = await db.selectFrom('component_uploads').select(['id', 'storage_key']).where('expires_at', '<=', now.toISOString()).limit(1000).execute();
  for (const row of expired) {
    const outboxId = await inTransaction(db, async ({ trx }) => {
      await trx.deleteFrom('component_uploads').where('id', '=', row.id).execute();
      return queueBlobDeletion(trx, row.storage_key);
    });
    await runBlobDeletion(db, storage, outboxId, row.storage_key);
  }
  return expired.length;
}
