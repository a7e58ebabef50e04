// The API killed with SIGKILL at random points of uploads (a real `pagelens serve` process, several
// uploads in flight, on local files and on the local S3 server), several times over; then
// `pagelens fsck --repair` leaves no orphan blob, no dangling record and no temp file, and every
// document that answered 200 before a kill is intact. The checks read the store and the database
// directly, not through fsck's own reasoning.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type DbKind, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { startS3, type TestS3 } from '../helpers/s3.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/pagelens');
const ROUNDS = Number(process.env.PAGELENS_TEST_CRASH_ROUNDS ?? 5);
const CLIENTS = 3;

beforeAll(() => {
  if (!existsSync(path.join(ROOT, 'dist/main.js'))) {
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  }
}, 120_000);

/** A small seeded generator, so a failing run can be told apart (the seed is in the test name's output). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(BIN, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr });
    });
  });
}

interface Accepted {
  documentId: string;
  sha256: string;
}

const CASES: Array<{ name: string; db: DbKind; s3: boolean }> = [
  { name: 'local files, sqlite', db: 'sqlite', s3: false },
  { name: 'S3 server, postgres', db: 'postgres', s3: true },
];

describe.each(CASES.filter((c) => DB_KINDS.includes(c.db)))('the API killed during uploads ($name)', { timeout: 300_000 }, ({ db, s3: onS3 }) => {
  let t: TestApp;
  let user: TestUser;
  let s3: TestS3 | null = null;
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess | null = null;

  beforeAll(async () => {
    s3 = onS3 ? await startS3({ prefix: 'crash' }) : null;
    const storageEnv: Record<string, string> = s3 ? { PAGELENS_STORAGE_URL: s3.url, ...s3.env } : {};
    t = await startTestApp(db, { ...storageEnv, PAGELENS_QUEUE: 'local' });
    user = await t.user(`upload.crash.${db}@example.com`);
    env = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PAGELENS_DATA_DIR: t.dataDir,
      PAGELENS_DATABASE_URL: t.ctx.config.databaseUrl,
      PAGELENS_QUEUE: 'local',
      PAGELENS_LOG_LEVEL: 'warn',
      ...storageEnv,
    };
  });
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await t.close();
    await s3?.close();
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const child = spawn(BIN, ['serve', '--no-worker', '--port', String(port)], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return child;
      if (Date.now() > deadline) throw new Error('serve did not come up within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Uploads until the server goes away; every 200 is recorded with the bytes' hash. */
  async function uploadUntilGone(port: number, random: () => number, accepted: Accepted[]): Promise<void> {
    for (;;) {
      // 0.5 to 4 MB of text (an accepted format) so that receiving, storing and committing all take a while.
      // A heading first: random base64 could start with another format's magic bytes ("BM", "II*").
      const content = Buffer.from(`PageLens crash test\n${randomBytes(Math.floor((0.4 + random() * 2.6) * 1024 * 1024)).toString('base64')}\n`);
      const body = multipart({}, [{ filename: 'crash.txt', content, contentType: 'text/plain' }]);
      let res: Response;
      try {
        res = await fetch(`http://127.0.0.1:${port}/api/v0/documents`, {
          method: 'POST',
          headers: { ...user.auth, ...body.headers },
          body: new Uint8Array(body.payload),
        });
      } catch {
        return; // killed mid-request: the answer never came
      }
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      const answer = await res.json().catch(() => null);
      if (answer && typeof answer === 'object' && 'document_id' in answer && typeof answer.document_id === 'string') {
        accepted.push({ documentId: answer.document_id, sha256: sha256(content) });
      }
    }
  }

  it('leaves nothing behind after fsck --repair and keeps every accepted document', async () => {
    const seed = Date.now() % 1_000_000;
    const random = prng(seed);
    const accepted: Accepted[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const port = await freePort();
      server = await startServer(port);
      const child = server;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Each client's failure is kept (not left unhandled while the kill is pending) and thrown below.
      const clients = Array.from({ length: CLIENTS }, () => uploadUntilGone(port, random, accepted).then(() => null, (err: unknown) => err));
      // Kill at a random moment: early in the first uploads, or some uploads later.
      await new Promise((r) => setTimeout(r, 150 + random() * 2500));
      child.kill('SIGKILL');
      await exited;
      const failed = (await Promise.all(clients)).find((e) => e !== null);
      if (failed) throw failed instanceof Error ? failed : new Error(JSON.stringify(failed));
    }
    const check = await runCli(['fsck', '--min-age', '0'], env);
    const said = `seed ${seed}, exit ${check.code}, stderr: ${check.stderr}, stdout: ${check.stdout.slice(0, 2000)}`;
    expect([0, 1], said).toContain(check.code);
    let found: { orphans: unknown[]; dangling: unknown[]; leftovers: unknown[] } = { orphans: [], dangling: [], leftovers: [] };
    expect(() => (found = JSON.parse(check.stdout) as typeof found), said).not.toThrow();
    console.info(`seed ${seed}, ${ROUNDS} kills, ${accepted.length} uploads accepted; before repair: ${found.orphans.length} orphan(s), ${found.dangling.length} dangling, ${found.leftovers.length} leftover(s)`);

    const repair = await runCli(['fsck', '--repair', '--min-age', '0'], env);
    expect(repair.code, `seed ${seed}: ${repair.stderr}`).toBe(0);
    const again = await runCli(['fsck', '--min-age', '0'], env);
    expect(again.code, `seed ${seed}: ${again.stderr}`).toBe(0);

    // Independently of fsck: every blob belongs to a document that points at it, every document's blob exists.
    const { storage } = t.ctx;
    const docs = await t.ctx.database.db.selectFrom('documents').select(['id', 'file_path', 'sha256']).execute();
    const files = new Set(docs.map((d) => d.file_path));
    const keys = await storage.list('');
    expect(keys.filter((k) => !files.has(k)), `seed ${seed}: blobs without a record`).toEqual([]);
    for (const d of docs) expect(d.file_path && (await storage.head(d.file_path)), `seed ${seed}: ${d.id} has no blob`).toBeTruthy();
    // No temp files on this machine.
    expect(await readdir(t.ctx.tmpDir).catch(() => []), `seed ${seed}`).toEqual([]);
    if (!s3) expect(await readdir(path.join(t.dataDir, 'blobs', '.tmp')).catch(() => []), `seed ${seed}`).toEqual([]);
    // Every document that answered 200 is there, byte for byte.
    for (const a of accepted) {
      const doc = docs.find((d) => d.id === a.documentId);
      expect(doc, `seed ${seed}: accepted ${a.documentId} is gone`).toBeDefined();
      expect(doc?.sha256).toBe(a.sha256);
      if (doc?.file_path) expect(sha256(await readAll(await storage.get(doc.file_path)))).toBe(a.sha256);
    }
  });
});
