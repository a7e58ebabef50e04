// Routes reply through their declared schema, and in tests a reply that does not match it fails.
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { op } from '../../src/http/openapi.js';
import { attachResponseSchema, checkResponses } from '../../src/http/responses.js';

const Reply = Type.Object({ id: Type.String(), count: Type.Integer() }, { additionalProperties: false });

async function appReturning(body: unknown, check: boolean) {
  const app = Fastify({ logger: false });
  app.addHook('onRoute', attachResponseSchema);
  if (check) checkResponses(app);
  app.setErrorHandler((err: Error & { statusCode?: number }, _req, reply) => reply.code(err.statusCode ?? 500).send({ detail: err.message }));
  app.get('/thing', { config: op({ operationId: 'thing', summary: 'A thing', tags: [], response: Reply }) }, async () => body);
  app.get('/file', { config: op({ operationId: 'file', summary: 'A file', tags: [], response: 'zip' }) }, async () => 'raw');
  await app.ready();
  return app;
}

describe('checked responses', () => {
  it('passes a reply that matches its schema', async () => {
    const app = await appReturning({ id: 'a', count: 2 }, true);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', count: 2 });
    await app.close();
  });

  it('fails a reply that drifted from its schema, naming where', async () => {
    const app = await appReturning({ id: 'a', count: 'two', extra: true }, true);
    const res = await app.inject({ url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.json<{ detail: string }>().detail).toMatch(/GET \/thing does not match its schema: .*\/count must be integer/);
    await app.close();
  });

  it('serialises with the declared schema when not checking: undeclared fields never leak', async () => {
    const app = await appReturning({ id: 'a', count: 2, secret: 'x' }, false);
    const res = await app.inject({ url: '/thing' });
    expect(res.json()).toEqual({ id: 'a', count: 2 });
    await app.close();
  });

  it('leaves routes that return files alone', async () => {
    const app = await appReturning({}, true);
    const res = await app.inject({ url: '/file' });
    expect(res.body).toBe('raw');
    await app.close();
  });
});
