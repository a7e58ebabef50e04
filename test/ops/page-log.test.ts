// One info line per page (job, page, milliseconds, worker), and a worker default that leaves a
// core to each page's own threads.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultWorkerConcurrency } from '../../src/config.js';
import { startJobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createSynthetic, getJob, queueEnv, waitFor } from '../jobs/helpers.js';

describe('worker logs (sqlite, local)', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp('sqlite', queueEnv('local'));
    user = await t.user('pagelog@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('logs one info line per page with job, page, ms and worker', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    const worker = await startJobWorker(t.ctx, pino({ level: 'info' }, sink), { concurrency: 2 });
    try {
      const jobId = await createSynthetic(t.ctx, user, { pages: 3, page_ms: 10 });
      await waitFor(() => getJob(t, user, jobId), (j) => j.status === 'done', 30_000);
      const pages = lines.filter((l) => l.msg === 'page done' && l.job_id === jobId);
      expect(pages.map((l) => l.page).sort()).toEqual([1, 2, 3]);
      for (const l of pages) {
        expect(l.level).toBe(30);
        expect(typeof l.ms).toBe('number');
        expect(l.worker_id).toBe(worker.id);
      }
    } finally {
      await worker.stop();
    }
  });

  it('defaults to one worker per two cores', () => {
    expect([1, 2, 3, 8, 16].map((c) => defaultWorkerConcurrency(c))).toEqual([1, 1, 1, 4, 8]);
  });
});
