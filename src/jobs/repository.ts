// Job status records. The job engine (queue backends, task runs) builds on this table.
import type { Db } from '../db/types.js';
import { newId, nowIso } from '../util.js';

export type JobState = 'queued' | 'processing' | 'done' | 'error' | 'cancelled';
export const JOB_STATES: readonly JobState[] = ['queued', 'processing', 'done', 'error', 'cancelled'];

export interface NewJob {
  kind: string;
  documentId: string | null;
  organizationId: string;
  ownerId: string;
  documentName: string;
  payload?: Record<string, unknown>;
}

export async function insertJobStatus(db: Db, job: NewJob): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('job_statuses')
    .values({
      id,
      kind: job.kind,
      document_id: job.documentId,
      organization_id: job.organizationId,
      owner_id: job.ownerId,
      document_name: job.documentName,
      status: 'queued',
      progress: 0,
      error_message: null,
      payload: JSON.stringify(job.payload ?? {}),
      attempts: 0,
      created_at: now,
      updated_at: now,
      started_at: null,
      finished_at: null,
      total_pages: 0,
      finished_pages: 0,
      failed_pages: 0,
    })
    .execute();
  return id;
}
