// Component re-extraction and grounding history through HTTP on both databases: a processed PDF
// table is moved and extracted again by POST /documents/{id}/component-reprocessing-jobs; bad
// bodies (422), unknown or invisible regions (404) and a document being processed (409) queue
// nothing; every grounding write is listed in GET /components/{id}/revisions and a restore
// brings an earlier grounding back; another organization's component is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { buildPdf, line, textAt } from '../fixtures/pdf-builder.js';
import { renderTableImage } from '../fixtures/table-image.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { jobEnded, uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

interface Visual {
  id: string;
  component_id: string;
  page_number: number;
  type: string;
  bbox: number[];
  status: string;
  image_url: string | null;
  grounding_data: Record<string, unknown>;
}

interface Component {
  id: string;
  status: string;
  error: string | null;
  image_url: string | null;
  grounding: Record<string, unknown>;
}

interface Revision {
  id: string;
  component_id: string;
  sequence: number;
  source: string;
  created_by: string | null;
  job_status_id: string | null;
  restored_from: string | null;
  status: string;
  grounding: Record<string, unknown>;
  grounding_data: Record<string, unknown> | null;
}

interface RevisionList {
  revisions: Revision[];
  total: number;
  limit: number;
  offset: number;
}

const XS = [72, 222, 372, 522];
const ROWS = [
  ['Pump', 'Hours', 'Status'],
  ['P-101', '1,200', 'OK'],
  ['P-102', '800.5', 'Worn'],
  ['P-103', '450', 'OK'],
];
const TOP = 280; // points from the bottom of the page, 20 pt a row
const MISSING = '00000000-0000-4000-8000-000000000000';
const px = (pt: number): number => (pt * 150) / 72;

function grid(rows: string[][], top: number): string {
  let content = '';
  const ys = Array.from({ length: rows.length + 1 }, (_, i) => top - 20 * i);
  for (const y of ys) content += line(XS[0]!, y, XS[3]!, y);
  for (const x of XS) content += line(x, ys[0]!, x, ys[ys.length - 1]!);
  rows.forEach((r, i) => r.forEach((cell, k) => (content += textAt(XS[k]! + 6, ys[i]! - 14, 10, cell))));
  return content;
}

describe.each(DB_KINDS)('component re-extraction and revisions (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let eve: TestUser; // another organization
  let docId: string;
  let otherDocId: string;
  let table: Visual;

  const reprocess = (user: TestUser, payload: unknown, doc = docId) =>
    t.app.inject({ method: 'POST', url: `/api/v0/documents/${doc}/component-reprocessing-jobs`, headers: user.auth, payload: payload as object });
  const visual = async (id: string, doc = docId) => (await t.app.inject({ url: `/api/v0/documents/${doc}/visual-components/${id}`, headers: alice.auth })).json<Visual>();
  const component = async (id: string) => (await t.app.inject({ url: `/api/v0/components/${id}`, headers: alice.auth })).json<Component>();
  const revisions = async (id: string, query = '') => {
    const res = await t.app.inject({ url: `/api/v0/components/${id}/revisions${query}`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RevisionList>();
  };
  const queuedJobs = async () =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('job_statuses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('kind', '=', 'reprocess_components')
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const pdf = buildPdf([{ content: textAt(72, 500, 11, 'Inspections went to plan.') + textAt(72, 300, 12, 'Table 1: Pumps') + grid(ROWS, TOP) }]);
    const done = await uploadAndProcess(t, alice, 'pumps.pdf', pdf);
    expect(done.job.status).toBe('done');
    docId = done.document_id;
    const other = await uploadAndProcess(t, alice, 'other.pdf', buildPdf([{ content: textAt(72, 700, 11, 'Nothing here.') }]));
    otherDocId = other.document_id;
    const res = await t.app.inject({ url: `/api/v0/documents/${docId}/visual-components?types=table`, headers: alice.auth });
    const tables = res.json<Visual[]>();
    expect(tables).toHaveLength(1);
    table = tables[0]!;
  }, 180_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('keeps the pipeline extraction as the first revision', async () => {
    const list = await revisions(table.component_id);
    expect(list.total).toBe(1);
    expect(list.revisions[0]).toMatchObject({ sequence: 1, source: 'pipeline', created_by: null, status: 'done', grounding: { rows: 4, cols: 3 } });
    expect(list.revisions[0]!.grounding_data).toMatchObject({ rows: 4 });
  });

  it("keeps a standalone component's extraction as a pipeline revision, without region data", async () => {
    const png = await renderTableImage([['Pump', 'Hours'], ['P-101', '1,200']], { ruled: true });
    const body = multipart({}, [{ field: 'image', filename: 'pumps.png', content: png }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=table', headers: { ...alice.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json<{ component_id: string; job_status_id: string }>();
    expect((await jobEnded(t, alice, posted.job_status_id)).status).toBe('done');
    const list = await revisions(posted.component_id);
    expect(list.revisions.map((r) => [r.sequence, r.source, r.created_by, r.grounding_data])).toEqual([[1, 'pipeline', null, null]]);
    expect(list.revisions[0]!.grounding).toEqual((await component(posted.component_id)).grounding);
  }, 60_000);

  it('rejects a bad body with 422 and queues nothing', async () => {
    for (const body of [{}, { component_ids: [] }, { component_ids: ['not-a-uuid'] }, { component_ids: [table.id, table.id] }, { component_ids: table.id }]) {
      const res = await reprocess(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await queuedJobs()).toBe(0);
  });

  it('answers 404 for unknown, foreign or invisible regions and queues nothing', async () => {
    expect((await reprocess(alice, { component_ids: [table.id, MISSING] })).statusCode).toBe(404);
    // A region of this document named through another document.
    expect((await reprocess(alice, { component_ids: [table.id] }, otherDocId)).statusCode).toBe(404);
    // The component record's ID is not a visual component's public ID.
    expect((await reprocess(alice, { component_ids: [table.component_id] })).statusCode).toBe(404);
    expect((await reprocess(eve, { component_ids: [table.id] })).statusCode).toBe(404);
    expect((await reprocess(alice, { component_ids: [table.id] }, MISSING)).statusCode).toBe(404);
    expect(await queuedJobs()).toBe(0);
  });

  it('answers 409 while the document is being processed or the region waits for a re-extraction', async () => {
    await worker.stop();
    try {
      const busy = await t.app.inject({ method: 'POST', url: `/api/v0/documents/${docId}/reprocessing-jobs`, headers: alice.auth });
      expect(busy.statusCode, busy.body).toBe(200);
      const processing = busy.json<{ job_status_id: string }>().job_status_id;
      const res = await reprocess(alice, { component_ids: [table.id] });
      expect(res.statusCode, res.body).toBe(409);
      expect(await queuedJobs()).toBe(0);
      await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${processing}/cancel`, headers: alice.auth });

      const first = await reprocess(alice, { component_ids: [table.id] });
      expect(first.statusCode, first.body).toBe(200);
      const again = await reprocess(alice, { component_ids: [table.id.toUpperCase()] });
      expect(again.statusCode, again.body).toBe(409);
      expect(await queuedJobs()).toBe(1);
      await t.app.inject({ method: 'POST', url: `/api/v0/job-statuses/${first.json<{ job_status_id: string }>().job_status_id}/cancel`, headers: alice.auth });
    } finally {
      worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    }
    // The cancelled job never ran: the region kept its extraction.
    expect((await component(table.component_id)).grounding).toMatchObject({ rows: 4 });
  });

  it('extracts a moved region again: new grounding, new crop, a reextract revision', async () => {
    const before = await component(table.component_id);
    // Shrink the region to the header and the first data row (the rule under P-101 at 240 pt).
    const [x0, y0, x1] = table.bbox as [number, number, number, number];
    const moved = [x0, y0, x1, px(792 - 240) + 4];
    const put = await t.app.inject({ method: 'PUT', url: `/api/v0/documents/${docId}/visual-components/${table.id}`, headers: alice.auth, payload: { bbox: moved } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Visual>().status).toBe('pending');

    const res = await reprocess(alice, { component_ids: [table.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ document_id: string; job_status_id: string; component_ids: string[] }>();
    expect(body).toMatchObject({ document_id: docId, component_ids: [table.id] });
    const job = await jobEnded(t, alice, body.job_status_id);
    expect(job.status, job.error_message ?? '').toBe('done');

    const after = await component(table.component_id);
    expect(after.status).toBe('done');
    expect(after.grounding).toMatchObject({ rows: 2, cols: 3, header_rows: 1 });
    expect(String(after.grounding.html_table)).toContain('P-101');
    expect(String(after.grounding.html_table)).not.toContain('P-102');
    expect(after.image_url).not.toBeNull();
    expect(after.image_url!.split('?')[0]).not.toBe(before.image_url?.split('?')[0]);
    const region = await visual(table.id);
    expect(region.bbox).toEqual(moved);
    expect(region.grounding_data).toMatchObject({ rows: 2, cols: 3 });

    const list = await revisions(table.component_id);
    expect(list.total).toBe(2);
    expect(list.revisions.map((r) => [r.sequence, r.source])).toEqual([
      [2, 'reextract'],
      [1, 'pipeline'],
    ]);
    expect(list.revisions[0]).toMatchObject({ created_by: alice.id, job_status_id: body.job_status_id, grounding: { rows: 2 } });
  });

  it('keeps an html_table edit as a revision and restores an earlier grounding atomically', async () => {
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/components/${table.component_id}`,
      headers: alice.auth,
      payload: { html_table: '<table><tr><th>Pump</th></tr><tr><td>P-999</td></tr></table>' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    let list = await revisions(table.component_id);
    expect(list.revisions.map((r) => r.source)).toEqual(['edit', 'reextract', 'pipeline']);
    expect(list.revisions[0]).toMatchObject({ created_by: alice.id, grounding: { rows: 2, cols: 1, source: 'manual' } });

    const pipeline = list.revisions.at(-1)!;
    const res = await t.app.inject({ method: 'POST', url: `/api/v0/components/${table.component_id}/revisions/${pipeline.id}/restore`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    const restored = res.json<{ component: Component; revision: Revision }>();
    expect(restored.component.grounding).toEqual(pipeline.grounding);
    expect(restored.component.status).toBe('done');
    expect(restored.revision).toMatchObject({ sequence: 4, source: 'restore', restored_from: pipeline.id, created_by: alice.id });
    expect((await component(table.component_id)).grounding).toEqual(pipeline.grounding);
    expect((await visual(table.id)).grounding_data).toMatchObject({ rows: 4, html_table: pipeline.grounding.html_table });

    list = await revisions(table.component_id);
    expect(list.total).toBe(4);
    expect(list.revisions.map((r) => r.source)).toEqual(['restore', 'edit', 'reextract', 'pipeline']);
    const page = await revisions(table.component_id, '?limit=2&offset=1');
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.revisions.map((r) => r.sequence)).toEqual([3, 2]);
  });

  it('answers 404 for another organization, an unknown revision or one of another component', async () => {
    const list = await revisions(table.component_id);
    const some = list.revisions[0]!;
    expect((await t.app.inject({ url: `/api/v0/components/${table.component_id}/revisions`, headers: eve.auth })).statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/v0/components/${table.component_id}/revisions/${some.id}/restore`, headers: eve.auth });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'POST', url: `/api/v0/components/${table.component_id}/revisions/${MISSING}/restore`, headers: alice.auth });
    expect(unknown.statusCode).toBe(404);
    // A region drawn on the other document: its component has no such revision.
    const drawn = await t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${otherDocId}/visual-components`,
      headers: alice.auth,
      payload: { page_number: 1, bbox: [10, 10, 200, 200], component_type: 'table' },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const other = drawn.json<Visual>().component_id;
    const cross = await t.app.inject({ method: 'POST', url: `/api/v0/components/${other}/revisions/${some.id}/restore`, headers: alice.auth });
    expect(cross.statusCode).toBe(404);
    expect((await revisions(table.component_id)).total).toBe(list.total);
  });

  it('ends a region whose extractor finds nothing degraded, keeps a grounding_data edit as a revision, and finishes the job', async () => {
    const drawn = await t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${docId}/visual-components`,
      headers: alice.auth,
      payload: { page_number: 1, bbox: [px(60), px(792 - 520), px(400), px(792 - 480)], component_type: 'schematic' },
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const region = drawn.json<Visual>();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/documents/${docId}/visual-components/${region.id}`,
      headers: alice.auth,
      payload: { grounding_data: { reviewed: true } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await revisions(region.component_id)).revisions.map((r) => [r.source, r.grounding_data])).toEqual([['edit', { reviewed: true }]]);

    const res = await reprocess(alice, { component_ids: [region.id, table.id] });
    expect(res.statusCode, res.body).toBe(200);
    const job = await jobEnded(t, alice, res.json<{ job_status_id: string }>().job_status_id);
    expect(job.status, job.error_message ?? '').toBe('done');
    const schematic = await component(region.component_id);
    expect(schematic.status).toBe('degraded');
    // A strip of text holds no schematic: the schematic extractor finds nothing there.
    expect(schematic.error).toMatch(/^No schematic symbols or lines were found/);
    // The (empty) graph it found replaces the edited grounding, unreviewed, as a new revision.
    const data = (await visual(region.id)).grounding_data as { reviewed: boolean; graph: { version: string; network: { nodes: unknown[] } } };
    expect([data.reviewed, data.graph.version, data.graph.network.nodes]).toEqual([false, 'v2', []]);
    expect((await revisions(region.component_id)).revisions.map((r) => r.source)).toEqual(['reextract', 'edit']);
    // The table beside it was extracted again in the same job.
    expect((await revisions(table.component_id)).revisions[0]).toMatchObject({ source: 'reextract', grounding: { rows: 2 } });

    // A region retyped since a revision cannot take that revision's grounding back.
    const retyped = await t.app.inject({ method: 'PUT', url: `/api/v0/documents/${docId}/visual-components/${region.id}`, headers: alice.auth, payload: { component_type: 'diagram' } });
    expect(retyped.statusCode, retyped.body).toBe(200);
    const kept = (await revisions(region.component_id)).revisions[0]!;
    const restore = await t.app.inject({ method: 'POST', url: `/api/v0/components/${region.component_id}/revisions/${kept.id}/restore`, headers: alice.auth });
    expect(restore.statusCode, restore.body).toBe(409);
    expect((await revisions(region.component_id)).total).toBe(2);

    // Revisions go with their component.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v0/components/${region.component_id}`, headers: alice.auth })).statusCode).toBe(200);
    const left = await t.ctx.database.db.selectFrom('grounding_revisions').select('id').where('component_id', '=', region.component_id).execute();
    expect(left).toEqual([]);
  });
});
