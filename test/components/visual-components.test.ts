// Visual components and component records through HTTP on both databases: a real processed PDF
// (rendered pages), manual regions with stored crops, filters, edits, deletion with blobs, the
// visibility rules across users and organizations, and the pipeline's replace step.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCropKey } from '../../src/components/keys.js';
import { cropPng } from '../../src/components/crop.js';
import { removeComponentsBeyondPage, replacePipelineComponents, type PipelineRegion } from '../../src/components/pipeline-writes.js';
import { inTransaction } from '../../src/db/tx.js';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { buildPdf, rect, textAt } from '../fixtures/pdf-builder.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { FINISHED, getJob, queueEnv, silentLog, waitFor } from '../jobs/helpers.js';

interface VisualBody {
  id: string;
  document_id: string;
  component_id: string;
  page_number: number;
  type: string;
  label: string;
  bbox: number[];
  confidence: number;
  origin: string;
  status: string;
  grounding_data: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

interface ComponentBody {
  id: string;
  component_type: string;
  status: string;
  document_id: string | null;
  image_url: string | null;
  grounding: Record<string, unknown>;
  description: string | null;
  error: string | null;
  tokens_in: number;
  tokens_out: number;
}

interface ErrorBody {
  detail: Array<{ loc: Array<string | number>; msg: string; type: string }> | string;
}

const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(DB_KINDS)('visual components (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let bob: TestUser; // same organization as alice
  let eve: TestUser; // another organization
  let docId: string;
  let pageSize: { width: number; height: number };

  const vcUrl = (rest = '') => `/api/v0/documents/${docId}/visual-components${rest}`;

  async function post(user: TestUser, body: unknown, doc = docId) {
    return t.app.inject({ method: 'POST', url: `/api/v0/documents/${doc}/visual-components`, headers: user.auth, payload: body as object });
  }

  async function create(body: Record<string, unknown>): Promise<VisualBody> {
    const res = await post(alice, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VisualBody>();
  }

  async function componentRow(id: string) {
    return t.ctx.database.db.selectFrom('components').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function blobSize(key: string): Promise<{ width: number; height: number }> {
    const chunks: Buffer[] = [];
    for await (const c of await t.ctx.storage.get(key)) chunks.push(c as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  }

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    bob = await t.user('bob@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const pdf = buildPdf([
      { content: textAt(72, 700, 24, 'Process overview') + rect(100, 300, 300, 200, 2) },
      { content: textAt(72, 700, 11, 'The second page holds a table.') },
    ]);
    const form = multipart({}, [{ filename: 'regions.pdf', content: pdf }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...alice.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json<{ document_id: string; job_status_id: string }>();
    docId = posted.document_id;
    const job = await waitFor(() => getJob(t, alice, posted.job_status_id), (j) => FINISHED.includes(j.status), 120_000, 100);
    expect(job.status).toBe('done');
    const page = await t.ctx.database.db
      .selectFrom('pages')
      .select(['width', 'height'])
      .where('document_id', '=', docId)
      .where('page_number', '=', 1)
      .executeTakeFirstOrThrow();
    pageSize = { width: page.width, height: page.height };
  }, 180_000);

  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('creates a manual region with a pending component and a stored crop of the page', async () => {
    const vc = await create({ page_number: 1, bbox: [100, 200, 400, 350.5], component_type: 'chart', label: 'Sales' });
    expect(vc).toMatchObject({
      document_id: docId,
      page_number: 1,
      type: 'chart',
      label: 'Sales',
      bbox: [100, 200, 400, 350.5],
      confidence: 100,
      origin: 'manual',
      status: 'pending',
      grounding_data: {},
      metadata: {},
    });
    expect(vc.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(vc.image_url).toEqual(expect.any(String));
    const component = await componentRow(vc.component_id);
    expect(component).toMatchObject({ document_id: docId, component_type: 'chart', status: 'pending', owner_id: alice.id });
    expect(component?.image_key).toMatch(new RegExp(`^documents/${docId}/components/${vc.component_id}/crop-[0-9a-f-]+\\.png$`));
    // Whole pixels, outward: 300 x 151.
    expect(await blobSize(component?.image_key ?? '')).toEqual({ width: 300, height: 151 });

    const label = await create({ page_number: 2, bbox: [0, 0, pageSize.width, pageSize.height], component_type: 'table' });
    expect(label.label).toBe('');
  });

  it('lists with filters: page_number, repeated types, include_metadata=false', async () => {
    const a = await create({ page_number: 1, bbox: [10, 10, 50, 50], component_type: 'flowchart' });
    const b = await create({ page_number: 2, bbox: [10, 10, 60, 60], component_type: 'mindmap' });
    const all = (await t.app.inject({ url: vcUrl(), headers: alice.auth })).json<VisualBody[]>();
    expect(all.map((v) => v.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.map((v) => v.page_number)).toEqual([...all.map((v) => v.page_number)].sort((x, y) => x - y));

    const page2 = (await t.app.inject({ url: vcUrl('?page_number=2'), headers: alice.auth })).json<VisualBody[]>();
    expect(page2.length).toBeGreaterThan(0);
    expect(page2.every((v) => v.page_number === 2)).toBe(true);
    expect(page2.map((v) => v.id)).toContain(b.id);

    const two = (await t.app.inject({ url: vcUrl('?types=flowchart&types=mindmap'), headers: alice.auth })).json<VisualBody[]>();
    expect(two.map((v) => v.id).sort()).toEqual([a.id, b.id].sort());
    const one = (await t.app.inject({ url: vcUrl('?types=mindmap'), headers: alice.auth })).json<VisualBody[]>();
    expect(one.map((v) => v.id)).toEqual([b.id]);
    const both = (await t.app.inject({ url: vcUrl('?types=mindmap&page_number=1'), headers: alice.auth })).json<VisualBody[]>();
    expect(both).toEqual([]);
    const unknown = await t.app.inject({ url: vcUrl('?types=photo'), headers: alice.auth });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);

    const bare = (await t.app.inject({ url: vcUrl('?include_metadata=false'), headers: alice.auth })).json<VisualBody[]>();
    expect(bare.length).toBe(all.length);
    expect(bare.every((v) => !('metadata' in v))).toBe(true);
    expect(all.every((v) => typeof v.metadata === 'object')).toBe(true);

    const bad = await t.app.inject({ url: vcUrl('?page_number=two'), headers: alice.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ErrorBody>().detail).toEqual([expect.objectContaining({ loc: ['query', 'page_number'] })]);
  });

  it('gets one region with its grounding data; edits are atomic and a new bbox re-crops', async () => {
    const vc = await create({ page_number: 1, bbox: [100, 100, 300, 200], component_type: 'flowchart', label: 'A' });
    const got = await t.app.inject({ url: vcUrl(`/${vc.id}`), headers: alice.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json<VisualBody>()).toMatchObject({ id: vc.id, grounding_data: {}, label: 'A' });

    const put = async (body: unknown, id = vc.id) =>
      t.app.inject({ method: 'PUT', url: vcUrl(`/${id}`), headers: alice.auth, payload: body as object });

    const first = await put({ label: 'Approval flow', grounding_data: { mermaid: 'graph TD; A-->B', nodes: [1, 2] } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<VisualBody>()).toMatchObject({ label: 'Approval flow', grounding_data: { mermaid: 'graph TD; A-->B' } });
    // grounding_data is replaced as a whole, never merged.
    const second = await put({ grounding_data: { graph: { nodes: [] } } });
    expect(second.json<VisualBody>().grounding_data).toEqual({ graph: { nodes: [] } });
    expect((await t.app.inject({ url: vcUrl(`/${vc.id}`), headers: alice.auth })).json<VisualBody>().grounding_data).toEqual({
      graph: { nodes: [] },
    });

    await t.ctx.database.db.updateTable('components').set({ status: 'done' }).where('id', '=', vc.component_id).execute();
    const before = await componentRow(vc.component_id);
    const moved = await put({ bbox: [50, 60, 250, 100] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<VisualBody>()).toMatchObject({ bbox: [50, 60, 250, 100], status: 'pending', label: 'Approval flow' });
    const after = await componentRow(vc.component_id);
    expect(after?.image_key).not.toBe(before?.image_key);
    expect(await blobSize(after?.image_key ?? '')).toEqual({ width: 200, height: 40 });
    expect(await t.ctx.storage.head(before?.image_key ?? '')).toBeNull();

    const retyped = await put({ component_type: 'diagram' });
    expect(retyped.json<VisualBody>()).toMatchObject({ type: 'diagram', status: 'pending' });
    expect((await componentRow(vc.component_id))?.component_type).toBe('diagram');

    const unchanged = await put({});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<VisualBody>().label).toBe('Approval flow');

    for (const body of [{ bbox: [10, 10, 10, 20] }, { bbox: [0, 0, pageSize.width + 1, 10] }, { bbox: [-1, 0, 10, 10] }]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<ErrorBody>().detail).toEqual([expect.objectContaining({ loc: ['body', 'bbox'] })]);
    }
    expect((await put({ component_type: 'photo' })).statusCode).toBe(422);
    expect((await put({ grounding_data: [1, 2] })).statusCode).toBe(422);
    // PUT declares component_id a plain string: an ID that is no UUID matches nothing.
    expect((await put({ label: 'x' }, 'not-a-uuid')).statusCode).toBe(404);
    expect((await put({ label: 'x' }, MISSING)).statusCode).toBe(404);
  });

  it('leaves exactly one crop, the committed one, after concurrent bbox edits', async () => {
    const vc = await create({ page_number: 1, bbox: [10, 10, 20, 20], component_type: 'chart' });
    const results = await Promise.all(
      [30, 40, 50, 60, 70, 80].map((x) =>
        t.app.inject({ method: 'PUT', url: vcUrl(`/${vc.id}`), headers: alice.auth, payload: { bbox: [10, 10, x, 20] } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const row = await componentRow(vc.component_id);
    const stored = await t.ctx.storage.list(`documents/${docId}/components/${vc.component_id}/`);
    expect(stored).toEqual([row?.image_key]);
    const final = (await t.app.inject({ url: vcUrl(`/${vc.id}`), headers: alice.auth })).json<VisualBody>();
    expect(await blobSize(row?.image_key ?? '')).toEqual({ width: (final.bbox[2] ?? 0) - 10, height: 10 });
  });

  it('rejects bad input with 422 and a page out of range with 404', async () => {
    const cases: Array<[unknown, Array<string | number>]> = [
      [{ page_number: 1, bbox: [10, 10, 10, 50], component_type: 'chart' }, ['body', 'bbox']],
      [{ page_number: 1, bbox: [10, 50, 20, 40], component_type: 'chart' }, ['body', 'bbox']],
      [{ page_number: 1, bbox: [10, 10, 20, pageSize.height + 5], component_type: 'chart' }, ['body', 'bbox']],
      [{ page_number: 1, bbox: [10, 10, 20], component_type: 'chart' }, ['body', 'bbox']],
      [{ page_number: 1, bbox: [10, 10, 20, '30'], component_type: 'chart' }, ['body', 'bbox', 3]],
      [{ page_number: 1, bbox: [10, 10, 20, 30], component_type: 'photo' }, ['body', 'component_type']],
      [{ page_number: 0, bbox: [10, 10, 20, 30], component_type: 'chart' }, ['body', 'page_number']],
      [{ bbox: [10, 10, 20, 30], component_type: 'chart' }, ['body', 'page_number']],
      [{ page_number: 1, bbox: [10, 10, 20, 30], component_type: 'chart', label: 'x'.repeat(1001) }, ['body', 'label']],
    ];
    for (const [body, loc] of cases) {
      const res = await post(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<ErrorBody>().detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc })]));
    }
    const far = await post(alice, { page_number: 3, bbox: [10, 10, 20, 30], component_type: 'chart' });
    expect(far.statusCode).toBe(404);
    expect(far.json<ErrorBody>().detail).toBe('Page 3 not found');

    expect((await post(alice, { page_number: 1, bbox: [1, 1, 2, 2], component_type: 'chart' }, 'nope')).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/v0/documents/nope/visual-components', headers: alice.auth })).statusCode).toBe(422);
    expect((await t.app.inject({ url: vcUrl('/nope'), headers: alice.auth })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: vcUrl('/nope'), headers: alice.auth })).statusCode).toBe(422);
    expect((await t.app.inject({ url: vcUrl(`/${MISSING}`), headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v0/documents/${MISSING}/visual-components`, headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v0/components/nope', headers: alice.auth })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/v0/components/nope', headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v0/components/${MISSING}`, headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: vcUrl() })).statusCode).toBe(401);
  });

  it('follows the document visibility: 404 for others, readable once shared with the organization', async () => {
    const vc = await create({ page_number: 1, bbox: [5, 5, 25, 25], component_type: 'table' });
    const probes = (user: TestUser) => [
      t.app.inject({ url: vcUrl(), headers: user.auth }),
      t.app.inject({ url: vcUrl(`/${vc.id}`), headers: user.auth }),
      t.app.inject({ method: 'PUT', url: vcUrl(`/${vc.id}`), headers: user.auth, payload: { label: 'mine' } }),
      t.app.inject({ method: 'DELETE', url: vcUrl(`/${vc.id}`), headers: user.auth }),
      post(user, { page_number: 1, bbox: [1, 1, 5, 5], component_type: 'chart' }),
      t.app.inject({ url: `/api/v0/documents/${docId}/components`, headers: user.auth }),
      t.app.inject({ url: `/api/v0/components/${vc.component_id}`, headers: user.auth }),
      t.app.inject({ method: 'DELETE', url: `/api/v0/components/${vc.component_id}`, headers: user.auth }),
    ];
    for (const user of [bob, eve]) {
      for (const [i, res] of (await Promise.all(probes(user))).entries()) {
        expect(res.statusCode, `${user.email}, probe ${i}`).toBe(404);
      }
    }
    const shared = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/documents/${docId}`,
      headers: alice.auth,
      payload: { visibility: 'organization' },
    });
    expect(shared.statusCode).toBe(200);
    try {
      expect((await t.app.inject({ url: vcUrl(`/${vc.id}`), headers: bob.auth })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/v0/components/${vc.component_id}`, headers: bob.auth })).statusCode).toBe(200);
      const edited = await t.app.inject({ method: 'PUT', url: vcUrl(`/${vc.id}`), headers: bob.auth, payload: { label: 'by bob' } });
      expect(edited.json<VisualBody>().label).toBe('by bob');
      for (const res of await Promise.all(probes(eve))) expect(res.statusCode).toBe(404);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/v0/documents/${docId}`, headers: alice.auth, payload: { visibility: 'private' } });
    }
    expect((await componentRow(vc.component_id))?.status).toBe('pending');
  });

  it('deletes a region with its component record and blobs', async () => {
    const vc = await create({ page_number: 2, bbox: [20, 20, 120, 90], component_type: 'schematic' });
    const prefix = `documents/${docId}/components/${vc.component_id}/`;
    expect(await t.ctx.storage.list(prefix)).toHaveLength(1);
    const res = await t.app.inject({ method: 'DELETE', url: vcUrl(`/${vc.id}`), headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: vc.id, component_id: vc.component_id, deleted: true });
    expect((await t.app.inject({ url: vcUrl(`/${vc.id}`), headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v0/components/${vc.component_id}`, headers: alice.auth })).statusCode).toBe(404);
    expect(await componentRow(vc.component_id)).toBeUndefined();
    expect(await t.ctx.storage.list(prefix)).toEqual([]);
    expect(await t.ctx.database.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: vcUrl(`/${vc.id}`), headers: alice.auth })).statusCode).toBe(404);
  });

  it('lists, gets and deletes component records', async () => {
    const vc = await create({ page_number: 1, bbox: [300, 300, 500, 420], component_type: 'chart' });
    const list = await t.app.inject({ url: `/api/v0/documents/${docId}/components`, headers: alice.auth });
    expect(list.statusCode).toBe(200);
    const components = list.json<ComponentBody[]>();
    const visuals = (await t.app.inject({ url: vcUrl(), headers: alice.auth })).json<VisualBody[]>();
    expect(components.map((c) => c.id).sort()).toEqual(visuals.map((v) => v.component_id).sort());

    const got = await t.app.inject({ url: `/api/v0/components/${vc.component_id}`, headers: alice.auth });
    expect(got.statusCode).toBe(200);
    expect(got.json<ComponentBody>()).toMatchObject({
      id: vc.component_id,
      component_type: 'chart',
      status: 'pending',
      document_id: docId,
      grounding: {},
      description: null,
      error: null,
      tokens_in: 0,
      tokens_out: 0,
    });
    expect(got.json<ComponentBody>().image_url).toEqual(expect.any(String));
    // Upper-case UUIDs name the same component.
    expect((await t.app.inject({ url: `/api/v0/components/${vc.component_id.toUpperCase()}`, headers: alice.auth })).statusCode).toBe(200);

    const prefix = `documents/${docId}/components/${vc.component_id}/`;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v0/components/${vc.component_id}`, headers: alice.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: vc.component_id, deleted: true, visual_component_ids: [vc.id] });
    expect((await t.app.inject({ url: vcUrl(`/${vc.id}`), headers: alice.auth })).statusCode).toBe(404);
    expect(await t.ctx.storage.list(prefix)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v0/components/${vc.component_id}`, headers: alice.auth })).statusCode).toBe(404);
  });

  it('replaces pipeline regions of a page, keeping regions a person drew or edited', async () => {
    const db = t.ctx.database.db;
    const doc = await db.selectFrom('documents').selectAll().where('id', '=', docId).executeTakeFirstOrThrow();
    const page = await db.selectFrom('pages').selectAll().where('document_id', '=', docId).where('page_number', '=', 2).executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const c of await t.ctx.storage.get(page.image_key ?? '')) chunks.push(c as Buffer);
    const pagePng = Buffer.concat(chunks);

    /** What the page step does: crops stored first, under fresh component ids. */
    async function detect(regions: Array<Omit<PipelineRegion, 'componentId'>>): Promise<{ regions: PipelineRegion[]; keys: Map<string, string> }> {
      const keys = new Map<string, string>();
      const out: PipelineRegion[] = [];
      for (const r of regions) {
        const componentId = crypto.randomUUID();
        const key = newCropKey(docId, componentId);
        await t.ctx.storage.putBuffer(key, await cropPng(pagePng, r.bbox), 'image/png');
        keys.set(componentId, key);
        out.push({ ...r, componentId });
      }
      return { regions: out, keys };
    }
    const replace = (d: { regions: PipelineRegion[]; keys: Map<string, string> }) =>
      inTransaction(db, ({ trx }) => replacePipelineComponents(trx, doc, 2, d.regions, (id) => d.keys.get(id) ?? null));
    const pipelineOnPage2 = async () =>
      (await t.app.inject({ url: vcUrl('?page_number=2'), headers: alice.auth })).json<VisualBody[]>().filter((v) => v.origin === 'pipeline');

    const first = await detect([
      { type: 'table', label: 'Table 1', bbox: [100, 100, 600, 400], confidence: 87.6, metadata: { detector: 'test' } },
      { type: 'chart', label: 'Figure 1', bbox: [100, 500, 600, 900], confidence: 140, metadata: {} },
    ]);
    expect(await replace(first)).toEqual([]);
    const created = await pipelineOnPage2();
    expect(created.map((v) => [v.type, v.label, v.confidence, v.status, v.metadata])).toEqual([
      ['table', 'Table 1', 88, 'pending', { detector: 'test' }],
      ['chart', 'Figure 1', 100, 'pending', {}],
    ]);
    expect(created.every((v) => v.image_url !== null)).toBe(true);

    // A person corrects the table: it becomes theirs.
    const table = created.find((v) => v.type === 'table');
    const chart = created.find((v) => v.type === 'chart');
    const edited = await t.app.inject({ method: 'PUT', url: vcUrl(`/${table?.id}`), headers: alice.auth, payload: { label: 'Prices' } });
    expect(edited.json<VisualBody>().origin).toBe('manual');

    const second = await detect([
      { type: 'table', label: 'Table 1', bbox: [110, 105, 600, 400], confidence: 90, metadata: {} },
      { type: 'flowchart', label: 'Figure 2', bbox: [700, 100, 1000, 400], confidence: 70, metadata: {} },
    ]);
    const stale = await replace(second);
    const droppedTable = [...second.keys.values()][0];
    expect(stale.sort()).toEqual([`documents/${docId}/components/${chart?.component_id}/`, droppedTable].sort());
    for (const prefix of stale) await t.ctx.storage.deletePrefix(prefix);

    const now = (await t.app.inject({ url: vcUrl('?page_number=2'), headers: alice.auth })).json<VisualBody[]>();
    expect(now.find((v) => v.id === table?.id)?.label).toBe('Prices');
    expect(now.filter((v) => v.origin === 'pipeline').map((v) => v.type)).toEqual(['flowchart']);
    expect(await componentRow(chart?.component_id ?? '')).toBeUndefined();

    // A replacement file with one page: everything on page 2 goes.
    const gone = await inTransaction(db, ({ trx }) => removeComponentsBeyondPage(trx, docId, 1));
    expect(gone.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: vcUrl('?page_number=2'), headers: alice.auth })).json()).toEqual([]);
  });

  it('goes with its document', async () => {
    const vc = await create({ page_number: 1, bbox: [1, 1, 40, 40], component_type: 'diagram' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v0/documents/${docId}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(await componentRow(vc.component_id)).toBeUndefined();
    expect(await t.ctx.storage.list(`documents/${docId}/`)).toEqual([]);
  });
});
