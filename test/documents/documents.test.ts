// Documents through HTTP on both databases: upload, list, get, update, delete, file replacement,
// formats, validation bounds and the error shapes.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf, samplePng } from '../fixtures/files.js';

interface DocBody {
  id: string;
  name: string;
  file_type: string;
  file_path: string;
  file_url: string;
  version: number;
  visibility: string;
  tags?: string[];
  folder_id: string | null;
}

async function listBlobFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out.filter((p) => !p.startsWith('.tmp'));
}

describe.each(DB_KINDS)('documents (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await t.user('alice@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(user: TestUser, fields: Record<string, string | string[]> = {}, file = samplePdf(), filename = 'report.pdf') {
    const body = multipart(fields, [{ filename, content: file }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  }

  it('uploads a PDF, sniffs its type and returns the document and a job status', async () => {
    const res = await upload(alice, { name: 'Quarterly', tags: 'Finance, q3' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ document_id: string; job_status_id: string; document: DocBody }>();
    expect(body.document.id).toBe(body.document_id);
    expect(body.job_status_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.document).toMatchObject({ name: 'Quarterly', file_type: 'pdf', version: 1, visibility: 'private' });
    const get = await t.app.inject({ url: `/api/v0/documents/${body.document_id}`, headers: alice.auth });
    expect(get.statusCode).toBe(200);
    expect(get.json<DocBody>().tags).toEqual(['Finance', 'q3']);
  });

  it('detects the format by content, not by the file name', async () => {
    const res = await upload(alice, {}, samplePng(), 'looks-like.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ document: DocBody }>().document.file_type).toBe('png');
  });

  it('answers 415 for an unsupported file and stores nothing', async () => {
    const before = await listBlobFiles(path.join(t.dataDir, 'blobs'));
    const res = await upload(alice, {}, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0]), 'x.pdf');
    expect(res.statusCode).toBe(415);
    expect(res.json<{ detail: string }>().detail).toMatch(/Unsupported/);
    expect(await listBlobFiles(path.join(t.dataDir, 'blobs'))).toEqual(before);
    expect(await readdir(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers 422 when the file part is missing or a field is invalid', async () => {
    const noFile = multipart({ name: 'x' }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...alice.auth, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }] });
    const badFolder = await upload(alice, { folder_id: 'nope' });
    expect(badFolder.statusCode).toBe(422);
    const badVis = await upload(alice, { visibility: 'public' });
    expect(badVis.statusCode).toBe(422);
    expect(await readdir(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('answers 404 for a folder that does not exist and leaves no blob behind', async () => {
    const before = await listBlobFiles(path.join(t.dataDir, 'blobs'));
    const res = await upload(alice, { folder_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(await listBlobFiles(path.join(t.dataDir, 'blobs'))).toEqual(before);
  });

  it('lists with bounds, a total count and filters', async () => {
    const bob = await t.user('bob.list@example.com');
    for (let i = 0; i < 3; i++) expect((await upload(bob, { tags: i === 0 ? 'Special' : 'plain' })).statusCode).toBe(200);
    const page = await t.app.inject({ url: '/api/v0/documents?limit=2&offset=0', headers: bob.auth });
    expect(page.json()).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.json<{ documents: unknown[] }>().documents).toHaveLength(2);
    const rest = await t.app.inject({ url: '/api/v0/documents?limit=2&offset=2', headers: bob.auth });
    expect(rest.json<{ documents: unknown[] }>().documents).toHaveLength(1);
    const tagged = await t.app.inject({ url: '/api/v0/documents?tag_name=special', headers: bob.auth });
    expect(tagged.json()).toMatchObject({ total: 1 });
    const owned = await t.app.inject({ url: `/api/v0/documents?owner_id=${alice.id}`, headers: bob.auth });
    expect(owned.json()).toMatchObject({ total: 0 });
    for (const q of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'folder_id=xyz', 'owner_id=1', 'knowledge_base_id=2']) {
      const res = await t.app.inject({ url: `/api/v0/documents?${q}`, headers: bob.auth });
      expect(res.statusCode, q).toBe(422);
      const detail = res.json<{ detail: Array<{ loc: string[] }> }>().detail;
      expect(detail[0]?.loc[0]).toBe('query');
    }
    const ok = await t.app.inject({ url: '/api/v0/documents?limit=200', headers: bob.auth });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 422 for non-UUID ids and 404 for unknown ones', async () => {
    const bad = await t.app.inject({ url: '/api/v0/documents/123', headers: alice.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      detail: [{ loc: ['path', 'document_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }],
    });
    const missing = await t.app.inject({ url: '/api/v0/documents/7d0c6d43-31a5-4b7c-9a52-7b1a7e2f8f11', headers: alice.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Document not found' });
  });

  it('updates name, visibility and summary; rejects bad bodies with 422', async () => {
    const id = (await upload(alice)).json<{ document_id: string }>().document_id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/documents/${id}`,
      headers: alice.auth,
      payload: { name: 'Renamed', visibility: 'organization', summary: 'A report.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', visibility: 'organization', summary: 'A report.', tags: [] });
    for (const payload of [{ name: '' }, { visibility: 'world' }, { folder_id: 'x' }, { name: 5 }]) {
      const r = await t.app.inject({ method: 'PUT', url: `/api/v0/documents/${id}`, headers: alice.auth, payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/documents/${id}`,
      headers: { ...alice.auth, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(422);
  });

  it('replaces the file: version + 1, a new job, the old blob deleted', async () => {
    const first = (await upload(alice)).json<{ document: DocBody }>().document;
    const body = multipart({}, [{ filename: 'new.png', content: samplePng() }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/documents/${first.id}/file`,
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const out = res.json<{ document: DocBody; job_status_id: string }>();
    expect(out.document).toMatchObject({ version: 2, file_type: 'png' });
    const blobs = await listBlobFiles(path.join(t.dataDir, 'blobs'));
    expect(blobs).toContain(out.document.file_path);
    expect(blobs).not.toContain(first.file_path);
  });

  it('deletes a document with its blobs and derived records', async () => {
    const doc = (await upload(alice, { tags: 'gone' })).json<{ document: DocBody }>().document;
    expect(await listBlobFiles(path.join(t.dataDir, 'blobs'))).toContain(doc.file_path);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: doc.id, deleted: true });
    expect((await listBlobFiles(path.join(t.dataDir, 'blobs'))).filter((p) => p.includes(doc.id))).toEqual([]);
    const { db } = t.ctx.database;
    expect(await db.selectFrom('document_tags').selectAll().where('document_id', '=', doc.id).execute()).toEqual([]);
    expect(await db.selectFrom('job_statuses').selectAll().where('document_id', '=', doc.id).execute()).toEqual([]);
    expect(await db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect(again.statusCode).toBe(404);
  });

  it('serves the file through its signed URL, and refuses a tampered or wrong-method URL', async () => {
    const doc = (await upload(alice)).json<{ document: DocBody }>().document;
    const url = new URL(doc.file_url);
    const res = await t.app.inject({ url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(samplePdf())).toBe(true);
    const signature = url.searchParams.get('signature') ?? '';
    const forged = new URL(url);
    forged.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
    const tampered = await t.app.inject({ url: forged.pathname + forged.search });
    expect(tampered.statusCode).toBe(403);
    const put = await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: 'x' });
    expect(put.statusCode).toBe(403);
  });

  it('lists the formats it accepts', async () => {
    const res = await t.app.inject({ url: '/api/v0/documents/formats', headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const types = res.json<{ formats: Array<{ file_type: string }> }>().formats.map((f) => f.file_type);
    expect(types).toEqual(expect.arrayContaining(['pdf', 'png', 'jpeg', 'tiff', 'webp', 'gif', 'bmp', 'html', 'markdown', 'text']));
  });
});
