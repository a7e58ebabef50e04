// The job engine through HTTP on every database and queue backend: lifecycle, page runs,
// failures, cancel (queued and running), summary, search, queue status and visibility.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createSynthetic, FINISHED, getJob, queueEnv, QUEUE_KINDS, silentLog, waitFor } from './helpers.js';

const MATRIX = DB_KINDS.flatMap((db) => QUEUE_KINDS.map((queue) => [db, queue] as const));

interface PageRunBody {
  page_number: number;
  status: string;
  error: string | null;
  failures: Array<{ message: string }>;
}

describe.each(MATRIX)('jobs (%s, %s)', (dbKind, queueKind) => {
  let t: TestApp;
  let alice: TestUser;
  let worker: JobWorker | null = null;

  beforeAll(async () => {
    t = await startTestApp(dbKind, queueEnv(queueKind));
    alice = await t.user('alice.jobs@example.com');
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  const ensureWorker = async (): Promise<void> => {
    worker ??= await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
  };
  const finished = (id: string) => waitFor(() => getJob(t, alice, id), (j) => FINISHED.includes(j.status));

  it('cancels a queued job: its runs never start', async () => {
    const id = await createSynthetic(t.ctx, alice, { pages: 3, name: 'never runs' });
    expect((await getJob(t, alice, id)).status).toBe('queued');
    const res = await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${id}/cancel`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'cancelled' });
    await ensureWorker();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const runs = await t.ctx.database.db.selectFrom('task_runs').selectAll().where('job_id', '=', id).execute();
    expect(runs.map((r) => r.status)).toEqual(['cancelled']);
    expect(runs[0]?.attempts).toBe(0);
    // Cancelling again is a no-op that returns the record.
    const again = await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${id}/cancel`, headers: alice.auth });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'cancelled' });
  });

  it('runs queued -> processing -> done with one page run per page', async () => {
    await ensureWorker();
    const id = await createSynthetic(t.ctx, alice, { pages: 6, page_ms: 30, name: 'annual report.pdf' });
    const seen = new Set<string>();
    const job = await waitFor(
      async () => {
        const j = await getJob(t, alice, id);
        seen.add(j.status);
        return j;
      },
      (j) => FINISHED.includes(j.status),
      20_000,
      10,
    );
    expect(job).toMatchObject({ status: 'done', progress: 100, total_pages: 6, finished_pages: 6, failed_pages: 0 });
    expect(seen.has('processing')).toBe(true);
    const res = await t.app.inject({ url: `/api/v0/job-statuses/${id}/page-runs`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ page_runs: PageRunBody[]; history_retained: boolean }>();
    expect(body.history_retained).toBe(true);
    expect(body.page_runs.map((p) => [p.page_number, p.status])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 'done']));
    const final = await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${id}/cancel`, headers: alice.auth });
    expect(final.statusCode).toBe(409);
  });

  it('reports failing pages by number and ends in error', async () => {
    await ensureWorker();
    const id = await createSynthetic(t.ctx, alice, { pages: 5, fail_pages: [2, 4], name: 'broken scan.pdf' });
    const job = await finished(id);
    expect(job.status).toBe('error');
    expect(job.error_message).toBe('2 page(s) failed: 2, 4');
    expect(job).toMatchObject({ finished_pages: 5, failed_pages: 2 });
    const runs = (
      await t.app.inject({ url: `/api/v0/job-statuses/${id}/page-runs`, headers: alice.auth })
    ).json<{ page_runs: PageRunBody[] }>().page_runs;
    const failed = runs.filter((r) => r.status === 'error');
    expect(failed.map((r) => r.page_number)).toEqual([2, 4]);
    expect(failed[0]?.error).toBe('synthetic failure on page 2');
    expect(failed[0]?.failures.map((f) => f.message)).toEqual(['synthetic failure on page 2']);
  });

  it('fails the job when prepare fails', async () => {
    await ensureWorker();
    const id = await createSynthetic(t.ctx, alice, { pages: 3, fail_prepare: true });
    const job = await finished(id);
    expect(job).toMatchObject({ status: 'error', error_message: 'prepare failed: synthetic prepare failure' });
  });

  it('cancels a running job within seconds and leaves no page running', async () => {
    await ensureWorker();
    const id = await createSynthetic(t.ctx, alice, { pages: 50, page_ms: 200, name: 'long job' });
    await waitFor(() => getJob(t, alice, id), (j) => j.finished_pages >= 2);
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${id}/cancel`, headers: alice.auth });
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    const { db } = t.ctx.database;
    await waitFor(
      () => db.selectFrom('task_runs').select('status').where('job_id', '=', id).where('status', 'in', ['running', 'queued']).execute(),
      (rows) => rows.length === 0,
      5_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    const job = await getJob(t, alice, id);
    expect(job.status).toBe('cancelled');
    expect(job.finished_pages).toBeLessThan(50);
  });

  it('counts per status, searches name and error, and bounds its parameters', async () => {
    await ensureWorker();
    const other = await t.user(`bob.jobs.${dbKind}.${queueKind}@example.net`, { org: 'other-org' });
    const bobJob = await createSynthetic(t.ctx, other, { pages: 1, name: 'secret plans' });
    const summary = await t.app.inject({ url: '/api/v0/job-statuses/summary', headers: alice.auth });
    expect(summary.statusCode).toBe(200);
    const counts = summary.json<{ counts: Record<string, number>; total: number }>();
    expect(counts.counts.cancelled).toBeGreaterThanOrEqual(2);
    expect(counts.counts.error).toBeGreaterThanOrEqual(2);
    expect(counts.total).toBe(Object.values(counts.counts).reduce((a, b) => a + b, 0));

    const byName = await t.app.inject({ url: '/api/v0/job-statuses?q=ANNUAL', headers: alice.auth });
    expect(byName.json<{ job_statuses: Array<{ document_name: string }> }>().job_statuses.map((j) => j.document_name)).toEqual([
      'annual report.pdf',
    ]);
    const byError = await t.app.inject({ url: '/api/v0/job-statuses?q=page(s) failed', headers: alice.auth });
    expect(byError.json<{ total: number }>().total).toBe(1);
    const wildcard = await t.app.inject({ url: '/api/v0/job-statuses?q=%25', headers: alice.auth });
    expect(wildcard.json<{ total: number }>().total).toBe(0);
    const errors = await t.app.inject({ url: '/api/v0/job-statuses?status=error&limit=1', headers: alice.auth });
    expect(errors.json()).toMatchObject({ limit: 1, offset: 0 });
    expect(errors.json<{ total: number }>().total).toBeGreaterThanOrEqual(2);
    expect(errors.json<{ job_statuses: unknown[] }>().job_statuses).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/v0/job-statuses?q=secret', headers: alice.auth })).json()).toMatchObject({
      total: 0,
    });
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'status=running']) {
      const res = await t.app.inject({ url: `/api/v0/job-statuses?${q}`, headers: alice.auth });
      expect(res.statusCode, q).toBe(422);
    }
    // Another organization's job is invisible everywhere.
    for (const url of [`/api/v0/job-statuses/${bobJob}`, `/api/v0/job-statuses/${bobJob}/page-runs`]) {
      expect((await t.app.inject({ url, headers: alice.auth })).statusCode).toBe(404);
    }
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${bobJob}/cancel`, headers: alice.auth });
    expect(cancel.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v0/job-statuses/nope', headers: alice.auth })).statusCode).toBe(422);
  });

  it('shows queued and running tasks and workers, paginated and bounded', async () => {
    await ensureWorker();
    const id = await createSynthetic(t.ctx, alice, { pages: 8, page_ms: 300 });
    await waitFor(() => getJob(t, alice, id), (j) => j.status === 'processing' && j.total_pages === 8);
    const res = await t.app.inject({ url: '/api/v0/queue-status?tasks_limit=3&workers_limit=1', headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      backend: string;
      tasks: { items: Array<{ job_status_id: string; status: string }>; total: number; limit: number };
      workers: { items: Array<{ alive: boolean; current_task: string | null }>; total: number };
    }>();
    expect(body.backend).toBe(queueKind);
    expect(body.tasks.items.length).toBeLessThanOrEqual(3);
    expect(body.tasks.total).toBeGreaterThan(3);
    expect(body.tasks.items.every((task) => task.job_status_id === id)).toBe(true);
    expect(body.workers.items).toHaveLength(1);
    expect(body.workers.items[0]?.alive).toBe(true);
    const next = await t.app.inject({ url: '/api/v0/queue-status?tasks_offset=3&tasks_limit=3', headers: alice.auth });
    expect(next.statusCode).toBe(200);
    for (const q of ['tasks_limit=0', 'tasks_limit=101', 'workers_limit=0', 'workers_limit=101', 'tasks_offset=-1', 'workers_offset=-1']) {
      const bad = await t.app.inject({ url: `/api/v0/queue-status?${q}`, headers: alice.auth });
      expect(bad.statusCode, q).toBe(422);
    }
    await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${id}/cancel`, headers: alice.auth });
  });
});
