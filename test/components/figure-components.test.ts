// Charts, flowcharts and mind maps through POST /components, end to end: the extractor of the
// type reads the uploaded figure as a job, PUT regenerates the outputs from a correction, and
// component answers read a chart as its data table and a flowchart as its steps.
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { renderChartPng } from '../../src/pipeline/charts/index.js';
import { componentLines } from '../../src/qa/respond.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { jobEnded } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

interface Component {
  id: string;
  component_type: string;
  status: string;
  error: string | null;
  description: string | null;
  grounding: Record<string, unknown>;
}

interface Posted {
  component_id: string;
  job_status_id: string | null;
}

const MONTHS = [
  ['Jan', 12],
  ['Feb', 30],
  ['Mar', 21],
  ['Apr', 8],
] as const;

/** A flowchart drawn by Graphviz (not by PageLens), as PNG. */
function dotPng(source: string): Buffer {
  return execFileSync('dot', ['-Tpng', '-Gdpi=150'], { input: source });
}

const FLOW = `digraph G {
  rankdir=TB; node [fontname="DejaVu Sans", fontsize=14];
  start [label="Start", shape=ellipse];
  check [label="Pressure high", shape=diamond];
  vent [label="Open vent", shape=box];
  done [label="Stop", shape=ellipse];
  start -> check; check -> vent [label="yes"]; check -> done [label="no"]; vent -> done;
}`;

describe.each(DB_KINDS)('figure components (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;

  const post = (query: string, content: Buffer) => {
    const body = multipart({}, [{ field: 'image', filename: 'figure.png', content }]);
    return t.app.inject({ method: 'POST', url: `/api/v0/components${query}`, headers: { ...alice.auth, ...body.headers }, payload: body.payload });
  };
  const get = async (id: string): Promise<Component> => (await t.app.inject({ url: `/api/v0/components/${id}`, headers: alice.auth })).json<Component>();
  const put = (id: string, payload: unknown) => t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}`, headers: alice.auth, payload: payload as object });
  const extracted = async (query: string, png: Buffer): Promise<Component> => {
    const res = await post(query, png);
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json<Posted>();
    const job = await jobEnded(t, alice, posted.job_status_id!);
    expect(job.status, JSON.stringify(job)).toBe('done');
    return get(posted.component_id);
  };

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local'));
    alice = await t.user('alice@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('reads a bar chart into its data table, draws it again, and redraws a corrected table', async () => {
    const png = await renderChartPng({ chart_type: 'bar', table: { columns: ['Month', 'Output'], rows: MONTHS.map((r) => [...r]) } });
    const c = await extracted('?component_type=chart', png);
    expect(c).toMatchObject({ component_type: 'chart', status: 'done', error: null });
    const data = c.grounding.data as { columns: string[]; rows: Array<Array<string | number | null>> };
    // Bars found with their category labels, in their order of size (how close the values come is
    // measured by eval/charts.ts; a missed tick label may cost a category here).
    const found = data.rows.map((r) => String(r[0]));
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.every((m) => MONTHS.some((w) => w[0] === m))).toBe(true);
    const order = (rows: ReadonlyArray<ReadonlyArray<unknown>>): string[] => [...rows].sort((a, b) => Number(a[1]) - Number(b[1])).map((r) => String(r[0]));
    expect(order(data.rows)).toEqual(order(MONTHS).filter((m) => found.includes(m)));
    // In data units: the value axis is read from its tick labels (within 2 % of its 0..30 range).
    for (const r of data.rows) expect(Math.abs(Number(r[1]) - MONTHS.find((m) => m[0] === r[0])![1])).toBeLessThanOrEqual(0.6);
    expect(c.grounding.html_table).toContain(`>${found[0]}<`);
    const drawn = Buffer.from(String(c.grounding.image_base64), 'base64');
    expect((await sharp(drawn).metadata()).format).toBe('png');

    // Questions read the chart as its table: each value named by its category and column.
    const lines = componentLines('', null, [JSON.stringify(c.grounding)], null).map((l) => l.text);
    const last = data.rows.find((r) => r[0] === found.at(-1))!;
    expect(lines).toContain(`${String(last[0])}, ${data.columns[1]}: ${String(last[1])}`);
    expect(lines.some((l) => l.includes('base64') || l.includes('plot_area'))).toBe(false);

    const fixed = await put(c.id, { html_table: '<table><tr><th>Month</th><th>Output</th></tr><tr><td>Jan</td><td>12</td></tr><tr><td>Feb</td><td>45</td></tr></table>' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = fixed.json<Component>();
    expect(after.grounding.data).toEqual({ columns: ['Month', 'Output'], rows: [['Jan', 12], ['Feb', 45]] });
    expect(after.grounding.image_base64).not.toBe(c.grounding.image_base64);
    expect((await put(c.id, { html_table: '<table><tr><td>only a header' })).statusCode).toBe(422);
    expect((await put(c.id, { intermediate_json: { nodes: [], edges: [] } })).json()).toMatchObject({ detail: [{ loc: ['body', 'intermediate_json'] }] });
  }, 120_000);

  it('reads a Graphviz flowchart into a graph, Mermaid and a description; a corrected graph regenerates the Mermaid', async () => {
    const c = await extracted('?component_type=flowchart&include_description=true', dotPng(FLOW));
    expect(c).toMatchObject({ component_type: 'flowchart', status: 'done' });
    const graph = c.grounding.intermediate_json as { nodes: Array<{ id: string; text: string; shape: string }>; edges: Array<{ source: string; target: string; label: string | null }> };
    const text = (id: string): string => graph.nodes.find((n) => n.id === id)?.text ?? '';
    expect(graph.nodes.map((n) => n.text).sort()).toEqual(['Open vent', 'Pressure high', 'Start', 'Stop']);
    // Every connection in its direction; the decision's two branches carry their labels (their
    // exact text is measured by eval/flowcharts.ts: short labels are where OCR errs most).
    const edges = graph.edges.map((e) => `${text(e.source)}>${text(e.target)}`).sort();
    expect(edges).toEqual(['Open vent>Stop', 'Pressure high>Open vent', 'Pressure high>Stop', 'Start>Pressure high']);
    const labels = graph.edges.filter((e) => text(e.source) === 'Pressure high').map((e) => e.label ?? '');
    expect(labels.every((l) => l.trim() !== '')).toBe(true);
    expect(String(c.grounding.mermaid)).toMatch(/^flowchart (TD|TB)/);
    expect(c.description).toMatch(/Start/);

    // Questions read the flowchart as its steps and connections, not as JSON.
    const lines = componentLines('', null, [JSON.stringify(c.grounding)], null).map((l) => l.text);
    expect(lines).toContain('Pressure high -> Open vent (' + String(graph.edges.find((e) => text(e.target) === 'Open vent')?.label) + ')');
    expect(lines.some((l) => l.includes('-->') || l.includes('{"'))).toBe(false);

    const corrected = { ...graph, nodes: graph.nodes.map((n) => (n.text === 'Open vent' ? { ...n, text: 'Open relief valve' } : n)) };
    const fixed = await put(c.id, { intermediate_json: corrected });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(String(fixed.json<Component>().grounding.mermaid)).toContain('Open relief valve');
    const bad = await put(c.id, { intermediate_json: { nodes: [{ id: 'a', shape: 'process', text: 'x', bbox: [0, 0, 1] }], edges: [] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]!.loc).toEqual(['body', 'intermediate_json', 'nodes', 0, 'bbox']);
    expect((await put(c.id, { html_table: '<table><tr><td>x</td></tr></table>' })).statusCode).toBe(422);
  }, 120_000);

  it('reads a mind map into a Mermaid mindmap rooted at its central topic', async () => {
    const png = dotPng(`graph M { layout=neato; overlap=false; node [shape=plaintext, fontname="DejaVu Sans", fontsize=16];
      root [label="Maintenance", fontsize=24, shape=ellipse]; a [label="Pumps"]; b [label="Valves"]; c [label="Filters"];
      root -- a; root -- b; root -- c; }`);
    const c = await extracted('?component_type=mindmap', png);
    expect(c.status).toBe('done');
    const mermaid = String(c.grounding.mermaid);
    expect(mermaid).toMatch(/^mindmap/);
    expect(mermaid).toContain('Maintenance');
    for (const leaf of ['Pumps', 'Valves', 'Filters']) expect(mermaid).toContain(leaf);
  }, 120_000);

  it('refuses what is not an image, and a type without an extractor, creating nothing', async () => {
    const bad = await post('?component_type=chart', Buffer.from('not an image'));
    expect([415, 422]).toContain(bad.statusCode);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=blueprint', headers: alice.auth });
    expect(unknown.statusCode).toBe(422);
  });
});
