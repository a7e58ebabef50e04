// Upload a file through the HTTP API and wait until its processing job has ended.
import { expect } from 'vitest';
import { getJob, waitFor, type JobBody } from '../jobs/helpers.js';
import type { TestApp, TestUser } from './app.js';
import { multipart } from './multipart.js';

export interface Processed {
  document_id: string;
  job_status_id: string;
  job: JobBody;
}

export async function uploadDocument(t: TestApp, user: TestUser, filename: string, content: Buffer) {
  const body = multipart({}, [{ filename, content }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ document_id: string; job_status_id: string }>();
}

export const jobEnded = (t: TestApp, user: TestUser, jobId: string, timeoutMs = 120_000): Promise<JobBody> =>
  waitFor(() => getJob(t, user, jobId), (j) => ['done', 'error', 'cancelled'].includes(j.status), timeoutMs, 100);

export async function uploadAndProcess(t: TestApp, user: TestUser, filename: string, content: Buffer): Promise<Processed> {
  const posted = await uploadDocument(t, user, filename, content);
  return { ...posted, job: await jobEnded(t, user, posted.job_status_id) };
}
