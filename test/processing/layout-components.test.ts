// Layout detection during processing: a ruled table on a page becomes a visual component
// (origin 'pipeline', with its crop and caption), and reprocessing replaces it, never duplicates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replacePipelineComponents } from '../../src/components/pipeline-writes.js';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { buildPdf, line, textAt } from '../fixtures/pdf-builder.js';
import { getJob, silentLog, waitFor } from '../jobs/helpers.js';

interface VisualComponent {
  id: string;
  type: string;
  label: string;
  origin: string;
  bbox: number[];
  image_url: string | null;
}

/** Caption, a 4x3 ruled grid with numbers in its cells, then a paragraph. */
function tablePage(): string {
  let content = textAt(72, 720, 12, 'Table 1: Pump inspection results');
  const xs = [72, 222, 372, 522];
  const ys = [700, 680, 660, 640, 620];
  for (const y of ys) content += line(xs[0] ?? 0, y, xs[3] ?? 0, y);
  for (const x of xs) content += line(x, ys[0] ?? 0, x, ys[4] ?? 0);
  const cells = [
    ['Pump', 'Hours', 'Status'],
    ['P-101', '1200', 'OK'],
    ['P-102', '800', 'Worn'],
    ['P-103', '450', 'OK'],
  ];
  cells.forEach((row, r) => row.forEach((cell, c) => (content += textAt((xs[c] ?? 0) + 6, (ys[r] ?? 0) - 14, 10, cell))));
  content += textAt(72, 580, 11, 'All pumps were inspected in March; P-102 needs a new seal.');
  return content;
}

describe('layout components (sqlite)', () => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('layout@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('turns a detected table into a visual component with its crop and caption', async () => {
    const body = multipart({}, [{ filename: 'pumps.pdf', content: buildPdf([{ content: tablePage() }]) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
    const { document_id: id, job_status_id: job } = res.json<{ document_id: string; job_status_id: string }>();
    expect((await waitFor(() => getJob(t, user, job), (j) => j.status === 'done', 30_000)).status).toBe('done');
    const list = await t.app.inject({ url: `/api/v0/documents/${id}/visual-components?types=table`, headers: user.auth });
    const tables = list.json<VisualComponent[]>();
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ type: 'table', origin: 'pipeline', label: 'Table 1: Pump inspection results' });
    // The grid spans x 72..522 pt and y 620..700 pt (from the bottom): 150..1088 px and 192..358 px at 150 dpi.
    const [x0, y0, x1, y1] = tables[0]?.bbox ?? [];
    expect(x0).toBeLessThan(160);
    expect(x1).toBeGreaterThan(1080);
    expect(y0).toBeLessThan(196);
    expect(y1).toBeGreaterThan(354);
    expect(tables[0]?.image_url).not.toBeNull();
    const description = await t.app.inject({ url: `/api/v0/documents/${id}/page-descriptions/1`, headers: user.auth });
    expect(description.json<{ description: string }>().description).toContain('table "Table 1: Pump inspection results"');

    const again = await t.app.inject({ method: 'POST', url: `/api/v0/documents/${id}/reprocessing-jobs`, headers: user.auth });
    await waitFor(() => getJob(t, user, again.json<{ job_status_id: string }>().job_status_id), (j) => j.status === 'done', 30_000);
    const after = (await t.app.inject({ url: `/api/v0/documents/${id}/visual-components`, headers: user.auth })).json<VisualComponent[]>();
    expect(after.filter((c) => c.type === 'table')).toHaveLength(1);
    expect(after[0]?.id).not.toBe(tables[0]?.id);
    const components = (await t.app.inject({ url: `/api/v0/documents/${id}/components`, headers: user.auth })).json<unknown[]>();
    expect(components).toHaveLength(after.length);
  });

  it('records a region that failed as degraded and reports it in the page runs', async () => {
    const body = multipart({}, [{ filename: 'plain.pdf', content: buildPdf([{ content: textAt(72, 700, 12, 'Just text.') }]) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
    const { document_id: id, job_status_id: job } = res.json<{ document_id: string; job_status_id: string }>();
    await waitFor(() => getJob(t, user, job), (j) => j.status === 'done', 30_000);
    const { db } = t.ctx.database;
    const doc = await db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      replacePipelineComponents(
        trx,
        doc,
        1,
        [{ type: 'chart', label: '', bbox: [10, 10, 200, 200], confidence: 40, metadata: {}, error: 'could not crop the region: bad image' }],
        () => null,
      ),
    );
    const list = (await t.app.inject({ url: `/api/v0/documents/${id}/visual-components`, headers: user.auth })).json<
      Array<VisualComponent & { status: string }>
    >();
    expect(list).toMatchObject([{ type: 'chart', status: 'degraded', image_url: null }]);
    const runs = await t.app.inject({ url: `/api/v0/job-statuses/${job}/page-runs`, headers: user.auth });
    expect(runs.json()).toMatchObject({
      page_runs: [{ page_number: 1, status: 'done', degraded_components: [{ component_id: list[0]?.id, message: 'could not crop the region: bad image' }] }],
    });
  });
});
