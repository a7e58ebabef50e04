// Rules for POST /documents/{id}/component-reprocessing-jobs: the named regions of a readable
// document are extracted again by one job. Every ID must name a region of this document (404
// naming the others, nothing queued); a document being processed, or a region already waiting
// for another re-extraction, is a 409.
import type { Caller } from '../auth/caller.js';
import type { DocumentsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { getReadableDocument } from '../documents/access.js';
import { conflict, notFound } from '../http/errors.js';
import { createJob, type JobSubmitter } from '../jobs/create.js';
import { openJobsOfDocument } from '../jobs/repository.js';
import { reprocessComponentsJob } from '../processing/job-requests.js';
import { findVisuals } from './repository.js';

function idsOf(payload: string): string[] {
  const value: unknown = JSON.parse(payload);
  const ids = value !== null && typeof value === 'object' ? (value as { visual_component_ids?: unknown }).visual_component_ids : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export async function queueComponentReprocessing(
  uow: UnitOfWork,
  jobs: JobSubmitter,
  caller: Caller,
  documentId: string,
  componentIds: string[],
): Promise<{ doc: DocumentsTable; jobStatusId: string; componentIds: string[] }> {
  const doc = await getReadableDocument(uow.trx, caller, documentId);
  const ids = [...new Set(componentIds.map((id) => id.toLowerCase()))];
  const found = new Set((await findVisuals(uow.trx, doc.id, ids)).map((v) => v.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound(`Visual components not found in this document: ${missing.join(', ')}`);
  for (const job of await openJobsOfDocument(uow.trx, doc.id, ['process_document', 'reprocess_components'])) {
    if (job.kind === 'process_document') throw conflict(`The document is being processed (job ${job.id}); try again when it is done`);
    const busy = idsOf(job.payload).filter((id) => found.has(id));
    if (busy.length > 0) throw conflict(`Visual components already queued for re-extraction (job ${job.id}): ${busy.join(', ')}`);
  }
  const jobStatusId = await createJob(uow, jobs, reprocessComponentsJob(doc, caller.userId, ids));
  return { doc, jobStatusId, componentIds: ids };
}
