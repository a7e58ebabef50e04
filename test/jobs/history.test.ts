// Task-run history is pruned after PAGELENS_TASK_RUN_RETENTION_DAYS; page-runs then still
// reports the persisted page failures and says that the history is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/jobs/reconciler.js';
import { startJobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createSynthetic, getJob, queueEnv, silentLog, waitFor } from './helpers.js';

describe.each(DB_KINDS)('task-run history (%s)', (dbKind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dbKind, queueEnv('local', { PAGELENS_TASK_RUN_RETENTION_DAYS: '30' }));
    user = await t.user('history@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps failures after pruning and says the history is gone', async () => {
    const worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const id = await createSynthetic(t.ctx, user, { pages: 4, fail_pages: [3] });
    await waitFor(() => getJob(t, user, id), (j) => j.status === 'error');
    await worker.stop();
    const { db } = t.ctx.database;
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await db.updateTable('task_runs').set({ finished_at: old }).where('job_id', '=', id).execute();
    const report = await reconcile(db, t.ctx.config, t.ctx.jobs.queue);
    expect(report.pruned).toBeGreaterThanOrEqual(6);
    const res = await t.app.inject({ url: `/api/v0/job-statuses/${id}/page-runs`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      history_retained: false,
      total_pages: 4,
      page_runs: [{ page_number: 3, status: 'error', error: 'synthetic failure on page 3' }],
    });
  });
});

describe('job events (sqlite)', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp('sqlite', queueEnv('local'));
    user = await t.user('events@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams the job record on every change until it finishes', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const id = await createSynthetic(t.ctx, user, { pages: 3, page_ms: 300 });
    const worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
    const res = await fetch(`http://127.0.0.1:${port}/api/v0/job-statuses/${id}/events`, { headers: user.auth });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    await worker.stop();
    const events = text
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: status'))
      .map((chunk) => JSON.parse(chunk.split('data: ')[1] ?? '{}') as { status: string; finished_pages: number });
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)).toMatchObject({ status: 'done', finished_pages: 3 });
    expect(events.some((e) => e.status === 'processing')).toBe(true);
    const other = await t.user('events-other@example.com', { org: 'elsewhere' });
    const hidden = await t.app.inject({ url: `/api/v0/job-statuses/${id}/events`, headers: other.auth });
    expect(hidden.statusCode).toBe(404);
  });
});
