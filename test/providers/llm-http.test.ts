// The model client reads a bounded answer: a server that sends without end, or more than the cap,
// is cut off and reported instead of filling the process's memory.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES, postJson } from '../../src/providers/llm/http.js';
import { ProviderError } from '../../src/providers/llm/index.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

/** A server whose every answer is written by `answer`; returns its URL and how many requests came. */
async function serve(answer: (res: ServerResponse) => void): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on('end', () => answer(res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat`, requests: () => requests };
}

const post = (url: string, maxResponseBytes?: number) =>
  postJson({ provider: 'test', url, headers: {}, body: {}, timeoutMs: 20_000, secrets: [], maxRetries: 2, retryDelayMs: 1, ...(maxResponseBytes ? { maxResponseBytes } : {}) });

async function caught(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('postJson response size', () => {
  it('stops reading a body that never ends, once past the cap, without retrying', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const server = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const more = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    const err = await caught(post(server.url, 1024 * 1024));
    expect(err.code).toBe('bad_response');
    expect(err.message).toContain('answered with a body larger than 1048576 bytes');
    expect(server.requests()).toBe(1);
  });

  it('refuses a declared length over the cap before reading it', async () => {
    const server = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 1024 * 1024) });
      res.write('{"a":');
    });
    expect((await caught(post(server.url, 1024 * 1024))).message).toContain('larger than 1048576 bytes');
  });

  it('has a default cap, and reads valid JSON up to it', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(MAX_RESPONSE_BYTES) });
    const over = await serve((res) => res.end(big));
    expect((await caught(post(over.url))).message).toContain(`larger than ${MAX_RESPONSE_BYTES} bytes`);
    const fits = await serve((res) => res.end(JSON.stringify({ text: 'é'.repeat(1000) })));
    expect(await post(fits.url)).toEqual({ text: 'é'.repeat(1000) });
  });
});
