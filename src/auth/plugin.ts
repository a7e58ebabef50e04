// Bearer authentication for every /api/v0 route: resolves request.caller or answers 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import { unauthorized } from '../http/errors.js';
import type { Caller } from './caller.js';
import { authenticate } from './service.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const MESSAGES = {
  unknown: 'Invalid token',
  revoked: 'Token has been revoked',
  expired: 'Token has expired',
} as const;

export function registerBearerAuth(app: FastifyInstance, db: Kysely<Database>): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/v0/')) return;
    const header = request.headers.authorization;
    const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Not authenticated');
    const result = await authenticate(db, match[1]);
    if (typeof result === 'string') throw unauthorized(MESSAGES[result]);
    request.caller = result;
  });
}

export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized('Not authenticated');
  return request.caller;
}
