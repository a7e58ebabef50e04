// countPage: one statement counts a page on its job, sets the progress (never 100 before finalize)
// and returns the counters after it, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPage, setTotalPages } from '../../src/jobs/repository.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createSynthetic } from './helpers.js';

describe.each(DB_KINDS)('countPage (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.user(`count.${kind}@example.com`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts pages, failed ones apart, with progress floor(n * 100 / total) capped at 99', async () => {
    const db = t.ctx.database.db;
    const jobId = await createSynthetic(t.ctx, user, { pages: 3 });
    await setTotalPages(db, jobId, 3, new Date().toISOString());
    const seen = [];
    for (const failed of [false, true, false]) {
      const after = await countPage(db, jobId, failed);
      const row = await db.selectFrom('job_statuses').select(['progress', 'failed_pages']).where('id', '=', jobId).executeTakeFirstOrThrow();
      seen.push([after.finished_pages, after.total_pages, Number(row.progress), Number(row.failed_pages)]);
    }
    expect(seen).toEqual([
      [1, 3, 33, 0],
      [2, 3, 66, 1],
      [3, 3, 99, 1],
    ]);
  });

  it('reports progress 0 while the total is not known', async () => {
    const db = t.ctx.database.db;
    const jobId = await createSynthetic(t.ctx, user, { pages: 2 });
    const after = await countPage(db, jobId, false);
    expect(after.total_pages).toBe(0);
    const row = await db.selectFrom('job_statuses').select('progress').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(Number(row.progress)).toBe(0);
  });
});
