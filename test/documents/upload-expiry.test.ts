// Upload URLs that expire unused are forgotten, and whatever was put at their keys is deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredUploads } from '../../src/documents/upload-url.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf } from '../fixtures/files.js';

describe.each(DB_KINDS)('expired upload URLs (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.user('expiry@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sweeps the pending upload and its blob once expired, not before', async () => {
    const body = multipart({}, [{ filename: 'a.pdf', content: samplePdf() }]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    const id = created.json<{ document_id: string }>().document_id;
    const issued = await t.app.inject({ url: `/api/v0/documents/${id}/upload-url`, headers: user.auth });
    const { file_path: key } = issued.json<{ file_path: string }>();
    await t.ctx.storage.putBuffer(key, samplePdf('orphan'));
    const { db } = t.ctx.database;

    expect(await sweepExpiredUploads(db, t.ctx.storage, new Date())).toBe(0);
    expect(await t.ctx.storage.head(key)).not.toBeNull();

    const later = new Date(Date.now() + (t.ctx.config.signedUrlTtlSeconds + 1) * 1000);
    expect(await sweepExpiredUploads(db, t.ctx.storage, later)).toBe(1);
    expect(await t.ctx.storage.head(key)).toBeNull();
    expect(await db.selectFrom('pending_uploads').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    const adopt = await t.app.inject({
      method: 'PUT',
      url: `/api/v0/documents/${id}/upload-url`,
      headers: user.auth,
      payload: { file_path: key },
    });
    expect(adopt.statusCode).toBe(422);
  });
});
