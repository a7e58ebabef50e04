// Serves the local store's signed URLs: GET downloads a blob, PUT uploads one (streamed, size-capped).
// Each URL is valid for one key, one method and until its expiry. S3 serves its own URLs.
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { maxUploadBytes, type AppContext } from '../context.js';
import { HttpError } from '../http/errors.js';
import { newId } from '../util.js';
import { LocalBlobStore } from './local.js';
import { verifyLocalSignature, type SignedParams } from './signing.js';
import { signingSecret } from './index.js';
import { assertValidKey, BlobNotFoundError, type SignedMethod } from './blob-store.js';

function signedParams(request: FastifyRequest, method: SignedMethod, secret: string): SignedParams {
  const key = (request.params as { '*': string })['*'];
  const q = request.query as Record<string, string | undefined>;
  const expires = Number(q.expires);
  if (!key || q.method !== method || !q.signature || !Number.isInteger(expires)) {
    throw new HttpError(403, 'Invalid or missing signature');
  }
  try {
    assertValidKey(key);
  } catch {
    throw new HttpError(403, 'Invalid or missing signature');
  }
  const p = { key, method, expires };
  const verdict = verifyLocalSignature(secret, p, q.signature, Math.floor(Date.now() / 1000));
  if (verdict === 'invalid') throw new HttpError(403, 'Invalid or missing signature');
  if (verdict === 'expired') throw new HttpError(403, 'This URL has expired');
  return p;
}

export function storageRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const store = ctx.storage;
    if (!(store instanceof LocalBlobStore)) return;
    const secret = signingSecret(ctx.config);
    // Uploads arrive in any content type; keep them as raw streams.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.get('/storage/*', async (request, reply) => {
      const { key } = signedParams(request, 'GET', secret);
      try {
        const stream = await store.get(key);
        reply.header('content-type', 'application/octet-stream');
        reply.header('content-disposition', `attachment; filename="${path.basename(key).replace(/"/g, '')}"`);
        return reply.send(stream);
      } catch (err) {
        if (err instanceof BlobNotFoundError) throw new HttpError(404, 'Not found');
        throw err;
      }
    });

    app.put('/storage/*', async (request, reply) => {
      const { key } = signedParams(request, 'PUT', secret);
      const max = maxUploadBytes(ctx);
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > max) throw new HttpError(413, `File too large: the limit is ${max} bytes`);
      await mkdir(ctx.tmpDir, { recursive: true });
      const tmp = path.join(ctx.tmpDir, `${newId()}.put`);
      let size = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > max) done(new HttpError(413, `File too large: the limit is ${max} bytes`));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(request.raw, cap, createWriteStream(tmp));
        await store.adoptFile(key, tmp);
      } finally {
        await rm(tmp, { force: true });
      }
      return reply.code(200).send({ key, size });
    });
  };
}
