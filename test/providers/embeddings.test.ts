// The embeddings adapter against a local server speaking the OpenAI embeddings protocol (request
// shape, vectors matched by index, usage, malformed answers, errors without the key), its
// settings, the stored vector format, and reciprocal rank fusion.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from '../../src/config.js';
import {
  createEmbedder,
  decodeVector,
  dotBytes,
  embeddingsSettingsFromEnv,
  encodeVector,
  normalize,
  OpenAiEmbeddings,
} from '../../src/providers/embeddings/index.js';
import { ProviderError } from '../../src/providers/llm/index.js';
import type { ChunkHit } from '../../src/search/chunk-search.js';
import { fuseByRank, RRF_K } from '../../src/search/fusion.js';

const KEY = 'sk-test-SECRET-0123456789abcdef';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  body: { model: string; input: string[]; dimensions?: number };
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

/** Answers every request with reply(body); records what it saw. */
async function server(reply: (body: Seen['body']) => { status?: number; json: unknown }): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const s = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'];
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const r = reply(body);
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(r.json));
    });
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => s.close(() => resolve())));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1/`, seen };
}

const settings = (baseUrl: string, extra: Partial<ConstructorParameters<typeof OpenAiEmbeddings>[0]> = {}) => ({
  baseUrl,
  apiKey: KEY,
  model: 'emb-1',
  dimensions: null,
  batchSize: 8,
  timeoutMs: 5000,
  ...extra,
});

describe('OpenAI embeddings adapter', () => {
  it('posts model and input to {base}/embeddings and returns vectors in input order with the token count', async () => {
    const srv = await server((body) => ({
      // Out of order on purpose: index decides.
      json: { data: body.input.map((t, i) => ({ index: i, embedding: [t.length, i] })).reverse(), usage: { prompt_tokens: 7 } },
    }));
    const e = new OpenAiEmbeddings(settings(srv.url, { dimensions: 2 }));
    const out = await e.embed(['abc', 'de']);
    expect(out.vectors.map((v) => [...v])).toEqual([[3, 0], [2, 1]]);
    expect(out.tokensIn).toBe(7);
    expect(srv.seen[0]?.url).toBe('/v1/embeddings');
    expect(srv.seen[0]?.body).toMatchObject({ model: 'emb-1', input: ['abc', 'de'], dimensions: 2 });
    expect(srv.seen[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    await expect(e.embed(new Array<string>(9).fill('x'))).rejects.toThrow(/at most 8/);
  });

  it('rejects malformed answers and reports HTTP errors without the key', async () => {
    const replies: unknown[] = [
      { data: [{ index: 0, embedding: [1, 2] }] },
      { data: [{ index: 0, embedding: [1, 2] }, { index: 0, embedding: [3, 4] }] },
      { data: [{ index: 0, embedding: [1, 'x'] }, { index: 1, embedding: [3, 4] }] },
      { data: [{ index: 0, embedding: [1, 2] }, { index: 1, embedding: [3] }] },
    ];
    let n = 0;
    const srv = await server(() => ({ json: replies[n++] }));
    const e = new OpenAiEmbeddings(settings(srv.url));
    for (const why of [/1 vectors for 2 inputs/, /repeated index/, /not a list of numbers/, /mixes vector lengths/]) {
      await expect(e.embed(['a', 'b'])).rejects.toThrow(why);
    }
    const down = await server(() => ({ status: 401, json: { error: { message: `bad key ${KEY}` } } }));
    const err = await new OpenAiEmbeddings(settings(down.url)).embed(['a']).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(ProviderError);
    expect(String((err as Error).message)).toContain('401');
    expect(String((err as Error).message)).not.toContain(KEY);
  });
});

describe('embeddings settings', () => {
  it('is off unless a model is named; validates the rest; masks the key', () => {
    expect(embeddingsSettingsFromEnv({}).enabled).toBe(false);
    expect(createEmbedder(embeddingsSettingsFromEnv({}))).toBeNull();
    const on = embeddingsSettingsFromEnv({ PAGELENS_EMBEDDINGS_MODEL: 'nomic', PAGELENS_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1/', PAGELENS_EMBEDDINGS_DIMENSIONS: '256' });
    expect(on).toMatchObject({ enabled: true, baseUrl: 'http://127.0.0.1:11434/v1', model: 'nomic', dimensions: 256, batchSize: 64, apiKey: null, timeoutMs: 30_000, maxScan: 10_000 });
    expect(createEmbedder(on)?.model).toBe('nomic');
    // OpenAI's own endpoint needs a key; bad numbers and URLs name the variable.
    expect(() => embeddingsSettingsFromEnv({ PAGELENS_EMBEDDINGS_MODEL: 'text-embedding-3-small' })).toThrow(/PAGELENS_EMBEDDINGS_API_KEY/);
    expect(() => embeddingsSettingsFromEnv({ PAGELENS_EMBEDDINGS_MODEL: 'm', PAGELENS_EMBEDDINGS_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
    expect(() => embeddingsSettingsFromEnv({ PAGELENS_EMBEDDINGS_MODEL: 'm', PAGELENS_EMBEDDINGS_BASE_URL: 'http://x', PAGELENS_EMBEDDINGS_BATCH_SIZE: '0' })).toThrow(/PAGELENS_EMBEDDINGS_BATCH_SIZE/);
    expect(embeddingsSettingsFromEnv({ PAGELENS_EMBEDDINGS_MODEL: 'm', PAGELENS_EMBEDDINGS_BASE_URL: 'http://x', PAGELENS_EMBEDDINGS_MAX_SCAN: '500' }).maxScan).toBe(500);
    const config = loadConfig({ PAGELENS_DATA_DIR: '/tmp/x', PAGELENS_EMBEDDINGS_MODEL: 'text-embedding-3-small', PAGELENS_EMBEDDINGS_API_KEY: KEY });
    const shown = JSON.stringify(describeConfig(config));
    expect(shown).toContain('text-embedding-3-small');
    expect(shown).not.toContain(KEY);
  });
});

describe('stored vectors', () => {
  it('round-trip as little-endian float32 and score by cosine', () => {
    const v = normalize(Float32Array.from([3, 4]));
    expect([...v]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    const bytes = encodeVector(v);
    expect(bytes.byteLength).toBe(8);
    expect([...decodeVector(bytes)]).toEqual([...v]);
    expect(dotBytes(bytes, normalize(Float32Array.from([4, 3])))).toBeCloseTo(0.96, 6);
    expect(dotBytes(bytes, normalize(Float32Array.from([-3, -4])))).toBeCloseTo(-1, 6);
    // A vector that does not start on a 4-byte boundary (read through a DataView) scores the same.
    const unaligned = new Uint8Array(bytes.byteLength + 1).subarray(1);
    unaligned.set(bytes);
    expect(unaligned.byteOffset % 4).not.toBe(0);
    expect(dotBytes(unaligned, normalize(Float32Array.from([4, 3])))).toBeCloseTo(0.96, 6);
  });
});

describe('reciprocal rank fusion', () => {
  const hit = (id: string, score = 1): ChunkHit => ({ chunkId: id, documentId: 'd', pageNumber: 1, kind: 'text', text: id, bboxes: [], score });

  it('sums 1 / (k + rank) over the lists, each chunk once, best first', () => {
    expect(RRF_K).toBe(60);
    const fused = fuseByRank([[hit('a', 9), hit('b', 8), hit('c', 7)], [hit('c', 0.9), hit('d', 0.8)]], 10);
    // c: 1/63 + 1/61; a: 1/61; b and d: 1/62 each, b seen first.
    expect(fused.map((h) => h.chunkId)).toEqual(['c', 'a', 'b', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / 63 + 1 / 61, 12);
    expect(fused[1]?.score).toBeCloseTo(1 / 61, 12);
    // Equal fused scores and best ranks: the order they were first seen in.
    expect(fuseByRank([[hit('x')], [hit('y')]], 10).map((h) => h.chunkId)).toEqual(['x', 'y']);
    expect(fuseByRank([[hit('a'), hit('b')], []], 1).map((h) => h.chunkId)).toEqual(['a']);
    expect(fuseByRank([], 5)).toEqual([]);
  });
});
