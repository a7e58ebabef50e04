// Page image and page helpers through HTTP on a generated page with symbols and text at known
// places: template matches within 2 px, OCR text exact, detected text boxes inside the polygon,
// validation (422), pages out of range (404), a page without an image (render job, 409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import type { BBox } from '../../src/pipeline/types.js';
import { symbolPage, type SymbolPage } from '../fixtures/symbol-page.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { jobEnded, uploadAndProcess } from '../helpers/process.js';
import { silentLog } from '../jobs/helpers.js';

interface Match {
  bbox: BBox;
  score: number;
  scale: number;
  rotation: number;
  is_template: boolean;
}
interface ImageBody {
  status: string;
  image_url: string | null;
  width: number | null;
  height: number | null;
  job_status_id: string | null;
}

const near = (a: BBox, b: BBox, tol = 2): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
const inside = (inner: BBox, outer: BBox, tol = 0): boolean =>
  inner[0] >= outer[0] - tol && inner[1] >= outer[1] - tol && inner[2] <= outer[2] + tol && inner[3] <= outer[3] + tol;

describe.each(DB_KINDS)('page helpers (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let worker: JobWorker;
  let page: SymbolPage;
  let docId = '';

  beforeAll(async () => {
    t = await startTestApp(kind, { PAGELENS_WORKER_POLL_MS: '50' });
    user = await t.user('helpers@example.com');
    other = await t.user('stranger@example.com', { org: 'elsewhere' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
    page = await symbolPage(7);
    const done = await uploadAndProcess(t, user, 'plant.png', page.png);
    expect(done.job.status).toBe('done');
    docId = done.document_id;
  }, 120_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const url = (n: number | string, op: string, id = docId) => `/api/v0/documents/${id}/pages/${n}/${op}`;
  const post = (n: number | string, op: string, payload: unknown, who = user) =>
    t.app.inject({ method: 'POST', url: url(n, op), headers: who.auth, payload: payload as object });
  const getImage = (n: number | string, who = user) => t.app.inject({ method: 'GET', url: url(n, 'image'), headers: who.auth });
  const expect422 = (res: { statusCode: number; body: string; json: <T>() => T }, loc: Array<string | number>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]!.loc).toEqual(loc);
  };

  it('returns the rendered image with its size', async () => {
    const res = await getImage(1);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImageBody>();
    expect(body).toMatchObject({ status: 'rendered', width: 1275, height: 1650, job_status_id: null });
    expect(body.image_url).toMatch(/^http/);
  });

  it('finds every copy of the template symbol, best first, the template itself included', async () => {
    for (const kindName of ['valve', 'pump', 'tank', 'gauge']) {
      const expected = page.symbols.filter((s) => s.kind === kindName);
      const template = expected[2]!.bbox;
      const res = await post(1, 'template-match', { template });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ template: BBox; matches: Match[]; truncated: boolean }>();
      expect(body.truncated).toBe(false);
      expect(body.matches).toHaveLength(expected.length);
      for (const s of expected) expect(body.matches.some((m) => near(m.bbox, s.bbox)), `${kindName} at ${s.bbox.join(',')}`).toBe(true);
      const scores = body.matches.map((m) => m.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(body.matches.filter((m) => m.is_template).map((m) => m.bbox)).toEqual([template]);
      expect(body.matches.every((m) => m.score >= 0.8 && m.scale === 1 && m.rotation === 0)).toBe(true);
    }
  });

  it('limits the search to a region and the count to max_results', async () => {
    const valves = page.symbols.filter((s) => s.kind === 'valve');
    const target = valves[0]!.bbox;
    const region: BBox = [target[0] - 10, target[1] - 10, target[2] + 10, target[3] + 10];
    const res = await post(1, 'template-match', { template: valves[1]!.bbox, search_region: region });
    expect(res.statusCode, res.body).toBe(200);
    const matches = res.json<{ matches: Match[] }>().matches;
    expect(matches).toHaveLength(1);
    expect(near(matches[0]!.bbox, target)).toBe(true);

    const two = await post(1, 'template-match', { template: valves[1]!.bbox, max_results: 2 });
    expect(two.json<{ matches: Match[]; truncated: boolean }>()).toMatchObject({ truncated: true });
    expect(two.json<{ matches: Match[] }>().matches).toHaveLength(2);
  });

  it('matches rotated copies when asked for rotations', async () => {
    const valve = page.symbols.find((s) => s.kind === 'valve')!.bbox;
    // The valve turned a quarter is not a valve at rotation 0; with rotations [0, 90] every valve
    // still comes back (at rotation 0, the better fit) and nothing else does.
    const res = await post(1, 'template-match', { template: valve, rotations: [0, 90], scales: [1] });
    expect(res.statusCode, res.body).toBe(200);
    const matches = res.json<{ matches: Match[] }>().matches;
    expect(matches.filter((m) => m.rotation === 0)).toHaveLength(5);
  });

  it('reads the text of each region, words in reading order with their boxes', async () => {
    const lines = page.text;
    const pad = (b: BBox, p: number): BBox => [b[0] - p, b[1] - p, b[2] + p, b[3] + p];
    const regions = [pad(lines[0]!.bbox, 6), pad(lines[2]!.bbox, 6), [lines[1]!.bbox[0] - 6, lines[1]!.bbox[1] - 6, Math.max(...lines.slice(1).map((l) => l.bbox[2])) + 6, lines[3]!.bbox[3] + 6]];
    const res = await post(1, 'ocr-regions', { regions });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<{ regions: Array<{ bbox: BBox; text: string; words: Array<{ text: string; bbox: BBox }> }> }>().regions;
    expect(out.map((r) => r.text)).toEqual([lines[0]!.text, lines[2]!.text, [lines[1]!.text, lines[2]!.text, lines[3]!.text].join(' ')]);
    expect(out.map((r) => r.bbox)).toEqual(regions);
    const truth = lines[0]!.words;
    expect(out[0]!.words.map((w) => w.text)).toEqual(truth.map((w) => w.text));
    out[0]!.words.forEach((w, i) => expect(near(w.bbox, truth[i]!.bbox), `${w.text} ${w.bbox.join(',')} vs ${truth[i]!.bbox.join(',')}`).toBe(true));
  });

  it('gives an empty text for a region without text', async () => {
    const res = await post(1, 'ocr-regions', { regions: [[1100, 1500, 1200, 1600]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ regions: Array<{ text: string; words: unknown[] }> }>().regions[0]).toMatchObject({ text: '', words: [] });
  });

  it('detects the text lines whose centre lies in the polygon, in page pixels', async () => {
    const [l0, l1, l2] = page.text;
    // A polygon around lines 1 and 2 only (a pentagon, to exercise the point test).
    const x0 = l1!.bbox[0] - 20;
    const x1 = Math.max(l1!.bbox[2], l2!.bbox[2]) + 20;
    const y0 = l1!.bbox[1] - 8;
    const y1 = l2!.bbox[3] + 8;
    const polygon = [[x0, y0], [x1, y0], [x1, y1], [(x0 + x1) / 2, y1 + 4], [x0, y1]];
    const res = await post(1, 'detect-text-in-region', { polygon });
    expect(res.statusCode, res.body).toBe(200);
    const boxes = res.json<{ bboxes: BBox[] }>().bboxes;
    // Each expected line is covered by the detections (a detector may split a line at wide gaps).
    for (const line of [l1!, l2!]) {
      const cover = boxes.filter((b) => b[1] < line.bbox[3] && b[3] > line.bbox[1]);
      expect(cover.length, line.text).toBeGreaterThan(0);
      const union: BBox = [Math.min(...cover.map((b) => b[0])), Math.min(...cover.map((b) => b[1])), Math.max(...cover.map((b) => b[2])), Math.max(...cover.map((b) => b[3]))];
      expect(inside(line.bbox, union, 2), `${line.text}: ${union.join(',')} vs ${line.bbox.join(',')}`).toBe(true);
    }
    expect(boxes.some((b) => b[3] <= l1!.bbox[1] && b[1] < l0!.bbox[3])).toBe(false);
    // Top to bottom.
    expect(boxes.map((b) => b[1])).toEqual([...boxes.map((b) => b[1])].sort((a, b) => a - b));
  });

  it('refuses degenerate rectangles and polygons with 422', async () => {
    const tpl = page.symbols[0]!.bbox;
    expect422(await post(1, 'template-match', { template: [100, 100, 100, 140] }), ['body', 'template']);
    expect422(await post(1, 'template-match', { template: [1250, 100, 1300, 140] }), ['body', 'template']);
    expect422(await post(1, 'template-match', { template: [-5, 0, 1280, 1650] }), ['body', 'template']);
    expect422(await post(1, 'template-match', { template: [10, 10, 40] }), ['body', 'template']);
    expect422(await post(1, 'template-match', { template: [1150, 1550, 1200, 1600] }), ['body', 'template']); // blank
    expect422(await post(1, 'template-match', { template: tpl, scales: [1, 1.5, 2], rotations: [0, 90, 180] }), ['body', 'scales']);
    expect422(await post(1, 'template-match', { template: tpl, rotations: [45] }), ['body', 'rotations', 0]);
    expect422(await post(1, 'template-match', { template: tpl, threshold: 2 }), ['body', 'threshold']);
    expect422(await post(1, 'template-match', { template: tpl, search_region: [0, 0, 20, 20] }), ['body', 'search_region']);
    expect422(await post(1, 'ocr-regions', { regions: [] }), ['body', 'regions']);
    expect422(await post(1, 'ocr-regions', { regions: [[0, 0, 10, 10], [5, 5, 5, 9]] }), ['body', 'regions', 1]);
    expect422(await post(1, 'ocr-regions', { regions: [[0, 0, 1300, 10]] }), ['body', 'regions', 0]);
    expect422(await post(1, 'detect-text-in-region', { polygon: [[0, 0], [10, 10]] }), ['body', 'polygon']);
    expect422(await post(1, 'detect-text-in-region', { polygon: [[0, 0], [100, 100], [100, 0], [0, 100]] }), ['body', 'polygon']);
    expect422(await post(1, 'detect-text-in-region', { polygon: [[0, 0], [50, 50], [100, 100]] }), ['body', 'polygon']);
    expect422(await post(1, 'detect-text-in-region', { polygon: [[0, 0], [1300, 0], [0, 100]] }), ['body', 'polygon', 1]);
  });

  it('answers 404 for pages out of range and documents the caller cannot see', async () => {
    for (const n of [0, 2, -1]) {
      expect((await getImage(n)).statusCode).toBe(404);
      expect((await post(n, 'template-match', { template: page.symbols[0]!.bbox })).statusCode).toBe(404);
    }
    expect((await getImage(1, other)).statusCode).toBe(404);
    expect((await post(1, 'ocr-regions', { regions: [[0, 0, 10, 10]] }, other)).statusCode).toBe(404);
    expect((await getImage('x')).statusCode).toBe(422);
  });

  it('renders a page that has no image through one job, and helpers wait for it (409)', async () => {
    const db = t.ctx.database.db;
    await db.updateTable('pages').set({ image_key: null }).where('document_id', '=', docId).execute();
    expect((await post(1, 'template-match', { template: page.symbols[0]!.bbox })).statusCode).toBe(409);
    const first = await getImage(1);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<ImageBody>();
    expect(body).toMatchObject({ status: 'rendering', image_url: null });
    expect(body.job_status_id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await getImage(1);
    expect(again.json<ImageBody>().job_status_id).toBe(body.job_status_id);
    const job = await jobEnded(t, user, body.job_status_id!, 60_000);
    expect(job.status).toBe('done');
    const after = (await getImage(1)).json<ImageBody>();
    expect(after).toMatchObject({ status: 'rendered', width: 1275, height: 1650, job_status_id: null });
    const match = await post(1, 'template-match', { template: page.symbols[0]!.bbox });
    expect(match.statusCode).toBe(200);
    // Exactly one page row, still holding its text.
    const rows = await db.selectFrom('pages').select(['text']).where('document_id', '=', docId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toContain('Pump');
  });

  it('treats every page as missing before processing has counted the pages', async () => {
    const db = t.ctx.database.db;
    await db.updateTable('documents').set({ page_count: 0 }).where('id', '=', docId).execute();
    try {
      const res = await getImage(1);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ detail: string }>().detail).toMatch(/not known until its processing/);
    } finally {
      await db.updateTable('documents').set({ page_count: 1 }).where('id', '=', docId).execute();
    }
  });
});
