// `Idempotency-Key` on POST /api/v0/**: the first request with a key runs; a retry with the same
// key (same user, same endpoint) gets the first answer back instead of creating a second record.
// Only successful answers are kept: an error leaves the key free for the retry to run again.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { conflict, validationError } from './errors.js';
import { claimKey, dropKey, findKey, storeAnswer, takeOverStaleClaim, type KeyRef } from './idempotency-keys.js';

/** How long a retry is answered from the first result (maintenance prunes older keys). */
export const IDEMPOTENCY_KEY_TTL_S = 24 * 3600;
/** A claim whose request has not answered after this long belonged to a process that died. */
const ABANDONED_AFTER_S = 15 * 60;
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: KeyRef | null;
  }
}

/**
 * What makes two requests "the same" besides the key: the JSON body; for a multipart upload the
 * key alone (a client's boundary changes between retries), and the media type.
 */
function fingerprint(request: FastifyRequest): string {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const body = type === 'application/json' ? JSON.stringify(request.body ?? null) : '';
  return createHash('sha256').update(`${type}\n${body}`).digest('hex');
}

export function registerIdempotency(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('idempotency', null);
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    const url = request.routeOptions.url;
    if (request.method !== 'POST' || header === undefined || !request.caller || !url?.startsWith('/api/v0/')) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !KEY.test(key)) throw validationError(['header', 'Idempotency-Key'], 'must be 1 to 255 visible ASCII characters');
    // The concrete path: the same key on another thread's questions is another request.
    const ref: KeyRef = { userId: request.caller.userId, endpoint: `POST ${request.url.split('?')[0]!}`, key };
    const hash = fingerprint(request);
    const stale = new Date(Date.now() - ABANDONED_AFTER_S * 1000).toISOString();
    if ((await claimKey(db, ref, hash)) || (await takeOverStaleClaim(db, ref, hash, stale))) {
      request.idempotency = ref;
      return;
    }
    const first = await findKey(db, ref);
    if (!first) throw conflict('A request with this Idempotency-Key just ended; retry');
    if (first.request_hash !== hash) {
      throw validationError(['header', 'Idempotency-Key'], 'was used before with a different request body');
    }
    if (first.status_code === null || first.response === null) {
      throw conflict('A request with this Idempotency-Key is still in progress; retry later');
    }
    return reply
      .code(first.status_code)
      .header('content-type', 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .send(first.response);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const ref = request.idempotency;
    if (!ref) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await storeAnswer(db, ref, reply.statusCode, payload);
    } else {
      await dropKey(db, ref);
    }
    return payload;
  });
}
