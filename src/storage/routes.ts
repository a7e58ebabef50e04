// Serves the local store's signed URLs: GET downloads a blob, PUT uploads one (streamed, size-capped).
// Each URL is valid for one key, one method and until its expiry. S3 serves its own URLs.
// src/storage is a leaf: these routes answer in the API's error shape ({"detail": ...}) themselves.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LocalBlobStore } from './local.js';
import { verifyLocalSignature, type SignedParams } from './signing.js';
import { assertValidKey, BlobNotFoundError, type BlobStore, type SignedMethod } from './blob-store.js';

/** A refusal with its status; sent as {"detail": message} by the routes below. */
class StorageRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface StorageRouteOptions {
  store: BlobStore;
  /** The HMAC key the local store signs its URLs with (signingSecret in ./index.ts). */
  secret: string;
  maxUploadBytes: number;
  /** Where uploads are spooled before they are moved into the store. */
  tmpDir: string;
}

function signedParams(request: FastifyRequest, method: SignedMethod, secret: string): SignedParams {
  const key = (request.params as { '*': string })['*'];
  const q = request.query as Record<string, string | undefined>;
  const expires = Number(q.expires);
  if (!key || q.method !== method || !q.signature || !Number.isInteger(expires)) {
    throw new StorageRefusal(403, 'Invalid or missing signature');
  }
  try {
    assertValidKey(key);
  } catch {
    throw new StorageRefusal(403, 'Invalid or missing signature');
  }
  const p = { key, method, expires };
  const verdict = verifyLocalSignature(secret, p, q.signature, Math.floor(Date.now() / 1000));
  if (verdict === 'invalid') throw new StorageRefusal(403, 'Invalid or missing signature');
  if (verdict === 'expired') throw new StorageRefusal(403, 'This URL has expired');
  return p;
}

export function storageRoutes(options: StorageRouteOptions): FastifyPluginAsync {
  return async (app) => {
    const { store, secret } = options;
    if (!(store instanceof LocalBlobStore)) return;
    // Uploads arrive in any content type; keep them as raw streams.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof StorageRefusal) return reply.code(error.statusCode).send({ detail: error.message });
      throw error; // the app's handler answers everything else
    });

    app.get('/storage/*', async (request, reply) => {
      const { key } = signedParams(request, 'GET', secret);
      try {
        const stream = await store.get(key);
        reply.header('content-type', 'application/octet-stream');
        reply.header('content-disposition', `attachment; filename="${path.basename(key).replace(/"/g, '')}"`);
        return reply.send(stream);
      } catch (err) {
        if (err instanceof BlobNotFoundError) throw new StorageRefusal(404, 'Not found');
        throw err;
      }
    });

    app.put('/storage/*', async (request, reply) => {
      const { key } = signedParams(request, 'PUT', secret);
      const max = options.maxUploadBytes;
      const declared = Number(request.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > max) throw new StorageRefusal(413, `File too large: the limit is ${max} bytes`);
      await mkdir(options.tmpDir, { recursive: true });
      const tmp = path.join(options.tmpDir, `${randomUUID()}.put`);
      let size = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > max) done(new StorageRefusal(413, `File too large: the limit is ${max} bytes`));
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
