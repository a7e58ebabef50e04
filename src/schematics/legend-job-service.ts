// Rules for starting the two legend jobs of a component's schematic. Both address the schematic
// like every schematic route (component_id with its vc_id: a pair that does not belong together
// is 404) and answer with the job to poll; the work itself is in legend-extract-kind.ts and
// legend-remap-kind.ts.
// - extract-from-image: the upload must be a PNG, JPEG, WebP or GIF by its bytes (else 415) that
//   decodes completely within the pixel limit (else 422). It is stored under the component's
//   prefix, and the job is created in a transaction that deletes the stored image again when it
//   fails, so a refused request leaves no file behind.
// - apply-remap: a schematic without legend entries has nothing to remap to (409), and so has one
//   whose entries have no crop while no vision model is configured (409); nothing is queued then.
import { readFile } from 'node:fs/promises';
import type { Caller } from '../auth/caller.js';
import { componentPrefix } from '../components/keys.js';
import { checkComponentImage } from '../components/source-image.js';
import type { ComponentsTable, Db } from '../db/types.js';
import { inTransaction } from '../db/tx.js';
import { getReadableDocument } from '../documents/access.js';
import { commitOrDiscard } from '../documents/ingest.js';
import { conflict } from '../http/errors.js';
import { createJob, type JobSubmitter } from '../jobs/create.js';
import type { ImageLimits } from '../pipeline/images.js';
import type { ChatModel } from '../providers/llm/index.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newId } from '../util.js';
import { extractLegendJob, remapLegendJob, type LegendJobTarget } from './legend-job-requests.js';
import { findTarget, stateOf, type SchematicRef, type SchematicTarget } from './service.js';

export interface QueuedLegendJob {
  component: ComponentsTable;
  jobStatusId: string;
}

/** Where an uploaded legend image waits for its job (deleted with the component, or when the job ends). */
export const newLegendImageKey = (documentId: string | null, componentId: string, extension: string): string =>
  `${componentPrefix(documentId, componentId)}legend-images/${newId()}.${extension}`;

async function jobTarget(db: Db, caller: Caller, t: SchematicTarget, ref: SchematicRef, fallbackName: string): Promise<LegendJobTarget> {
  const { component } = t;
  const name = component.document_id === null ? fallbackName : (await getReadableDocument(db, caller, component.document_id)).name;
  return { componentId: component.id, vcId: ref.vcId.toLowerCase(), documentId: component.document_id, organizationId: component.organization_id, name };
}

export async function queueLegendExtraction(
  deps: { db: Db; storage: BlobStore; jobs: JobSubmitter; limits: ImageLimits },
  caller: Caller,
  ref: SchematicRef,
  upload: { tmpPath: string; filename: string },
): Promise<QueuedLegendJob> {
  const { db, storage, jobs } = deps;
  const target = await findTarget(db, caller, ref);
  const bytes = await readFile(upload.tmpPath);
  const checked = await checkComponentImage(bytes, deps.limits, ['body', 'file']);
  const jt = await jobTarget(db, caller, target, ref, upload.filename);
  const key = newLegendImageKey(target.component.document_id, target.component.id, checked.extension);
  await storage.putBuffer(key, bytes, checked.mime);
  return commitOrDiscard(storage, key, () =>
    inTransaction(db, async (uow) => {
      const current = await findTarget(uow.trx, caller, ref); // still there, still paired
      return { component: current.component, jobStatusId: await createJob(uow, jobs, extractLegendJob(jt, caller.userId, key)) };
    }),
  );
}

export async function queueLegendRemap(
  deps: { db: Db; jobs: JobSubmitter; vision: ChatModel | null },
  caller: Caller,
  ref: SchematicRef,
): Promise<QueuedLegendJob> {
  const { db, jobs } = deps;
  return inTransaction(db, async (uow) => {
    const target = await findTarget(uow.trx, caller, ref);
    const { legend } = stateOf(target).graph;
    if (legend.length === 0) throw conflict('The schematic has no legend entries to remap to; set them with PUT .../schematic/legend first');
    if (!deps.vision?.vision && !legend.some((e) => e.source_crop_url !== null)) {
      throw conflict('No legend entry has a source_crop_url to compare detections with, and no vision model is configured');
    }
    const jt = await jobTarget(uow.trx, caller, target, ref, 'schematic');
    return { component: target.component, jobStatusId: await createJob(uow, jobs, remapLegendJob(jt, caller.userId)) };
  });
}
