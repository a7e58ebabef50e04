// The two legend jobs of a component's schematic through HTTP on both databases:
// extract-from-image (a legend table drawn here, read into legend_draft with its crops stored
// under the document's legend_crops/ and its labels read by the real OCR engine), apply-remap
// (drawn symbols on a sheet matched to the legend by visual similarity, or by a vision model
// speaking the OpenAI protocol), the 415/404/409/422 answers that queue nothing, and failures
// reported through the job status with nothing half-written.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import type { LegendEntry, SchematicGraphV2, SchematicNode } from '../../src/schematics/graph.js';
import { buildPdf, rect, textAt } from '../fixtures/pdf-builder.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';
import { multipart } from '../helpers/multipart.js';
import { jobEnded, uploadAndProcess } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';
import { legendTable, sheet, symbolPng, SYMBOLS, type Placed } from './legend-drawings.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

interface Target {
  component_id: string;
  id: string;
}

interface Posted {
  component_id: string;
  job_status_id: string;
  component: { id: string };
}

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A graph of the sheet's symbols, each detected as a generic 'symbol', plus a junction. */
function detected(placed: Placed[], width: number, height: number, legend: LegendEntry[]): SchematicGraphV2 {
  const nodes: SchematicNode[] = placed.map((p, i) => ({
    id: `n${i + 1}`,
    class: 'symbol',
    subtype: null,
    bbox: p.bbox,
    rotation: 0,
    transcription: `T-${i + 1}`,
    confidence: 0.4,
    legend_id: null,
  }));
  nodes.push({ id: 'j1', class: 'junction', subtype: null, bbox: [10, 10, 14, 14], rotation: 0, transcription: null, confidence: 1, legend_id: null });
  return {
    version: 'v2',
    network: { nodes, edges: [{ id: 'e1', source: 'n1', target: 'n2', points: [], directed: false, class: 'pipe', label: null }] },
    subgraphs: [],
    arrows: [],
    legend,
    legend_draft: null,
    image_width: width,
    image_height: height,
    total_pages: 1,
    non_flow_classes: [],
  };
}

async function drawnSheet() {
  const [gate, pump, instrument, check, vessel] = SYMBOLS as [(typeof SYMBOLS)[number], (typeof SYMBOLS)[number], (typeof SYMBOLS)[number], (typeof SYMBOLS)[number], (typeof SYMBOLS)[number]];
  return sheet([
    { def: gate, x: 60, y: 180, scale: 1, rotation: 0 },
    { def: pump, x: 200, y: 170, scale: 1.4, rotation: 0 },
    { def: instrument, x: 360, y: 60, scale: 1.2, rotation: 0 },
    { def: check, x: 500, y: 170, scale: 1, rotation: 90 },
    { def: vessel, x: 640, y: 160, scale: 1.5, rotation: 0 },
  ]);
}

async function legendWithCrops(): Promise<LegendEntry[]> {
  return Promise.all(SYMBOLS.map(async (s, i) => ({ id: `L${i + 1}`, class: s.class, subtype: null, label: s.label, source_crop_url: dataUrl(await symbolPng(s)), bbox: null })));
}

describe.each(DB_KINDS)('schematic legend jobs (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let eve: TestUser; // another organization
  let docId: string;
  let region: Target;
  let other: Target; // another component's region on the same document

  const url = (r: Target, rest: string) => `/api/v0/components/${r.component_id}/schematic${rest}?vc_id=${r.id}`;
  const graphOf = async (r: Target): Promise<SchematicGraphV2> => {
    const res = await t.app.inject({ url: url(r, ''), headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SchematicGraphV2>();
  };
  const putGraph = async (r: Target, graph: SchematicGraphV2) => {
    const res = await t.app.inject({ method: 'PUT', url: url(r, ''), headers: alice.auth, payload: { ...graph } });
    expect(res.statusCode, res.body).toBe(204);
  };
  const extract = (r: Target, content: Buffer | null, user = alice, contentType = 'image/png') => {
    const form = content ? multipart({}, [{ field: 'file', filename: 'legend.png', content, contentType }]) : multipart({ note: 'x' }, []);
    return t.app.inject({ method: 'POST', url: url(r, '/legend/extract-from-image'), headers: { ...user.auth, ...form.headers }, payload: form.payload });
  };
  const remap = (r: Target, user = alice) => t.app.inject({ method: 'POST', url: url(r, '/legend/apply-remap'), headers: user.auth });
  const revisionCount = async (componentId: string) =>
    (await t.app.inject({ url: `/api/v0/components/${componentId}/revisions`, headers: alice.auth })).json<{ total: number }>().total;
  const newRegion = async (bbox: number[]): Promise<Target> => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v0/documents/${docId}/visual-components`,
      headers: alice.auth,
      payload: { page_number: 1, bbox, component_type: 'schematic', label: 'P&ID' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Target>();
  };
  const standalone = async (png: Buffer): Promise<Target> => {
    const form = multipart({}, [{ field: 'image', filename: 'sheet.png', content: png }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=schematic', headers: { ...alice.auth, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ component_id: string }>().component_id;
    return { component_id: id, id };
  };
  const stored = (prefix: string) => t.ctx.storage.list(prefix);
  const cropPrefix = () => `documents/${docId}/legend_crops/`;

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
    const done = await uploadAndProcess(t, alice, 'pid.pdf', buildPdf([{ content: textAt(72, 740, 14, 'Feed water P&ID') + rect(72, 200, 450, 450, 1) }]));
    expect(done.job.status).toBe('done');
    docId = done.document_id;
    region = await newRegion([100, 100, 900, 700]);
    other = await newRegion([50, 50, 300, 300]);
  }, 180_000);

  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('reads a legend table image into legend_draft: labels read, crops stored under the document legend_crops/', async () => {
    const before = await graphOf(region);
    const revisions = await revisionCount(region.component_id);
    const res = await extract(region, await legendTable(SYMBOLS, { rules: true, title: 'LEGEND' }));
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json<Posted>();
    expect(posted.component_id).toBe(region.component_id);
    const job = await jobEnded(t, alice, posted.job_status_id);
    expect(job.status, job.error_message ?? '').toBe('done');

    const graph = await graphOf(region);
    const draft = graph.legend_draft ?? [];
    expect(draft.map((e) => e.label)).toEqual(SYMBOLS.map((s) => s.label));
    expect(draft.map((e) => e.class)).toEqual(SYMBOLS.map((s) => s.class));
    expect(new Set(draft.map((e) => e.id)).size).toBe(draft.length);
    for (const entry of draft) {
      const key = (entry.source_crop_url ?? '').replace('storage://', '');
      expect(entry.source_crop_url).toMatch(new RegExp(`^storage://${cropPrefix()}[^/]+\\.png$`));
      const chunks: Buffer[] = [];
      for await (const chunk of await t.ctx.storage.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
      const png = Buffer.concat(chunks);
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe('png');
      // The symbol, not the row: about 50 x 34 px drawn, plus a margin.
      expect(meta.width).toBeGreaterThan(20);
      expect(meta.width).toBeLessThan(100);
    }
    // The rest of the graph is as it was; a revision records the write; the upload is gone.
    expect({ ...graph, legend_draft: null }).toEqual(before);
    expect(await revisionCount(region.component_id)).toBe(revisions + 1);
    expect(await stored(`documents/${docId}/components/${region.component_id}/legend-images/`)).toEqual([]);

    // The client flow: adopt the draft as the legend (its storage crops are accepted), clear the draft.
    const put = await t.app.inject({ method: 'PUT', url: url(region, '/legend'), headers: alice.auth, payload: { legend: draft } });
    expect(put.statusCode, put.body).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: url(region, '/legend/draft'), headers: alice.auth })).statusCode).toBe(204);
    const adopted = await graphOf(region);
    expect(adopted.legend).toEqual(draft);
    expect(adopted.legend_draft).toBeNull();
  }, 120_000);

  it('reads a legend drawn without rules as well', async () => {
    const target = await newRegion([200, 200, 600, 500]);
    const res = await extract(target, await legendTable(SYMBOLS, { rules: false, title: 'LEGEND' }));
    expect(res.statusCode, res.body).toBe(200);
    const job = await jobEnded(t, alice, res.json<Posted>().job_status_id);
    expect(job.status, job.error_message ?? '').toBe('done');
    expect(((await graphOf(target)).legend_draft ?? []).map((e) => e.label)).toEqual(SYMBOLS.map((s) => s.label));
  }, 120_000);

  it('answers 415 for an upload that is no PNG, JPEG, WebP or GIF by its bytes, and stores nothing', async () => {
    const crops = await stored(cropPrefix());
    const pdf = buildPdf([{ content: textAt(72, 740, 14, 'not an image') }]);
    for (const [content, type] of [
      [pdf, 'image/png'],
      [Buffer.from('Gate valve, pump, vessel'), 'image/gif'],
      [Buffer.from('II*\0 not really a tiff'), 'image/tiff'],
    ] as const) {
      const res = await extract(region, content, alice, type);
      expect(res.statusCode, res.body).toBe(415);
    }
    // A PNG that is cut short is an image of an accepted type that cannot be read: 422.
    const png = await legendTable(SYMBOLS.slice(0, 2), { rules: true });
    expect((await extract(region, png.subarray(0, 200))).statusCode).toBe(422);
    expect((await extract(region, null)).statusCode).toBe(422);
    expect(await stored(`documents/${docId}/components/${region.component_id}/legend-images/`)).toEqual([]);
    expect(await stored(cropPrefix())).toEqual(crops);
  });

  it('answers 404 for a component and vc_id that do not belong together, or a schematic the caller cannot see', async () => {
    const png = await legendTable(SYMBOLS.slice(0, 2), { rules: true });
    const pairs: Target[] = [
      { component_id: region.component_id, id: other.id },
      { component_id: region.component_id, id: MISSING },
      { component_id: MISSING, id: region.id },
      { component_id: region.component_id, id: 'not-a-uuid' },
    ];
    for (const pair of pairs) {
      expect((await extract(pair, png)).statusCode).toBe(404);
      expect((await remap(pair)).statusCode).toBe(404);
    }
    expect((await extract(region, png, eve)).statusCode).toBe(404);
    expect((await remap(region, eve)).statusCode).toBe(404);
    expect(await stored(`documents/${docId}/components/${region.component_id}/legend-images/`)).toEqual([]);
  });

  it('remaps detections that match no legend entry by their likeness to the legend crops', async () => {
    const s = await drawnSheet();
    const target = await standalone(s.png);
    const legend = await legendWithCrops();
    const graph = detected(s.placed, s.width, s.height, legend);
    // One detection already names a legend class: it is left alone.
    graph.network.nodes[0] = { ...graph.network.nodes[0]!, class: 'gate_valve', legend_id: 'L1' };
    await putGraph(target, graph);
    const revisions = await revisionCount(target.component_id);
    const res = await remap(target);
    expect(res.statusCode, res.body).toBe(200);
    const job = await jobEnded(t, alice, res.json<Posted>().job_status_id);
    expect(job.status, job.error_message ?? '').toBe('done');

    const after = await graphOf(target);
    const byId = new Map(after.network.nodes.map((n) => [n.id, n]));
    expect(byId.get('n1')).toEqual(graph.network.nodes[0]);
    s.placed.forEach((p, i) => {
      if (i === 0) return;
      const node = byId.get(`n${i + 1}`)!;
      const entry = legend.find((e) => e.class === p.def.class)!;
      expect([node.class, node.subtype, node.transcription, node.legend_id]).toEqual([entry.class, entry.subtype, entry.label, entry.id]);
      expect(node.bbox).toEqual(p.bbox);
    });
    expect(byId.get('j1')).toEqual(graph.network.nodes.at(-1));
    expect({ ...after, network: { ...after.network, nodes: [] } }).toEqual({ ...graph, network: { ...graph.network, nodes: [] } });
    expect(await revisionCount(target.component_id)).toBe(revisions + 1);
  }, 120_000);

  it('refuses a remap with nothing to remap to (409) and queues nothing', async () => {
    const s = await drawnSheet();
    const target = await standalone(s.png);
    await putGraph(target, detected(s.placed, s.width, s.height, []));
    const res = await remap(target);
    expect(res.statusCode, res.body).toBe(409);
    // Entries without pictures and no vision model: nothing to compare with either.
    const bare = (await legendWithCrops()).map((e) => ({ ...e, source_crop_url: null }));
    await putGraph(target, detected(s.placed, s.width, s.height, bare));
    expect((await remap(target)).statusCode).toBe(409);
  });

  it('reports a failed extraction through the job status and leaves the draft and storage as they were', async () => {
    const before = await graphOf(region);
    const crops = await stored(cropPrefix());
    const revisions = await revisionCount(region.component_id);
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'white' } }).png().toBuffer();
    const res = await extract(region, blank);
    expect(res.statusCode, res.body).toBe(200);
    const job = await jobEnded(t, alice, res.json<Posted>().job_status_id);
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/No legend rows/);
    expect(await graphOf(region)).toEqual(before);
    expect(await revisionCount(region.component_id)).toBe(revisions);
    expect(await stored(cropPrefix())).toEqual(crops);
    expect(await stored(`documents/${docId}/components/${region.component_id}/legend-images/`)).toEqual([]);
  }, 60_000);

  it('reports a failed remap through the job status and leaves the graph as it was', async () => {
    const s = await drawnSheet();
    const target = await standalone(s.png);
    await putGraph(target, detected(s.placed, s.width, s.height, await legendWithCrops()));
    const before = await graphOf(target);
    // The image the detections are cut from is gone from storage.
    for (const key of await stored(`components/${target.component_id}/`)) await t.ctx.storage.delete(key);
    const res = await remap(target);
    expect(res.statusCode, res.body).toBe(200);
    const job = await jobEnded(t, alice, res.json<Posted>().job_status_id);
    expect(job.status).toBe('error');
    expect(job.error_message).toMatch(/no image/);
    expect(await graphOf(target)).toEqual(before);
  }, 60_000);
});

describe.each(DB_KINDS)('schematic legend remap with a vision model (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let model: FakeOpenAi;

  beforeAll(async () => {
    // The model names the instrument entry for whatever it is shown.
    model = await startFakeOpenAi({ chat: () => ({ legend_id: 'L3' }) });
    t = await startTestApp(
      kind,
      queueEnv('local', { PAGELENS_LLM_PROVIDER: 'openai', PAGELENS_LLM_BASE_URL: model.url, PAGELENS_LLM_MODEL: 'test-vlm', PAGELENS_LLM_PRICES: '{"test-vlm": {"in": 1, "out": 2}}' }),
    );
    alice = await t.user('alice@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  }, 60_000);

  afterAll(async () => {
    await worker.stop();
    await t.close();
    await model.close();
  });

  it('asks the model, showing the detection and the legend pictures, and rewrites to the entry it names', async () => {
    const s = await drawnSheet();
    const form = multipart({}, [{ field: 'image', filename: 'sheet.png', content: s.png }]);
    const created = await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=schematic', headers: { ...alice.auth, ...form.headers }, payload: form.payload });
    const id = created.json<{ component_id: string }>().component_id;
    const target = { component_id: id, id };
    const legend = await legendWithCrops();
    const graph = detected(s.placed.slice(0, 2), s.width, s.height, legend);
    const put = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}/schematic?vc_id=${id}`, headers: alice.auth, payload: { ...graph } });
    expect(put.statusCode, put.body).toBe(204);
    const res = await t.app.inject({ method: 'POST', url: `/api/v0/components/${id}/schematic/legend/apply-remap?vc_id=${id}`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    const job = await jobEnded(t, alice, res.json<Posted>().job_status_id);
    expect(job.status, job.error_message ?? '').toBe('done');
    const chats = model.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(2);
    expect(chats[0]!.text).toContain('image_url');
    expect(chats[0]!.text).toContain('Instrument');
    const after = (await t.app.inject({ url: `/api/v0/components/${target.component_id}/schematic?vc_id=${target.id}`, headers: alice.auth })).json<SchematicGraphV2>();
    for (const n of after.network.nodes.filter((x) => x.class !== 'junction')) {
      expect([n.class, n.transcription, n.legend_id]).toEqual(['instrument', 'Instrument', 'L3']);
    }
  }, 60_000);
});
