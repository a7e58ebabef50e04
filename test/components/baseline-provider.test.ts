// POST /components with baseline_provider (a vision model, Azure AI Document Intelligence, Google
// Cloud Vision) and fix_text_with_vlm, end to end on both databases: the job runs the offline
// extractor with real OCR and the baseline against local servers speaking each service's real
// protocol; baselines are kept beside the result, stand in where there is no extractor, fail
// without failing the extraction; model tokens are recorded; an unconfigured provider is a 422
// naming the setting, with nothing created.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { renderTableImage } from '../fixtures/table-image.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { AZURE_KEY, GOOGLE_KEY, startFakeAzure, startFakeGoogleVision, type FakeService } from '../helpers/fake-document-analysis.js';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';
import { multipart } from '../helpers/multipart.js';
import { jobEnded } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

type Grounding = Record<string, unknown> & {
  html_table?: string;
  source?: string;
  mermaid?: string;
  cells?: Array<{ text: string }>;
  baseline?: Record<string, unknown>;
  text_fix?: Record<string, unknown>;
};

interface Component {
  id: string;
  status: string;
  error: string | null;
  grounding: Grounding;
}

interface Posted {
  component_id: string;
  job_status_id: string | null;
  component: Component;
}

const PUMPS = [
  ['Pump', 'Hours', 'Status'],
  ['P-101', '1,200', 'OK'],
  ['P-102', '800.5', 'Worn'],
];
const PUMPS_HTML =
  '<table><thead><tr><th>Pump</th><th>Hours</th><th>Status</th></tr></thead><tbody>' +
  '<tr><td>P-101</td><td>1,200</td><td>OK</td></tr><tr><td>P-102</td><td>800.5</td><td>Worn</td></tr></tbody></table>';

// What the services "read": the table's words at plausible places, and (Azure) its cell grid.
const WORDS = PUMPS.map((row, r) => row.map((text, c) => ({ text, box: [20 + c * 260, 30 + r * 64, 120 + c * 260, 60 + r * 64] as [number, number, number, number] })));
const AZURE_TABLE = {
  rowCount: 3,
  columnCount: 3,
  cells: PUMPS.flatMap((row, r) => row.map((content, c) => ({ rowIndex: r, columnIndex: c, content, ...(r === 0 ? { kind: 'columnHeader' } : {}) }))),
};

/** The fake vision model: a table grid, a flowchart graph, or OCR corrections, by what is asked. */
function vlmAnswer(prompt: string): unknown {
  if (prompt.includes('OCR read these strings')) {
    // The prompt arrives JSON-encoded (content parts), so the item's quotes may be escaped.
    const worn = /\\?"id\\?":(\d+),\\?"text\\?":\\?"Worn\\?"/.exec(prompt);
    // "Worn" is read as "Worn-out" by this model: the correction must reach the HTML and the cells.
    return { corrections: worn ? [{ id: Number(worn[1]), text: 'Worn-out' }] : [] };
  }
  if (prompt.includes('shows a table')) return { header_rows: 1, rows: PUMPS };
  if (prompt.includes('shows a flowchart')) {
    return {
      direction: 'TD',
      nodes: [
        { id: 'a', text: 'Start', shape: 'terminator' },
        { id: 'b', text: 'Pressure > 5 "bar"?', shape: 'decision' },
        { id: 'c', text: 'Open valve', shape: 'process' },
      ],
      edges: [
        { source: 'a', target: 'b', label: null },
        { source: 'b', target: 'c', label: 'yes' },
      ],
    };
  }
  return { nonsense: true };
}

describe.each(DB_KINDS)('POST /components with baseline_provider and fix_text_with_vlm (%s)', (kind) => {
  let azure: FakeService;
  let google: FakeService;
  let vlm: FakeOpenAi;
  let t: TestApp;
  let bare: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let png: Buffer;

  const post = (app: TestApp, user: TestUser, query: string, content: Buffer | null) => {
    const body = multipart({}, content ? [{ field: 'image', filename: 'pumps.png', content }] : []);
    return app.app.inject({ method: 'POST', url: `/api/v0/components${query}`, headers: { ...user.auth, ...body.headers }, payload: body.payload });
  };
  const finished = async (posted: Posted): Promise<Component> => {
    const job = await jobEnded(t, alice, posted.job_status_id!);
    expect(job.status, JSON.stringify(job)).toBe('done');
    return (await t.app.inject({ url: `/api/v0/components/${posted.component_id}`, headers: alice.auth })).json<Component>();
  };
  const usage = (purpose: string) =>
    t.ctx.database.db.selectFrom('token_usage').select(['provider', 'model', 'tokens_in', 'tokens_out', 'purpose']).where('purpose', '=', purpose).execute();

  beforeAll(async () => {
    [azure, google, vlm] = await Promise.all([startFakeAzure(), startFakeGoogleVision(), startFakeOpenAi({ chat: vlmAnswer })]);
    t = await startTestApp(
      kind,
      queueEnv('local', {
        PAGELENS_AZURE_DI_ENDPOINT: azure.url,
        PAGELENS_AZURE_DI_KEY: AZURE_KEY,
        PAGELENS_GOOGLE_VISION_API_KEY: GOOGLE_KEY,
        PAGELENS_GOOGLE_VISION_BASE_URL: google.url,
        PAGELENS_LLM_PROVIDER: 'openai',
        PAGELENS_LLM_BASE_URL: vlm.url,
        PAGELENS_LLM_MODEL: 'test-vlm',
        PAGELENS_LLM_PRICES: '{"test-vlm": {"in": 1, "out": 2}}',
      }),
    );
    bare = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
    png = await renderTableImage(PUMPS, { ruled: true });
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await Promise.all([t.close(), bare.close()]);
    await Promise.all([azure.close(), google.close(), vlm.close()]);
  });
  beforeEach(() => {
    for (const s of [azure, google]) {
      s.lines = WORDS;
      s.tables = [];
      s.misbehave = 'none';
      s.pollsBeforeDone = 1;
    }
    azure.tables = [AZURE_TABLE];
  });

  it('keeps the offline table and adds Azure\'s table as the baseline; the vision model corrects the table text', async () => {
    const res = await post(t, alice, '?component_type=table&baseline_provider=azure_document_intelligence', png);
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(res.json<Posted>());
    expect(done.status).toBe('done');
    const g = done.grounding;
    expect(g.source).toBe('pipeline');
    // The offline OCR read "Worn"; the vision model's correction reached the HTML and the cells.
    expect(g.html_table).toBe(PUMPS_HTML.replace('Worn', 'Worn-out'));
    expect(g.cells!.map((c) => c.text)).toContain('Worn-out');
    expect(g.text_fix).toMatchObject({ status: 'applied', model: 'openai/test-vlm', corrected: 1, changes: [{ from: 'Worn', to: 'Worn-out' }] });
    expect(g.baseline).toMatchObject({
      provider: 'azure_document_intelligence',
      model: 'prebuilt-layout',
      status: 'done',
      html_table: PUMPS_HTML,
      rows: 3,
      cols: 3,
      header_rows: 1,
      table_source: 'provider',
      text: 'Pump Hours Status\nP-101 1,200 OK\nP-102 800.5 Worn',
    });
    expect(azure.requests.some((r) => r.method === 'POST' && r.headers['ocp-apim-subscription-key'] === AZURE_KEY)).toBe(true);
    // The correction call is billed: token_usage and the component's own counters.
    expect(await usage('component_text_fix')).toContainEqual({ provider: 'openai', model: 'test-vlm', tokens_in: 100, tokens_out: 20, purpose: 'component_text_fix' });
    const row = await t.ctx.database.db.selectFrom('components').select(['tokens_in', 'tokens_out']).where('id', '=', done.id).executeTakeFirstOrThrow();
    expect([Number(row.tokens_in), Number(row.tokens_out)]).toEqual([100, 20]);
  }, 120_000);

  it('builds a baseline table from Google Vision\'s words with PageLens\'s structure step, and records fix_text_with_vlm=false', async () => {
    const res = await post(t, alice, '?component_type=table&baseline_provider=google_cloud_vision&fix_text_with_vlm=false', png);
    expect(res.statusCode, res.body).toBe(200);
    const g = (await finished(res.json<Posted>())).grounding;
    expect(g.html_table).toBe(PUMPS_HTML);
    expect(g.text_fix).toEqual({ status: 'off' });
    expect(g.baseline).toMatchObject({ provider: 'google_cloud_vision', model: 'DOCUMENT_TEXT_DETECTION', status: 'done', table_source: 'pagelens_structure', html_table: PUMPS_HTML });
    expect(google.requests.at(-1)!.headers['x-goog-api-key']).toBe(GOOGLE_KEY);
  }, 120_000);

  it('asks the vision model for the table as a baseline (vlm), with its tokens recorded', async () => {
    const res = await post(t, alice, '?component_type=table&baseline_provider=vlm', png);
    const g = (await finished(res.json<Posted>())).grounding;
    expect(g.source).toBe('pipeline');
    expect(g.baseline).toMatchObject({ provider: 'vlm', model: 'openai/test-vlm', status: 'done', html_table: PUMPS_HTML, rows: 3, cols: 3, header_rows: 1, tokens_in: 100 });
    expect((await usage('component_baseline')).length).toBeGreaterThan(0);
  }, 120_000);

  it('reads a flowchart with the vision model into graph JSON and Mermaid', async () => {
    const res = await post(t, alice, '?component_type=flowchart&baseline_provider=vlm', png);
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(res.json<Posted>());
    const mermaid = [
      'flowchart TD',
      '    n1(["Start"])',
      '    n2{"Pressure #gt; 5 #quot;bar#quot;?"}',
      '    n3["Open valve"]',
      '    n1 --> n2',
      '    n2 -->|"yes"| n3',
    ].join('\n');
    expect(done.grounding.baseline).toMatchObject({ provider: 'vlm', status: 'done', mermaid });
    expect((done.grounding.baseline as { intermediate_json: unknown }).intermediate_json).toMatchObject({
      nodes: [
        { id: 'n1', text: 'Start', shape: 'terminator' },
        { id: 'n2', text: 'Pressure > 5 "bar"?', shape: 'decision' },
        { id: 'n3', text: 'Open valve', shape: 'process' },
      ],
      edges: [
        { source: 'n1', target: 'n2', label: null, directed: true },
        { source: 'n2', target: 'n3', label: 'yes', directed: true },
      ],
    });
    // Without an offline flowchart extractor the baseline is the result; with one, it stays beside it.
    if (!t.ctx.extractors.has('flowchart')) expect(done.grounding).toMatchObject({ source: 'vlm', mermaid });
    expect(done.status).toBe('done');
  }, 120_000);

  it('records a failed baseline and keeps the offline result', async () => {
    azure.misbehave = 'fail';
    const res = await post(t, alice, '?component_type=table&baseline_provider=azure_document_intelligence&fix_text_with_vlm=false', png);
    const done = await finished(res.json<Posted>());
    expect(done.status).toBe('done');
    expect(done.grounding.html_table).toBe(PUMPS_HTML);
    expect(done.grounding.baseline).toMatchObject({ provider: 'azure_document_intelligence', status: 'error', error: expect.stringContaining('the analysis failed') as unknown });
  }, 120_000);

  it('remembers the options of an empty record until its image is adopted', async () => {
    const created = (await post(t, alice, '?component_type=table&baseline_provider=google_cloud_vision&fix_text_with_vlm=false', null)).json<Posted>();
    expect(created.component.grounding).toEqual({ extraction_options: { baseline_provider: 'google_cloud_vision', fix_text_with_vlm: false } });
    const upload = (await t.app.inject({ url: `/api/v0/components/${created.component_id}/upload-url`, headers: alice.auth })).json<{ upload_url: string; file_path: string }>();
    const signed = new URL(upload.upload_url);
    await t.app.inject({ method: 'PUT', url: signed.pathname + signed.search, payload: png, headers: { 'content-type': 'application/octet-stream' } });
    const adopted = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${created.component_id}/upload-url`, headers: alice.auth, payload: { file_path: upload.file_path } });
    expect(adopted.statusCode, adopted.body).toBe(200);
    const g = (await finished(adopted.json<Posted>())).grounding;
    expect(g.baseline).toMatchObject({ provider: 'google_cloud_vision', status: 'done' });
    expect(g.text_fix).toEqual({ status: 'off' });
    expect(g.extraction_options).toBeUndefined();
  }, 120_000);

  it('answers 422 naming the missing setting when the provider is not configured, and creates nothing', async () => {
    const bob = await bare.user('bob@example.com');
    const cases: Array<[string, RegExp]> = [
      ['?component_type=table&baseline_provider=azure_document_intelligence', /set PAGELENS_AZURE_DI_ENDPOINT and PAGELENS_AZURE_DI_KEY/],
      ['?component_type=table&baseline_provider=google_cloud_vision', /set PAGELENS_GOOGLE_VISION_API_KEY/],
      ['?component_type=flowchart&baseline_provider=vlm', /needs a vision model.*PAGELENS_LLM_PROVIDER/],
    ];
    for (const [query, message] of cases) {
      for (const image of [png, null]) {
        const res = await post(bare, bob, query, image);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.body).toMatch(message);
        expect(res.json<{ detail: Array<{ loc: string[] }> }>().detail[0]!.loc).toEqual(['query', 'baseline_provider']);
      }
    }
    const unknown = await post(bare, bob, '?component_type=table&baseline_provider=textract', png);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain("Unknown baseline_provider 'textract'; one of: vlm, azure_document_intelligence, google_cloud_vision");
    const count = await bare.ctx.database.db.selectFrom('components').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const blobs = await readdir(path.join(bare.dataDir, 'blobs', 'components'), { recursive: true }).catch(() => []);
    expect(blobs).toEqual([]);
    // Where a service is configured it still reads text only: types without an extractor need vlm.
    if (!t.ctx.extractors.has('schematic')) {
      const res = await post(t, alice, '?component_type=schematic&baseline_provider=google_cloud_vision', png);
      expect(res.statusCode).toBe(422);
      expect(res.body).toContain('reads text and tables only');
    }
  }, 60_000);

  it('records fix_text_with_vlm as a no-op when no vision model is configured', async () => {
    const bob = await bare.user('bob2@example.com');
    const w = await startJobWorker(bare.ctx, silentLog, { concurrency: 1 });
    try {
      const posted = (await post(bare, bob, '?component_type=table', png)).json<Posted>();
      const job = await jobEnded(bare, bob, posted.job_status_id!);
      expect(job.status).toBe('done');
      const done = (await bare.app.inject({ url: `/api/v0/components/${posted.component_id}`, headers: bob.auth })).json<Component>();
      expect(done.grounding.html_table).toBe(PUMPS_HTML);
      expect(done.grounding.text_fix).toEqual({ status: 'skipped', reason: expect.stringContaining('no vision model is configured') as unknown });
      expect(done.grounding.baseline).toBeUndefined();
    } finally {
      await w.stop();
    }
  }, 120_000);
});
