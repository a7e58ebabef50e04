// Page descriptions through HTTP (list, get, edit) and reprocessing: an edited description
// survives a reprocess unless asked, chosen pages only, bounds and conflicts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { buildPdf, textAt } from '../fixtures/pdf-builder.js';
import { getJob, silentLog, waitFor } from '../jobs/helpers.js';

interface Description {
  page_number: number;
  description: string;
  source: string;
  edited: boolean;
}

describe.each(DB_KINDS)('page descriptions and reprocessing (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;
  let docId = '';

  beforeAll(async () => {
    t = await startTestApp(kind, { PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('describe@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const pdf = buildPdf([1, 2, 3].map((n) => ({ content: textAt(72, 700, 12, `Page ${n} covers valve V-${n}.`) })));
    const body = multipart({}, [{ filename: 'valves.pdf', content: pdf }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
    docId = res.json<{ document_id: string }>().document_id;
    await finished(res.json<{ job_status_id: string }>().job_status_id);
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const finished = (jobId: string) =>
    waitFor(() => getJob(t, user, jobId), (j) => ['done', 'error', 'cancelled'].includes(j.status), 30_000);
  const url = (suffix = '') => `/api/v0/documents/${docId}/page-descriptions${suffix}`;
  const reprocess = (payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${docId}/reprocessing-jobs`,
      headers: user.auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('lists and gets descriptions', async () => {
    const list = (await t.app.inject({ url: url(), headers: user.auth })).json<Description[]>();
    expect(list.map((d) => d.page_number)).toEqual([1, 2, 3]);
    expect(list[1]).toMatchObject({ source: 'extractive', edited: false });
    expect(list[1]?.description).toContain('Page 2 covers valve V-2.');
    const one = await t.app.inject({ url: url('/3'), headers: user.auth });
    expect(one.json<Description>().description).toContain('valve V-3');
    expect((await t.app.inject({ url: url('/4'), headers: user.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url('/x'), headers: user.auth })).statusCode).toBe(422);
    const stranger = await t.user('describe-other@example.com', { org: 'other' });
    expect((await t.app.inject({ url: url(), headers: stranger.auth })).statusCode).toBe(404);
  });

  it('keeps an edited description across reprocessing unless told to overwrite it', async () => {
    const put = await t.app.inject({ method: 'PUT', url: url('/2'), headers: user.auth, payload: { description: 'Valve V-2 test record.' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ description: 'Valve V-2 test record.', edited: true });
    for (const payload of [{ description: '   ' }, { description: 5 }, {}]) {
      expect((await t.app.inject({ method: 'PUT', url: url('/2'), headers: user.auth, payload })).statusCode).toBe(422);
    }
    const again = await reprocess();
    expect(again.statusCode).toBe(200);
    await finished(again.json<{ job_status_id: string }>().job_status_id);
    expect((await t.app.inject({ url: url('/2'), headers: user.auth })).json()).toMatchObject({ description: 'Valve V-2 test record.', edited: true });
    const overwrite = await reprocess({ pages: [2], overwrite_edited_descriptions: true });
    expect(overwrite.statusCode).toBe(200);
    await finished(overwrite.json<{ job_status_id: string }>().job_status_id);
    const restored = (await t.app.inject({ url: url('/2'), headers: user.auth })).json<Description>();
    expect(restored).toMatchObject({ edited: false, source: 'extractive' });
    expect(restored.description).toContain('Page 2 covers valve V-2.');
  });

  it('reprocesses only the pages asked for, accepts a null body, and refuses bad requests', async () => {
    const before = await t.ctx.database.db.selectFrom('pages').select(['page_number', 'updated_at']).where('document_id', '=', docId).orderBy('page_number').execute();
    const res = await reprocess({ pages: [3] });
    const job = await finished(res.json<{ job_status_id: string }>().job_status_id);
    expect(job.status).toBe('done');
    const after = await t.ctx.database.db.selectFrom('pages').select(['page_number', 'updated_at']).where('document_id', '=', docId).orderBy('page_number').execute();
    expect(after[0]?.updated_at).toBe(before[0]?.updated_at);
    expect(after[2]?.updated_at).not.toBe(before[2]?.updated_at);
    const nullBody = await t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${docId}/reprocessing-jobs`,
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(200);
    const conflict = await reprocess();
    expect(conflict.statusCode).toBe(409);
    await finished(nullBody.json<{ job_status_id: string }>().job_status_id);
    for (const payload of [{ pages: [4] }, { pages: [] }, { pages: [0] }, { pages: 'all' }]) {
      expect((await reprocess(payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});
