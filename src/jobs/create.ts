// Creating a job: its status record and first task run in the caller's transaction; the run is
// handed to the queue only after that transaction commits (outbox), never before.
import type { UnitOfWork } from '../db/tx.js';
import { newId, nowIso } from '../util.js';
import type { KindCatalog } from './kinds.js';
import type { QueueBackend } from './queue.js';
import { insertJobStatus, insertRuns, runRow } from './repository.js';

/**
 * A job to create. Each kind's owner exports one builder that types its payload
 * (processing/job-requests.ts, qa/answer-job.ts, search/embed-kind.ts), so no payload is
 * assembled by hand where jobs are created.
 */
export interface NewJob<P extends object = Record<string, unknown>> {
  kind: string;
  documentId: string | null;
  organizationId: string;
  ownerId: string;
  documentName: string;
  payload?: P;
}

/** What creating a job needs: the kinds by name (to check the payload) and the queue. */
export interface JobSubmitter {
  kinds: KindCatalog;
  queue: QueueBackend;
}

export async function createJob<P extends object>({ trx, after }: UnitOfWork, jobs: JobSubmitter, job: NewJob<P>): Promise<string> {
  const kind = jobs.kinds.get(job.kind);
  if (!kind) throw new Error(`no handler for job kind ${job.kind}`);
  const payload = job.payload ?? {};
  kind.parse(payload); // a payload its handler would reject never gets queued
  const id = newId();
  const now = nowIso();
  await insertJobStatus(trx, {
    id,
    kind: job.kind,
    document_id: job.documentId,
    organization_id: job.organizationId,
    owner_id: job.ownerId,
    document_name: job.documentName,
    status: 'queued',
    progress: 0,
    error_message: null,
    payload: JSON.stringify(payload),
    attempts: 0,
    created_at: now,
    updated_at: now,
    started_at: null,
    finished_at: null,
    total_pages: 0,
    finished_pages: 0,
    failed_pages: 0,
  });
  const first = runRow(
    { jobId: id, task: kind.mode === 'fanout' ? 'prepare' : 'run', pageNumber: null, queue: kind.queue, status: 'queued' },
    now,
  );
  await insertRuns(trx, [first]);
  after.add(() => jobs.queue.dispatch([first]));
  return id;
}
