// Documents with their blobs in S3 (s3rver), through HTTP on both databases: upload, presigned
// file_url, the direct-upload flow and deletion. Then the direct-upload flow on local storage,
// where the signed URL points at the app itself, with its refusals (413, 415, 422, 409).
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf, samplePng } from '../fixtures/files.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { startS3, type TestS3 } from '../helpers/s3.js';

interface DocBody {
  id: string;
  file_type: string;
  file_path: string;
  file_url: string;
  version: number;
}

interface IssuedUpload {
  document_id: string;
  upload_url: string;
  method: string;
  fields: Record<string, string>;
  file_path: string;
  expires_at: string;
  max_bytes: number;
}

const MIB = 1024 * 1024;
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

/** The HTTP steps shared by both storage backends. */
function documentsClient(get: () => TestApp) {
  return {
    async upload(user: TestUser, file = samplePdf(), filename = 'report.pdf'): Promise<DocBody> {
      const body = multipart({}, [{ filename, content: file }]);
      const res = await get().app.inject({
        method: 'POST',
        url: '/api/v0/documents',
        headers: { ...user.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ document: DocBody }>().document;
    },
    async issue(user: TestUser, id: string): Promise<IssuedUpload> {
      const res = await get().app.inject({ url: `/api/v0/documents/${id}/upload-url`, headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<IssuedUpload>();
    },
    adopt(user: TestUser, id: string, payload: { file_path: string; file_name?: string }) {
      return get().app.inject({ method: 'PUT', url: `/api/v0/documents/${id}/upload-url`, headers: user.auth, payload });
    },
    async download(url: string): Promise<Buffer> {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    },
  };
}

/** Uploads as the issued upload says: a form POST of its fields then the file, or a raw PUT. */
async function uploadTo(issued: IssuedUpload, content: Buffer): Promise<boolean> {
  if (issued.method === 'PUT') return (await putTo(issued.upload_url, content)) === 200;
  const form = new FormData();
  for (const [name, value] of Object.entries(issued.fields)) form.append(name, value);
  form.append('file', new Blob([content]), 'upload.bin');
  const res = await fetch(issued.upload_url, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.ok;
}

async function putTo(url: string, body: Buffer): Promise<number> {
  const res = await fetch(url, { method: 'PUT', body });
  await res.arrayBuffer();
  return res.status;
}

describe.each(DB_KINDS)('documents on S3 (%s)', (kind) => {
  let s3: TestS3;
  let t: TestApp;
  let alice: TestUser;
  const docs = documentsClient(() => t);

  beforeAll(async () => {
    s3 = await startS3({ prefix: 'pagelens' });
    t = await startTestApp(kind, { PAGELENS_STORAGE_URL: s3.url, ...s3.env, PAGELENS_MAX_UPLOAD_MB: '1' });
    alice = await t.user('alice@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('is ready when the bucket answers', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.json()).toMatchObject({ checks: { storage: 'ok' } });
  });

  it('stores an uploaded PDF in the bucket and serves it through a presigned file_url', async () => {
    const doc = await docs.upload(alice);
    expect(doc.file_path).toMatch(new RegExp(`^documents/${doc.id}/files/[0-9a-f-]{36}\\.pdf$`));
    expect(await s3.keys(`pagelens/documents/${doc.id}/`)).toEqual([`pagelens/${doc.file_path}`]);
    const url = new URL(doc.file_url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/pagelens/${doc.file_path}`);
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect((await docs.download(doc.file_url)).equals(samplePdf())).toBe(true);
    const again = await t.app.inject({ url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect((await docs.download(again.json<DocBody>().file_url)).equals(samplePdf())).toBe(true);
  });

  it('replaces the file through a presigned upload: version 2, the old blob gone', async () => {
    const first = await docs.upload(alice);
    const issued = await docs.issue(alice, first.id);
    expect(issued).toMatchObject({ document_id: first.id, method: 'POST', max_bytes: MIB });
    expect(issued.file_path).toMatch(new RegExp(`^documents/${first.id}/uploads/[0-9a-f-]{36}$`));
    expect(new URL(issued.upload_url).pathname).toBe(`/${s3.bucket}`);
    expect(issued.fields.key).toBe(`pagelens/${issued.file_path}`);
    expect(Date.parse(issued.expires_at)).toBeGreaterThan(Date.now());

    expect(await uploadTo(issued, samplePng())).toBe(true);
    const res = await docs.adopt(alice, first.id, { file_path: issued.file_path, file_name: 'scan.png' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<{ document_id: string; job_status_id: string; document: DocBody }>().document;
    expect(doc).toMatchObject({ id: first.id, version: 2, file_type: 'png' });
    // The checked bytes move to a file key of their own; the old file and the upload blob are gone.
    expect(doc.file_path).toMatch(new RegExp(`^documents/${first.id}/files/[0-9a-f-]{36}\\.png$`));
    expect(await s3.keys(`pagelens/documents/${first.id}/`)).toEqual([`pagelens/${doc.file_path}`]);
    expect((await docs.download(doc.file_url)).equals(samplePng())).toBe(true);
    // The upload was used up: the same file_path cannot be adopted twice.
    expect((await docs.adopt(alice, first.id, { file_path: issued.file_path })).statusCode).toBe(422);
  });

  it('keeps the adopted file when the still-valid upload URL is used again', async () => {
    const first = await docs.upload(alice);
    const issued = await docs.issue(alice, first.id);
    expect(await uploadTo(issued, samplePng())).toBe(true);
    const doc = (await docs.adopt(alice, first.id, { file_path: issued.file_path })).json<{ document: DocBody }>().document;
    expect(await uploadTo(issued, ELF)).toBe(true);
    expect((await docs.download(doc.file_url)).equals(samplePng())).toBe(true);
    expect((await docs.adopt(alice, first.id, { file_path: issued.file_path })).statusCode).toBe(422);
  });

  it('signs the size limit into the upload: a POST policy with content-length-range up to max_bytes', async () => {
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    const f = issued.fields;
    const policy = JSON.parse(Buffer.from(f.Policy ?? '', 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toContainEqual(['content-length-range', 0, MIB]);
    expect(policy.conditions).toContainEqual({ key: `pagelens/${issued.file_path}` });
    expect(policy.conditions).toContainEqual({ bucket: s3.bucket });
    expect(Math.abs(Date.parse(policy.expiration) - Date.parse(issued.expires_at))).toBeLessThan(5000);
    // The signature covers the policy (SigV4 over the base64 policy), so the bound cannot be edited
    // away: recomputed here with the test server's secret.
    const [accessKey, day, region, service] = (f['X-Amz-Credential'] ?? '').split('/');
    expect(accessKey).toBe('S3RVER');
    const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();
    const signingKey = hmac(hmac(hmac(hmac('AWS4S3RVER', day!), region!), service!), 'aws4_request');
    expect(f['X-Amz-Signature']).toBe(createHmac('sha256', signingKey).update(f.Policy ?? '').digest('hex'));
    expect(f['X-Amz-Algorithm']).toBe('AWS4-HMAC-SHA256');
  });

  it('still refuses at adoption an upload over the limit that a store let through, and deletes it', async () => {
    // s3rver does not evaluate POST policies (S3 itself answers EntityTooLarge), so the oversize
    // body lands there; the adoption check is the second line of defence.
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    expect(await uploadTo(issued, Buffer.alloc(MIB + 1, 0x41))).toBe(true);
    const res = await docs.adopt(alice, doc.id, { file_path: issued.file_path });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: `File too large: the limit is ${MIB} bytes` });
    expect(await s3.keys(`pagelens/documents/${doc.id}/`)).toEqual([`pagelens/${doc.file_path}`]);
    const now = await t.app.inject({ url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect(now.json<DocBody>()).toMatchObject({ version: 1, file_path: doc.file_path });
  });

  it('deletes every object under documents/<id>/ with the document, and nothing else', async () => {
    const other = await docs.upload(alice);
    const doc = await docs.upload(alice);
    // A replaced file, plus an upload that was put but never adopted: both live under the prefix.
    const adopted = await docs.issue(alice, doc.id);
    expect(await uploadTo(adopted, samplePng())).toBe(true);
    expect((await docs.adopt(alice, doc.id, { file_path: adopted.file_path })).statusCode).toBe(200);
    const orphan = await docs.issue(alice, doc.id);
    expect(await uploadTo(orphan, samplePdf())).toBe(true);
    expect(await s3.keys(`pagelens/documents/${doc.id}/`)).toHaveLength(2);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(await s3.keys(`pagelens/documents/${doc.id}/`)).toEqual([]);
    expect(await s3.keys(`pagelens/documents/${other.id}/`)).toEqual([`pagelens/${other.file_path}`]);
    expect(await t.ctx.database.db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
  });
});

async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out.sort();
}

describe.each(DB_KINDS)('direct upload on local storage (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let blobs: string;
  const docs = documentsClient(() => t);

  beforeAll(async () => {
    // The signed URL points at PAGELENS_PUBLIC_URL, so the app must really listen there.
    t = await startTestApp(kind, { PAGELENS_MAX_UPLOAD_MB: '1' }, { listen: true });
    alice = await t.user('alice@example.com');
    blobs = path.join(t.dataDir, 'blobs');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replaces the file through a signed upload URL served by the app', async () => {
    const first = await docs.upload(alice);
    const issued = await docs.issue(alice, first.id);
    expect(issued.upload_url.startsWith(`${t.baseUrl}/storage/documents/${first.id}/uploads/`)).toBe(true);
    expect(issued).toMatchObject({ method: 'PUT', fields: {} });
    expect(await putTo(issued.upload_url, samplePng())).toBe(200);
    const res = await docs.adopt(alice, first.id, { file_path: issued.file_path });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json<{ document: DocBody }>().document;
    expect(doc).toMatchObject({ version: 2, file_type: 'png' });
    expect(doc.file_path).toMatch(new RegExp(`^documents/${first.id}/files/[0-9a-f-]{36}\\.png$`));
    expect((await listFiles(blobs)).filter((f) => f.includes(first.id))).toEqual([doc.file_path]);
    expect((await docs.download(doc.file_url)).equals(samplePng())).toBe(true);
    // The URL stays valid until it expires, but what it writes now is never the document's file.
    expect(await putTo(issued.upload_url, ELF)).toBe(200);
    expect((await docs.download(doc.file_url)).equals(samplePng())).toBe(true);
  });

  it('answers 413 for a PUT over PAGELENS_MAX_UPLOAD_MB, declared or streamed, and keeps nothing', async () => {
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    const tooBig = Buffer.alloc(MIB + 1, 0x41);
    const declared = await fetch(issued.upload_url, { method: 'PUT', body: tooBig });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ detail: `File too large: the limit is ${MIB} bytes` });
    // Without a Content-Length the cap applies while streaming.
    const streamed = await fetch(issued.upload_url, {
      method: 'PUT',
      body: new Blob([tooBig]).stream(),
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    await streamed.arrayBuffer();
    expect(existsSync(path.join(blobs, issued.file_path))).toBe(false);
    expect(await readdir(path.join(t.dataDir, 'tmp'))).toEqual([]);
    // Nothing arrived, so adopting is premature, and the URL still works for a good file.
    expect((await docs.adopt(alice, doc.id, { file_path: issued.file_path })).statusCode).toBe(409);
    expect(await putTo(issued.upload_url, Buffer.alloc(MIB, 0x41))).toBe(200);
  });

  it('answers 415 when adopting an unsupported or empty file, and deletes the blob', async () => {
    const doc = await docs.upload(alice);
    for (const content of [ELF, Buffer.alloc(0)]) {
      const issued = await docs.issue(alice, doc.id);
      expect(await putTo(issued.upload_url, content)).toBe(200);
      expect(existsSync(path.join(blobs, issued.file_path))).toBe(true);
      const res = await docs.adopt(alice, doc.id, { file_path: issued.file_path, file_name: 'x.pdf' });
      expect(res.statusCode, res.body).toBe(415);
      expect(existsSync(path.join(blobs, issued.file_path))).toBe(false);
      // The rejected upload is forgotten: adopting it again is an unknown file_path.
      expect((await docs.adopt(alice, doc.id, { file_path: issued.file_path })).statusCode).toBe(422);
    }
    const now = await t.app.inject({ url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect(now.json<DocBody>()).toMatchObject({ version: 1, file_path: doc.file_path });
  });

  it('answers 422 for a file_path that was never issued for this document', async () => {
    const doc = await docs.upload(alice);
    const other = await docs.upload(alice);
    const issuedForOther = await docs.issue(alice, other.id);
    expect(await putTo(issuedForOther.upload_url, samplePdf())).toBe(200);
    for (const file_path of [`documents/${doc.id}/uploads/00000000-0000-4000-8000-000000000000`, doc.file_path, issuedForOther.file_path, '../x']) {
      const res = await docs.adopt(alice, doc.id, { file_path });
      expect(res.statusCode, file_path).toBe(422);
      expect(res.json()).toEqual({
        detail: [{ loc: ['body', 'file_path'], msg: 'Unknown or expired upload; request a new upload URL', type: 'value_error' }],
      });
    }
    expect((await docs.adopt(alice, doc.id, { file_path: '' })).statusCode).toBe(422);
  });

  it('answers 409 when adopting before anything was uploaded', async () => {
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    const res = await docs.adopt(alice, doc.id, { file_path: issued.file_path });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Nothing has been uploaded to this URL yet' });
    expect(await putTo(issued.upload_url, samplePdf())).toBe(200);
    expect((await docs.adopt(alice, doc.id, { file_path: issued.file_path })).statusCode).toBe(200);
  });

  it('adopts one upload once when two adoptions race', async () => {
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    expect(await putTo(issued.upload_url, samplePng())).toBe(200);
    const results = await Promise.all([1, 2].map(() => docs.adopt(alice, doc.id, { file_path: issued.file_path })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    // The loser finds the upload used up (422), its blob gone (409) or the row taken (409).
    expect([409, 422]).toContain(codes[1]);
    const now = await t.app.inject({ url: `/api/v0/documents/${doc.id}`, headers: alice.auth });
    expect(now.json<DocBody>().version).toBe(2);
    expect((await listFiles(blobs)).filter((f) => f.includes(doc.id))).toEqual([now.json<DocBody>().file_path]);
  });

  it('binds the signed URL to its key: another document key with the same signature is refused', async () => {
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    const forged = new URL(issued.upload_url);
    forged.pathname = forged.pathname.replace(doc.id, '00000000-0000-4000-8000-000000000000');
    expect(await putTo(forged.toString(), samplePdf())).toBe(403);
    const asGet = await fetch(issued.upload_url);
    expect(asGet.status).toBe(403);
    await asGet.arrayBuffer();
  });

  it('answers 404 for another organization, without issuing or adopting anything', async () => {
    const doc = await docs.upload(alice);
    const issued = await docs.issue(alice, doc.id);
    expect(await putTo(issued.upload_url, samplePng())).toBe(200);
    const mallory = await t.user('mallory@example.org', { org: 'other' });
    const get = await t.app.inject({ url: `/api/v0/documents/${doc.id}/upload-url`, headers: mallory.auth });
    expect(get.statusCode).toBe(404);
    const put = await docs.adopt(mallory, doc.id, { file_path: issued.file_path });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ detail: 'Document not found' });
    expect((await docs.adopt(alice, doc.id, { file_path: issued.file_path })).statusCode).toBe(200);
  });
});
