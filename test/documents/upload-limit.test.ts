// The upload limit over a real socket: an oversized upload gets 413 without the server reading
// (or buffering) the whole body, and leaves no temp file, blob or record behind.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { samplePdf } from '../fixtures/files.js';

const LIMIT_MB = 1;

interface Outcome {
  status: number;
  body: string;
  bytesSent: number;
}

/** Streams a multipart upload of `totalBytes` file bytes; stops writing once the server answers. */
function streamUpload(port: number, token: string, totalBytes: number, declareLength: boolean): Promise<Outcome> {
  const boundary = 'limitboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pdf = samplePdf();
  return new Promise((resolve, reject) => {
    let answered = false;
    let bytesSent = 0;
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v0/documents',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(declareLength ? { 'content-length': String(head.length + totalBytes + tail.length) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, bytesSent });
      });
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    pdf.copy(chunk);
    let remaining = totalBytes;
    const pump = (): void => {
      while (!answered && remaining > 0) {
        const n = Math.min(chunk.length, remaining);
        remaining -= n;
        bytesSent += n;
        if (!req.write(chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && remaining === 0) req.end(tail);
    };
    pump();
  });
}

describe('upload size limit', () => {
  let t: TestApp;
  let user: TestUser;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_MAX_UPLOAD_MB: String(LIMIT_MB) });
    user = await t.user('big@example.com');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  async function leftovers(): Promise<{ tmp: string[]; docs: number }> {
    const tmp = await readdir(path.join(t.dataDir, 'tmp')).catch(() => []);
    const docs = await t.ctx.database.db.selectFrom('documents').select('id').execute();
    return { tmp, docs: docs.length };
  }

  it('refuses a declared length over the limit before reading the body', async () => {
    // Declares 2 GiB; the server must answer long before that much could be sent.
    const out = await streamUpload(port, user.token, 2 * 1024 ** 3, true);
    expect(out.status).toBe(413);
    expect(JSON.parse(out.body)).toEqual({ detail: `File too large: the limit is ${LIMIT_MB * 1024 * 1024} bytes` });
    expect(out.bytesSent).toBeLessThan(64 * 1024 * 1024);
    expect(await leftovers()).toEqual({ tmp: [], docs: 0 });
  });

  it('stops a chunked upload at the limit and cleans up', async () => {
    const out = await streamUpload(port, user.token, 8 * 1024 * 1024, false);
    expect(out.status).toBe(413);
    expect(await leftovers()).toEqual({ tmp: [], docs: 0 });
  });

  it('accepts an upload just under the limit', async () => {
    const out = await streamUpload(port, user.token, LIMIT_MB * 1024 * 1024 - 1024, true);
    expect(out.status).toBe(200);
  });
});
