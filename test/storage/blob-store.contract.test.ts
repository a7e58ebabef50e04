// One contract for every BlobStore backend: the local store (its signed URLs served by a real,
// listening app) and the S3 store against s3rver, a local server speaking the S3 protocol.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  PutObjectCommand,
  type DeleteObjectsCommandInput,
  type DeleteObjectsCommandOutput,
  type ListObjectsV2CommandInput,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlobNotFoundError, type BlobStore, type SignOptions } from '../../src/storage/blob-store.js';
import { LocalBlobStore } from '../../src/storage/local.js';
import { parseS3Url, S3BlobStore } from '../../src/storage/s3.js';
import { startTestApp } from '../helpers/app.js';
import { startS3, type TestS3 } from '../helpers/s3.js';

interface Backend {
  store: BlobStore;
  /** A store of the same kind that cannot work: a bucket that does not exist, a root that cannot be created. */
  broken: BlobStore;
  /** Makes every list request return at most `size` keys, so pagination runs; returns the request counter. */
  smallPages?(size: number): { requests(): number; restore(): void };
  close(): Promise<void>;
}

async function openLocal(): Promise<Backend> {
  // Local signed URLs point at the app's /storage route, so the store under test is a listening app's.
  // The database plays no part here: SQLite suffices.
  const t = await startTestApp('sqlite', {}, { listen: true });
  if (!(t.ctx.storage instanceof LocalBlobStore)) throw new Error('expected the local store');
  const notADir = path.join(t.dataDir, 'not-a-dir');
  await writeFile(notADir, 'x');
  return {
    store: t.ctx.storage,
    broken: new LocalBlobStore(path.join(notADir, 'blobs'), t.baseUrl ?? '', 'secret'),
    close: () => t.close(),
  };
}

/**
 * Pages S3 listings `size` keys at a time. s3rver 3 builds continuation tokens with DES, which
 * OpenSSL 3 no longer offers, so any truncated listing fails inside s3rver; this middleware asks
 * s3rver for the whole listing and serves it page by page with its own tokens, which exercises the
 * store's own loop (pass the token back, concatenate, stop when not truncated) just the same.
 */
function s3SmallPages(store: S3BlobStore, size: number): { requests(): number; restore(): void } {
  let n = 0;
  const name = 'test-small-pages';
  store.client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'ListObjectsV2Command') return next(args);
      n++;
      const { ContinuationToken: token, ...input } = args.input as ListObjectsV2CommandInput;
      const result = await next({ ...args, input });
      const output = result.output as ListObjectsV2CommandOutput;
      const all = output.Contents ?? [];
      const start = token ? all.findIndex((o) => o.Key === Buffer.from(token, 'base64url').toString()) + 1 : 0;
      const page = all.slice(start, start + size);
      output.Contents = page;
      output.IsTruncated = start + size < all.length;
      output.NextContinuationToken = output.IsTruncated ? Buffer.from(page.at(-1)?.Key ?? '').toString('base64url') : undefined;
      return result;
    },
    { step: 'initialize', name },
  );
  return { requests: () => n, restore: () => void store.client.middlewareStack.remove(name) };
}

async function openS3(s3: TestS3): Promise<Backend> {
  const store = new S3BlobStore(parseS3Url(s3.url, s3.env));
  const broken = new S3BlobStore(parseS3Url(s3.urlFor('no-such-bucket'), s3.env));
  return {
    store,
    broken,
    smallPages: (size) => s3SmallPages(store, size),
    close: async () => {
      store.client.destroy();
      broken.client.destroy();
      await s3.close();
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Signs as if it were an hour ago, so a URL valid for a minute has long expired. */
async function signInThePast(store: BlobStore, key: string, options: SignOptions): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - 3600_000);
  try {
    return await store.signedUrl(key, options);
  } finally {
    vi.useRealTimers();
  }
}

const BACKENDS: Array<[string, () => Promise<Backend>]> = [
  ['local', openLocal],
  ['s3', async () => openS3(await startS3({ prefix: 'pagelens' }))],
];

describe.each(BACKENDS)('blob store contract (%s)', (_name, open) => {
  let backend: Backend;
  let store: BlobStore;
  let work: string;
  const bytes = randomBytes(64 * 1024 + 3);

  beforeAll(async () => {
    backend = await open();
    store = backend.store;
    work = await mkdtemp(path.join(tmpdir(), 'pagelens-contract-'));
  });
  afterAll(async () => {
    await backend.close();
    await rm(work, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores a buffer and reads it back with get, download and head', async () => {
    await store.putBuffer('buf/one.bin', bytes, 'application/octet-stream');
    expect((await readAll(await store.get('buf/one.bin'))).equals(bytes)).toBe(true);
    const out = path.join(work, 'one.bin');
    await store.download('buf/one.bin', out);
    expect((await readFile(out)).equals(bytes)).toBe(true);
    expect(await store.head('buf/one.bin')).toEqual({ size: bytes.length });
  });

  it('stores a file byte for byte and replaces an existing blob', async () => {
    const src = path.join(work, 'src.bin');
    await writeFile(src, bytes);
    await store.putFile('file/a.pdf', src, 'application/pdf');
    expect((await readAll(await store.get('file/a.pdf'))).equals(bytes)).toBe(true);
    await writeFile(src, 'second version');
    await store.putFile('file/a.pdf', src);
    expect((await readAll(await store.get('file/a.pdf'))).toString()).toBe('second version');
    expect(await store.head('file/a.pdf')).toEqual({ size: 'second version'.length });
    await store.putBuffer('file/a.pdf', Buffer.alloc(0));
    expect(await store.head('file/a.pdf')).toEqual({ size: 0 });
  });

  it('reports a missing blob: BlobNotFoundError from get and download, null from head, a quiet delete', async () => {
    await expect(store.get('missing/x')).rejects.toBeInstanceOf(BlobNotFoundError);
    const out = path.join(work, 'never.bin');
    await expect(store.download('missing/x', out)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(existsSync(out)).toBe(false);
    expect(await store.head('missing/x')).toBeNull();
    await expect(store.delete('missing/x')).resolves.toBeUndefined();
  });

  it('deletes one blob', async () => {
    await store.putBuffer('del/a', Buffer.from('a'));
    await store.delete('del/a');
    expect(await store.head('del/a')).toBeNull();
    await expect(store.get('del/a')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('rejects keys that are empty, absolute or have empty, dot or dot-dot segments', async () => {
    const bad = ['', '/abs', 'a//b', 'a/./b', 'a/../b', '..', '../escape', 'a/b/', 'a\\b', 'a\0b'];
    const src = path.join(work, 'bad-src');
    await writeFile(src, 'x');
    for (const key of bad) {
      await expect(store.putBuffer(key, Buffer.from('x')), `putBuffer ${JSON.stringify(key)}`).rejects.toThrow(/invalid storage key/);
      await expect(store.putFile(key, src), `putFile ${JSON.stringify(key)}`).rejects.toThrow(/invalid storage key/);
      await expect(store.get(key), `get ${JSON.stringify(key)}`).rejects.toThrow(/invalid storage key/);
      await expect(store.download(key, path.join(work, 'bad-out')), `download ${JSON.stringify(key)}`).rejects.toThrow(/invalid storage key/);
      await expect(store.head(key), `head ${JSON.stringify(key)}`).rejects.toThrow(/invalid storage key/);
      await expect(store.delete(key), `delete ${JSON.stringify(key)}`).rejects.toThrow(/invalid storage key/);
      for (const method of ['GET', 'PUT'] as const) {
        await expect(store.signedUrl(key, { method, expiresInSeconds: 60 }), `${method} url ${JSON.stringify(key)}`).rejects.toThrow(
          /invalid storage key/,
        );
      }
    }
  });

  it('lists every key under a prefix, sorted and relative to the store, over many pages', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `many/sub/k${String(i).padStart(2, '0')}` : `many/k${String(i).padStart(2, '0')}`));
    await Promise.all(keys.map((k) => store.putBuffer(k, Buffer.from(k))));
    await store.putBuffer('many-other/x', Buffer.from('x'));
    await store.putBuffer('other/y', Buffer.from('y'));
    // S3 answers at most 1000 keys a request; pages of 7 make 30 keys take 5 requests.
    const pages = backend.smallPages?.(7);
    try {
      expect(await store.list('many/')).toEqual([...keys].sort());
      if (pages) expect(pages.requests()).toBe(5);
    } finally {
      pages?.restore();
    }
    // A prefix is a string prefix, not a folder: 'many' also matches 'many-other/'.
    expect(await store.list('many')).toEqual([...keys, 'many-other/x'].sort());
    expect(await store.list('many/sub/')).toEqual(keys.filter((k) => k.startsWith('many/sub/')).sort());
    expect(await store.list('nothing/')).toEqual([]);
    const all = await store.list('');
    expect(all).toEqual([...all].sort());
    expect(all).toEqual(expect.arrayContaining(['many/k01', 'many-other/x', 'other/y']));
  });

  it('lists entries with their size and last write time (what fsck tells leftovers by)', async () => {
    const before = Date.now() - 2000; // S3 keeps whole seconds
    await store.putBuffer('entries/a', Buffer.from('abc'));
    await store.putBuffer('entries/b/c', Buffer.alloc(1000));
    const entries = await store.entries('entries/');
    expect(entries.map((e) => [e.key, e.size])).toEqual([
      ['entries/a', 3],
      ['entries/b/c', 1000],
    ]);
    for (const e of entries) {
      expect(e.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(e.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(await store.entries('entries/none')).toEqual([]);
  });

  it('deletes exactly the keys under a prefix and says how many', async () => {
    for (const k of ['gone/a', 'gone/b/c', 'gone/b/d', 'gone-not/e', 'keep/gone/f']) await store.putBuffer(k, Buffer.from(k));
    const pages = backend.smallPages?.(2);
    try {
      expect(await store.deletePrefix('gone/')).toBe(3);
    } finally {
      pages?.restore();
    }
    expect(await store.list('gone/')).toEqual([]);
    expect(await store.head('gone-not/e')).toEqual({ size: 10 });
    expect(await store.head('keep/gone/f')).toEqual({ size: 11 });
    expect(await store.deletePrefix('gone/')).toBe(0);
    // A whole key works as a prefix too (how a replaced file is deleted).
    expect(await store.deletePrefix('gone-not/e')).toBe(1);
    expect(await store.head('gone-not/e')).toBeNull();
  });

  it('gives a signed GET URL that downloads the bytes with plain fetch', async () => {
    await store.putBuffer('signed/get.bin', bytes);
    const url = await store.signedUrl('signed/get.bin', { method: 'GET', expiresInSeconds: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('gives a signed PUT URL that uploads bytes with plain fetch', async () => {
    const url = await store.signedUrl('signed/put.bin', { method: 'PUT', expiresInSeconds: 60 });
    const res = await fetch(url, { method: 'PUT', body: bytes });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(await store.head('signed/put.bin')).toEqual({ size: bytes.length });
    expect((await readAll(await store.get('signed/put.bin'))).equals(bytes)).toBe(true);
  });

  it('gives a signed upload, capped at the limit it was signed with, that stores the bytes', async () => {
    const upload = await store.signedUpload('signed/upload.bin', { expiresInSeconds: 60, maxBytes: 1024 * 1024 });
    // The local store caps PUTs itself; S3 gets a POST policy with content-length-range.
    expect(upload.method).toBe(store.kind === 's3' ? 'POST' : 'PUT');
    let res: Response;
    if (upload.method === 'PUT') {
      expect(upload.fields).toEqual({});
      res = await fetch(upload.url, { method: 'PUT', body: bytes });
    } else {
      const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8')) as { conditions: unknown[] };
      expect(policy.conditions).toContainEqual(['content-length-range', 0, 1024 * 1024]);
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
      form.append('file', new Blob([bytes]), 'upload.bin');
      res = await fetch(upload.url, { method: 'POST', body: form });
    }
    expect(res.ok).toBe(true);
    await res.arrayBuffer();
    expect((await readAll(await store.get('signed/upload.bin'))).equals(bytes)).toBe(true);
  });

  it('refuses an expired signed URL, for GET and for PUT', async () => {
    await store.putBuffer('signed/old.bin', Buffer.from('old'));
    const get = await fetch(await signInThePast(store, 'signed/old.bin', { method: 'GET', expiresInSeconds: 60 }));
    expect(get.status).toBe(403);
    expect(Buffer.from(await get.arrayBuffer()).toString()).not.toBe('old');
    const put = await fetch(await signInThePast(store, 'signed/late.bin', { method: 'PUT', expiresInSeconds: 60 }), {
      method: 'PUT',
      body: Buffer.from('late'),
    });
    expect(put.status).toBe(403);
    await put.arrayBuffer();
    expect(await store.head('signed/late.bin')).toBeNull();
  });

  it('passes check() when usable and fails it for a missing bucket or an unusable root', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    await expect(backend.broken.check()).rejects.toThrow();
  });
});

describe('S3 store specifics', () => {
  let s3: TestS3;
  let store: S3BlobStore;

  beforeAll(async () => {
    s3 = await startS3({ prefix: 'tenant/a' });
    store = new S3BlobStore(parseS3Url(s3.url, s3.env));
  });
  afterAll(async () => {
    store.client.destroy();
    await s3.close();
  });

  it('keeps every key under the URL prefix and lists nothing outside it', async () => {
    await store.putBuffer('documents/x/file.pdf', Buffer.from('pdf'));
    const outside = parseS3Url(s3.urlFor(s3.bucket, 'tenant/ab'), s3.env);
    const neighbour = new S3BlobStore(outside);
    await neighbour.putBuffer('documents/y/file.pdf', Buffer.from('other'));
    await neighbour.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'stray', Body: 'x' }));
    neighbour.client.destroy();
    expect(await s3.keys()).toEqual(['stray', 'tenant/a/documents/x/file.pdf', 'tenant/ab/documents/y/file.pdf']);
    expect(await store.list('')).toEqual(['documents/x/file.pdf']);
    expect(await store.deletePrefix('')).toBe(1);
    expect(await s3.keys()).toEqual(['stray', 'tenant/ab/documents/y/file.pdf']);
  });

  it('signs PUT URLs without a fixed body checksum (real S3 would refuse every non-empty upload)', async () => {
    const url = new URL(await store.signedUrl('documents/x/up', { method: 'PUT', expiresInSeconds: 60 }));
    const names = [...url.searchParams.keys()].map((k) => k.toLowerCase());
    expect(names.filter((k) => k.startsWith('x-amz-checksum') || k === 'x-amz-sdk-checksum-algorithm')).toEqual([]);
    expect(url.pathname).toBe(`/${s3.bucket}/tenant/a/documents/x/up`);
  });

  it('deletes more than 1000 keys in batches of at most 1000 (the DeleteObjects limit)', async () => {
    // Creating thousands of objects in s3rver is slow: fake the listing and record the batches.
    const fake = Array.from({ length: 2500 }, (_, i) => ({ Key: `tenant/a/bulk/${String(i).padStart(4, '0')}` }));
    const batches: string[][] = [];
    const name = 'test-fake-bulk';
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'ListObjectsV2Command') {
          const output: ListObjectsV2CommandOutput = { Contents: fake, IsTruncated: false, $metadata: {} };
          return { output, response: {} };
        }
        if (context.commandName === 'DeleteObjectsCommand') {
          batches.push(((args.input as DeleteObjectsCommandInput).Delete?.Objects ?? []).map((o) => o.Key ?? ''));
          const output: DeleteObjectsCommandOutput = { $metadata: {} };
          return { output, response: {} };
        }
        return next(args);
      },
      { step: 'initialize', name },
    );
    try {
      expect(await store.deletePrefix('bulk/')).toBe(2500);
    } finally {
      store.client.middlewareStack.remove(name);
    }
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(batches.flat()).toEqual(fake.map((o) => o.Key));
  });

  it('fails a prefix deletion when S3 reports a key it could not delete, so the deletion is retried', async () => {
    await store.putBuffer('stuck/a', Buffer.from('a'));
    const name = 'test-delete-errors';
    store.client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (context.commandName === 'DeleteObjectsCommand') {
          (result.output as DeleteObjectsCommandOutput).Errors = [{ Key: 'tenant/a/stuck/a', Code: 'AccessDenied' }];
        }
        return result;
      },
      { step: 'initialize', name },
    );
    try {
      await expect(store.deletePrefix('stuck/')).rejects.toThrow(/could not delete 1 of 1 blobs \(tenant\/a\/stuck\/a: AccessDenied\)/);
    } finally {
      store.client.middlewareStack.remove(name);
    }
  });

  it('takes credentials from the environment it is given', () => {
    const loc = parseS3Url(s3.url, { PAGELENS_S3_ACCESS_KEY_ID: 'id', PAGELENS_S3_SECRET_ACCESS_KEY: 'secret' });
    expect(loc.clientConfig.credentials).toEqual({ accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(loc).toMatchObject({ bucket: s3.bucket, prefix: 'tenant/a/' });
    expect(loc.clientConfig).toMatchObject({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true });
  });
});
