// Idempotency-Key on the creating POSTs: a retry with the same key gets the first answer (and no
// second record); another body under the same key is refused; an error leaves the key free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';

describe.each(DB_KINDS)('Idempotency-Key (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind, { PAGELENS_QUEUE: 'local' });
    user = await t.user(`idem.${kind}@example.com`);
    other = await t.user(`idem2.${kind}@example.com`);
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (key: string | null, who = user) => {
    const body = multipart({}, [{ filename: 'note.txt', content: Buffer.from('hello idempotent world\n'), contentType: 'text/plain' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v0/documents',
      headers: { ...who.auth, ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body.payload,
    });
  };
  const documentCount = async (who = user) => {
    const res = await t.app.inject({ url: '/api/v0/documents', headers: who.auth });
    return res.json<{ total: number }>().total;
  };

  it('answers a retried upload with the first document instead of a second one', async () => {
    const before = await documentCount();
    const first = await upload('upload-1');
    expect(first.statusCode, first.body).toBe(200);
    const retry = await upload('upload-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await documentCount()).toBe(before + 1);
    // Another key, or no key, is another request.
    const second = await upload('upload-2');
    expect(second.json<{ document_id: string }>().document_id).not.toBe(first.json<{ document_id: string }>().document_id);
    await upload(null);
    expect(await documentCount()).toBe(before + 3);
  });

  it('keeps keys apart per user', async () => {
    const mine = await upload('shared-key');
    const theirs = await upload('shared-key', other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ document_id: string }>().document_id).not.toBe(mine.json<{ document_id: string }>().document_id);
  });

  it('refuses the same key with another JSON body and frees a key whose request failed', async () => {
    const post = (key: string, name: string) =>
      t.app.inject({ method: 'POST', url: '/api/v0/folders', headers: { ...user.auth, 'idempotency-key': key }, payload: { name } });
    const a = await post('folder-1', 'Reports');
    expect(a.statusCode, a.body).toBeLessThan(300);
    const again = await post('folder-1', 'Reports');
    expect(again.json()).toEqual(a.json());
    const changed = await post('folder-1', 'Invoices');
    expect(changed.statusCode).toBe(422);
    // A 422 is not kept: the corrected retry under the same key runs.
    const bad = await post('folder-2', '');
    expect(bad.statusCode).toBe(422);
    const fixed = await post('folder-2', 'Contracts');
    expect(fixed.statusCode, fixed.body).toBeLessThan(300);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('rejects a malformed key with 422', async () => {
    const res = await upload('x'.repeat(300));
    expect(res.statusCode).toBe(422);
  });
});
