// POST /components with a table image (ruled and borderless, drawn in the test), the empty record
// filled through a signed upload, the errors (415, 413, 422) that leave nothing behind, and who
// may see a standalone component. Extraction runs as a job on a real worker with real OCR.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredComponentUploads } from '../../src/components/create-service.js';
import { inTransaction } from '../../src/db/tx.js';
import type { StepContext } from '../../src/jobs/kinds.js';
import type { StepPorts } from '../../src/context.js';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { extractComponentKind } from '../../src/processing/component-kind.js';
import { renderTableImage } from '../fixtures/table-image.js';
import { samplePdf } from '../fixtures/files.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { jobEnded } from '../helpers/process.js';
import { queueEnv, silentLog } from '../jobs/helpers.js';

interface Cell {
  row: number;
  col: number;
  row_span: number;
  col_span: number;
  text: string;
  bbox: number[] | null;
  header: boolean;
}

interface Component {
  id: string;
  component_type: string;
  status: string;
  document_id: string | null;
  image_url: string | null;
  error: string | null;
  grounding: { html_table?: string; rows?: number; cols?: number; header_rows?: number; source?: string; cells?: Cell[]; image_width?: number };
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
  ['P-103', '(12)', 'New'],
];
const PUMPS_HTML =
  '<table><thead><tr><th>Pump</th><th>Hours</th><th>Status</th></tr></thead><tbody>' +
  '<tr><td>P-101</td><td>1,200</td><td>OK</td></tr><tr><td>P-102</td><td>800.5</td><td>Worn</td></tr><tr><td>P-103</td><td>(12)</td><td>New</td></tr></tbody></table>';

describe.each(DB_KINDS)('POST /components (%s)', (kind) => {
  let t: TestApp;
  let worker: JobWorker;
  let alice: TestUser;
  let bob: TestUser;
  let eve: TestUser;
  let ruledPng: Buffer;

  const post = (user: TestUser, query: string, files: Array<{ filename: string; content: Buffer; field?: string }>) => {
    const body = multipart({}, files.map((f) => ({ field: 'image', ...f })));
    return t.app.inject({ method: 'POST', url: `/api/v0/components${query}`, headers: { ...user.auth, ...body.headers }, payload: body.payload });
  };
  const get = (user: TestUser, id: string) => t.app.inject({ url: `/api/v0/components/${id}`, headers: user.auth });
  const finished = async (user: TestUser, posted: Posted): Promise<Component> => {
    expect(posted.job_status_id).not.toBeNull();
    const job = await jobEnded(t, user, posted.job_status_id!);
    expect(job.status, JSON.stringify(job)).toBe('done');
    return (await get(user, posted.component_id)).json<Component>();
  };
  /** Every stored blob under components/ (standalone components' files). */
  const componentBlobs = async (): Promise<string[]> => {
    const dir = path.join(t.dataDir, 'blobs', 'components');
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
  };
  const componentCount = async (): Promise<number> =>
    Number((await t.ctx.database.db.selectFrom('components').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp(kind, queueEnv('local', { PAGELENS_MAX_UPLOAD_MB: '1' }));
    alice = await t.user('alice@example.com');
    bob = await t.user('bob@example.com');
    eve = await t.user('eve@example.com', { org: 'evil' });
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
    ruledPng = await renderTableImage(PUMPS, { ruled: true });
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('extracts a ruled table image into HTML and a cell grid, as a job', async () => {
    const res = await post(alice, '?component_type=table', [{ filename: 'pumps.png', content: ruledPng }]);
    expect(res.statusCode, res.body).toBe(200);
    const posted = res.json<Posted>();
    expect(posted.component).toMatchObject({ id: posted.component_id, component_type: 'table', document_id: null, grounding: {} });
    expect(['pending', 'processing', 'done']).toContain(posted.component.status);
    expect(posted.component.image_url).toMatch(/^http/);
    const done = await finished(alice, posted);
    expect(done.status).toBe('done');
    expect(done.error).toBeNull();
    expect(done.grounding).toMatchObject({ html_table: PUMPS_HTML, rows: 4, cols: 3, header_rows: 1, source: 'pipeline' });
    const cells = done.grounding.cells!;
    expect(cells.map((c) => [c.row, c.col, c.text, c.header])).toEqual(PUMPS.flatMap((r, i) => r.map((text, k) => [i, k, text, i === 0])));
    // Boxes in image pixels: "1,200" sits in row 1 (y 104..168), column 1 (x 300..560) of the drawing.
    const [x0, y0, x1, y1] = cells.find((c) => c.text === '1,200')!.bbox!;
    expect(x0).toBeGreaterThanOrEqual(300);
    expect(x1).toBeLessThanOrEqual(560);
    expect(y0).toBeGreaterThanOrEqual(104);
    expect(y1).toBeLessThanOrEqual(168);
    // Questions about the component read its cell grid.
    const asked = await t.app.inject({ method: 'POST', url: `/api/v0/components/${posted.component_id}/responses`, headers: alice.auth, payload: { question: 'How many hours does pump P-102 have?' } });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ answer: string; not_found: boolean }>()).toMatchObject({ not_found: false, answer: expect.stringContaining('800.5') as unknown });
  }, 120_000);

  it('extracts a borderless table (JPEG) from the alignment of its text', async () => {
    const sharp = (await import('sharp')).default;
    const rows = [
      ['Region', 'Sales', 'Margin'],
      ['North', '1,024', '-3.5'],
      ['South', '977', '12.0'],
    ];
    const jpeg = await sharp(await renderTableImage(rows, { ruled: false, colWidth: 280 })).jpeg({ quality: 92 }).toBuffer();
    const res = await post(alice, '?component_type=table', [{ filename: 'regions.jpg', content: jpeg }]);
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(alice, res.json<Posted>());
    expect(done.grounding.html_table).toBe(
      '<table><thead><tr><th>Region</th><th>Sales</th><th>Margin</th></tr></thead><tbody>' +
        '<tr><td>North</td><td>1,024</td><td>-3.5</td></tr><tr><td>South</td><td>977</td><td>12.0</td></tr></tbody></table>',
    );
  }, 120_000);

  it('stores an image without table text as degraded, saying so (never an invented table)', async () => {
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const posted = (await post(alice, '?component_type=table', [{ filename: 'blank.png', content: blank }])).json<Posted>();
    const done = await finished(alice, posted);
    expect(done).toMatchObject({ status: 'degraded', error: 'No table text was recognised in the image' });
    expect(done.grounding.cells).toEqual([]);
  }, 120_000);

  it('ends the record in error, with the reason, when the stored image cannot be read', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=table', headers: alice.auth })).json<Posted>().component_id;
    // Bytes that were never checked (written straight to storage): the job is the last line of defence.
    const key = `components/${id}/source-broken.png`;
    await t.ctx.storage.putBuffer(key, ruledPng.subarray(0, 200));
    const { db } = t.ctx.database;
    await db.updateTable('components').set({ image_key: key }).where('id', '=', id).execute();
    const ctx: StepContext<StepPorts> = {
      ports: t.ctx,
      jobId: 'direct',
      documentId: null,
      commit: (fn) => inTransaction(db, ({ trx }) => fn(trx)),
      checkpoint: () => Promise.resolve(),
    };
    const payload = extractComponentKind.parse({ component_id: id, image_key: key });
    await expect(extractComponentKind.run(ctx, payload)).rejects.toThrow(/malformed|truncated/);
    const after = (await get(alice, id)).json<Component>();
    expect(after.status).toBe('error');
    expect(after.error).toMatch(/PNG image is malformed or truncated/);
    expect(after.grounding).toEqual({});
    // A job for an image the component no longer has writes nothing.
    await db.updateTable('components').set({ status: 'pending', error: null }).where('id', '=', id).execute();
    await extractComponentKind.run(ctx, extractComponentKind.parse({ component_id: id, image_key: `components/${id}/older.png` }));
    expect((await get(alice, id)).json<Component>()).toMatchObject({ status: 'pending', error: null });
  });

  it('creates an empty record without an image, then extracts what is uploaded to its signed URL', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=table', headers: alice.auth });
    expect(empty.statusCode, empty.body).toBe(200);
    const created = empty.json<Posted>();
    expect(created.job_status_id).toBeNull();
    expect(created.component).toMatchObject({ status: 'pending', image_url: null, document_id: null, grounding: {} });
    const id = created.component_id;

    const issued = await t.app.inject({ url: `/api/v0/components/${id}/upload-url`, headers: alice.auth });
    expect(issued.statusCode, issued.body).toBe(200);
    const upload = issued.json<{ component_id: string; upload_url: string; method: string; file_path: string; max_bytes: number }>();
    expect(upload).toMatchObject({ component_id: id, method: 'PUT', max_bytes: 1024 * 1024 });
    const signed = new URL(upload.upload_url);
    const put = await t.app.inject({ method: 'PUT', url: signed.pathname + signed.search, payload: ruledPng, headers: { 'content-type': 'application/octet-stream' } });
    expect(put.statusCode, put.body).toBeLessThan(300);

    const adopt = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}/upload-url`, headers: alice.auth, payload: { file_path: upload.file_path, file_name: 'scan.png' } });
    expect(adopt.statusCode, adopt.body).toBe(200);
    const adopted = adopt.json<Posted>();
    expect(adopted.component_id).toBe(id);
    const done = await finished(alice, adopted);
    expect(done.grounding.html_table).toBe(PUMPS_HTML);
    expect(done.image_url).toMatch(/^http/);
    // The upload was copied to the component's own key and used up.
    expect(await t.ctx.storage.head(upload.file_path)).toBeNull();
    const again = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}/upload-url`, headers: alice.auth, payload: { file_path: upload.file_path } });
    expect(again.statusCode).toBe(422);
  }, 120_000);

  it('rejects an upload-url image of the wrong type with 415 and deletes it; nothing uploaded is a 409', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=table', headers: alice.auth })).json<Posted>().component_id;
    const issue = async () => (await t.app.inject({ url: `/api/v0/components/${id}/upload-url`, headers: alice.auth })).json<{ file_path: string }>().file_path;
    const adopt = (filePath: string) => t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}/upload-url`, headers: alice.auth, payload: { file_path: filePath } });
    const key = await issue();
    expect((await adopt(key)).statusCode).toBe(409);
    await t.ctx.storage.putBuffer(key, samplePdf('not an image'));
    const res = await adopt(key);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Unsupported image type: accepted are PNG, JPEG, WebP and GIF' });
    expect(await t.ctx.storage.head(key)).toBeNull();
    expect((await adopt(key)).statusCode).toBe(422);
    const truncated = await issue();
    await t.ctx.storage.putBuffer(truncated, ruledPng.subarray(0, Math.floor(ruledPng.length / 2)));
    const bad = await adopt(truncated);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: Array<{ loc: string[] }> }>().detail[0]!.loc).toEqual(['body', 'file_path']);
    const after = (await get(alice, id)).json<Component>();
    expect(after).toMatchObject({ status: 'pending', image_url: null });
  });

  it('forgets upload URLs that expired unused, with what was put there', async () => {
    const id = (await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=table', headers: alice.auth })).json<Posted>().component_id;
    const key = (await t.app.inject({ url: `/api/v0/components/${id}/upload-url`, headers: alice.auth })).json<{ file_path: string }>().file_path;
    await t.ctx.storage.putBuffer(key, ruledPng);
    const { db } = t.ctx.database;
    expect(await sweepExpiredComponentUploads(db, t.ctx.storage, new Date())).toBe(0);
    const later = new Date(Date.now() + (t.ctx.config.signedUrlTtlSeconds + 1) * 1000);
    expect(await sweepExpiredComponentUploads(db, t.ctx.storage, later)).toBe(1);
    expect(await t.ctx.storage.head(key)).toBeNull();
    const adopt = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}/upload-url`, headers: alice.auth, payload: { file_path: key } });
    expect(adopt.statusCode).toBe(422);
  });

  it('answers 415, 413 and 422 for bad images and types, leaving no record and no file', async () => {
    const records = await componentCount();
    const blobs = await componentBlobs();
    const pdf = await post(alice, '?component_type=table', [{ filename: 'x.png', content: samplePdf('a pdf') }]);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ detail: 'Unsupported image type: accepted are PNG, JPEG, WebP and GIF' });
    const sharp = (await import('sharp')).default;
    const tiff = await sharp(ruledPng).tiff().toBuffer();
    expect((await post(alice, '?component_type=table', [{ filename: 'x.tif', content: tiff }])).json()).toEqual({
      detail: 'Unsupported image type (TIFF): accepted are PNG, JPEG, WebP and GIF',
    });

    const big = Buffer.concat([ruledPng, Buffer.alloc(1024 * 1024 + 1)]);
    expect((await post(alice, '?component_type=table', [{ filename: 'big.png', content: big }])).statusCode).toBe(413);

    const truncated = await post(alice, '?component_type=table', [{ filename: 'cut.png', content: ruledPng.subarray(0, Math.floor(ruledPng.length / 2)) }]);
    expect(truncated.statusCode).toBe(422);
    const detail = truncated.json<{ detail: Array<{ loc: string[]; msg: string }> }>().detail[0]!;
    expect(detail.loc).toEqual(['body', 'image']);
    expect(detail.msg).toMatch(/PNG image is malformed or truncated/);

    const unknownType = await post(alice, '?component_type=photo', [{ filename: 'pumps.png', content: ruledPng }]);
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json<{ detail: Array<{ loc: string[] }> }>().detail[0]!.loc).toEqual(['query', 'component_type']);
    const json = await t.app.inject({ method: 'POST', url: '/api/v0/components?component_type=table', headers: alice.auth, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    const twoFiles = await post(alice, '?component_type=table', [
      { filename: 'a.png', content: ruledPng },
      { filename: 'b.png', content: ruledPng, field: 'other' },
    ]);
    expect(twoFiles.statusCode).toBe(422);
    expect(await componentCount()).toBe(records);
    expect(await componentBlobs()).toEqual(blobs);
  });

  it('shows a standalone component to its owner only; a correction replaces its cell grid; delete removes its files', async () => {
    const posted = (await post(alice, '?component_type=table', [{ filename: 'pumps.png', content: ruledPng }])).json<Posted>();
    const done = await finished(alice, posted);
    const id = posted.component_id;
    for (const other of [bob, eve]) {
      expect((await get(other, id)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/v0/components/${id}/upload-url`, headers: other.auth })).statusCode).toBe(404);
      const put = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}`, headers: other.auth, payload: { html_table: '<table><tr><td>x</td></tr></table>' } });
      expect(put.statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/v0/components/not-a-uuid/upload-url', headers: alice.auth })).statusCode).toBe(404);

    const corrected = '<table><thead><tr><th>Pump</th><th>Hours</th></tr></thead><tbody><tr><td>P-101</td><td>1,200</td></tr></tbody></table>';
    const put = await t.app.inject({ method: 'PUT', url: `/api/v0/components/${id}`, headers: alice.auth, payload: { html_table: corrected } });
    expect(put.statusCode, put.body).toBe(200);
    const fixed = put.json<Component>();
    expect(fixed.grounding).toMatchObject({ html_table: corrected, rows: 2, cols: 2, source: 'manual' });
    expect(fixed.grounding.cells!.map((c) => [c.row, c.col, c.text])).toEqual([[0, 0, 'Pump'], [0, 1, 'Hours'], [1, 0, 'P-101'], [1, 1, '1,200']]);
    // Cells in the same place keep the boxes the extractor found.
    expect(fixed.grounding.cells![3]!.bbox).toEqual(done.grounding.cells!.find((c) => c.row === 1 && c.col === 1)!.bbox);

    expect((await componentBlobs()).some((b) => b.startsWith(`${id}/`))).toBe(true);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v0/components/${id}`, headers: alice.auth });
    expect(del.statusCode).toBe(200);
    expect((await componentBlobs()).some((b) => b.startsWith(`${id}/`))).toBe(false);
    expect((await get(alice, id)).statusCode).toBe(404);
  }, 120_000);
});
