// `pagelens fsck` on local files (SQLite) and on the local S3 server (PostgreSQL): every kind of
// problem a crash or a lost blob leaves is found, --repair fixes it without touching good data,
// and the CLI answers 0 (clean), 1 (problems) and 2 (fsck could not run).
import { createHash } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueBlobDeletion } from '../../src/documents/blob-deletions.js';
import { runFsck, sweepOrphans } from '../../src/fsck/fsck.js';
import { startBackground } from '../../src/maintenance.js';
import { upsertProcessedPage } from '../../src/pages/repository.js';
import { newId } from '../../src/util.js';
import { DB_KINDS, startTestApp, type DbKind, type TestApp, type TestUser } from '../helpers/app.js';
import { silentLog, waitFor } from '../jobs/helpers.js';
import { uploadDocument } from '../helpers/process.js';
import { startS3, type TestS3 } from '../helpers/s3.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/pagelens');

beforeAll(() => {
  if (!existsSync(path.join(ROOT, 'dist/main.js'))) {
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  }
}, 120_000);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Runs the CLI with the settings of the test app; resolves with the exit code and the output. */
function fsckCli(env: NodeJS.ProcessEnv, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(BIN, ['fsck', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr });
    });
  });
}

const CASES: Array<{ name: string; db: DbKind; s3: boolean }> = [
  { name: 'local files, sqlite', db: 'sqlite', s3: false },
  { name: 'S3 server, postgres', db: 'postgres', s3: true },
];

describe.each(CASES.filter((c) => DB_KINDS.includes(c.db)))('pagelens fsck ($name)', { timeout: 120_000 }, ({ db, s3: onS3 }) => {
  let t: TestApp;
  let user: TestUser;
  let s3: TestS3 | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    s3 = onS3 ? await startS3({ prefix: 'pl' }) : null;
    env = s3 ? { PAGELENS_STORAGE_URL: s3.url, ...s3.env } : {};
    t = await startTestApp(db, env);
    user = await t.user(`fsck.${db}@example.com`);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('finds orphans, dangling records, stale deletions and leftovers; --repair fixes them and keeps good data', async () => {
    const { storage } = t.ctx;
    const dbh = t.ctx.database.db;
    const goodBytes = Buffer.from('a document that must survive fsck\n');
    const good = await uploadDocument(t, user, 'good.txt', goodBytes);
    const lost = await uploadDocument(t, user, 'lost.txt', Buffer.from('its blob goes missing\n'));
    const goodDoc = await dbh.selectFrom('documents').selectAll().where('id', '=', good.document_id).executeTakeFirstOrThrow();
    const lostDoc = await dbh.selectFrom('documents').selectAll().where('id', '=', lost.document_id).executeTakeFirstOrThrow();
    // A page of the good document: its image is there, its words blob is not.
    const pagePrefix = `documents/${goodDoc.id}/pages/1/${newId()}/`;
    await storage.putBuffer(`${pagePrefix}page.png`, Buffer.from('png'));
    await storage.putBuffer(`${pagePrefix}thumbnail.png`, Buffer.from('thumb'));
    await upsertProcessedPage(dbh, goodDoc.id, 1, {
      document_version: 1, width: 10, height: 10, dpi: 72,
      image_key: `${pagePrefix}page.png`, thumbnail_key: `${pagePrefix}thumbnail.png`, words_key: `${pagePrefix}text.json`,
      text_source: 'pdf', text: 'x', layout: '[]',
    });
    // The lost document's file is gone.
    if (!lostDoc.file_path) throw new Error('no file');
    await storage.delete(lostDoc.file_path);
    // Orphans: an upload killed after its blob write (no document), and a page attempt that never committed.
    const deadUpload = `documents/${newId()}/files/${newId()}.pdf`;
    await storage.putBuffer(deadUpload, Buffer.from('%PDF-1.4 orphan'));
    const deadAttempt = `documents/${goodDoc.id}/pages/1/${newId()}/page.png`;
    await storage.putBuffer(deadAttempt, Buffer.from('old attempt'));
    // A queued deletion whose blobs are still there: being deleted, not orphaned.
    const queued = `documents/${newId()}/`;
    await storage.putBuffer(`${queued}files/x.pdf`, Buffer.from('queued'));
    await queueBlobDeletion(dbh, queued);
    // The converted source of the current version counts as referenced.
    await storage.putBuffer(`documents/${goodDoc.id}/derived/v1/source.pdf`, Buffer.from('%PDF derived'));
    // Schematic legend crops are referenced from inside graphs: kept while their document lives.
    const crop = `documents/${goodDoc.id}/legend_crops/${newId()}.png`;
    await storage.putBuffer(crop, Buffer.from('crop'));
    // Not PageLens's.
    await storage.putBuffer('elsewhere/readme.txt', Buffer.from('keep me'));
    // Leftovers on this machine's disk.
    await mkdir(t.ctx.tmpDir, { recursive: true });
    await writeFile(path.join(t.ctx.tmpDir, `${newId()}.upload`), 'partial');
    if (!s3) {
      await mkdir(path.join(t.dataDir, 'blobs', '.tmp'), { recursive: true });
      await writeFile(path.join(t.dataDir, 'blobs', '.tmp', newId()), 'half a blob');
    }

    // Young: with the default minimum age nothing written just now counts (a write in flight).
    const young = await runFsck(t.ctx, { repair: false, minAgeSeconds: 3600 });
    expect(young.orphans).toEqual([]);
    expect(young.leftovers).toEqual([]);
    expect(young.dangling.map((d) => [d.table, d.column, d.key]).sort()).toEqual(
      [
        ['documents', 'file_path', lostDoc.file_path],
        ['pages', 'words_key', `${pagePrefix}text.json`],
      ].sort(),
    );

    const later = new Date(Date.now() + 2 * 3600_000);
    const found = await runFsck(t.ctx, { repair: false, minAgeSeconds: 3600, now: later });
    expect(found.orphans.map((o) => [o.key, o.owner_exists]).sort()).toEqual(
      [
        [deadUpload, false],
        [deadAttempt, true],
      ].sort(),
    );
    expect(found.dangling).toHaveLength(2);
    expect(found.stale_deletions).toBe(1);
    // On local files, the lost document's folders are empty now: leftovers too.
    expect(found.leftovers.map((l) => l.kind).sort()).toEqual(s3 ? ['data-tmp'] : ['blob-tmp', 'data-tmp', 'empty-dir', 'empty-dir']);
    expect(found.unknown).toEqual(['elsewhere/readme.txt']);
    expect(found.problems).toBe(2 + 2 + 1 + found.leftovers.length);
    expect(await storage.head(deadUpload)).not.toBeNull(); // looking changes nothing

    const repaired = await runFsck(t.ctx, { repair: true, minAgeSeconds: 3600, now: later });
    expect(repaired.repaired).toEqual({ orphans_deleted: 2, dangling_marked: 2, deletions_run: 1, leftovers_removed: found.leftovers.length });
    expect(await storage.head(deadUpload)).toBeNull();
    expect(await storage.head(deadAttempt)).toBeNull();
    expect(await storage.list(queued)).toEqual([]);
    expect(await storage.head('elsewhere/readme.txt')).not.toBeNull();
    expect(await readdir(t.ctx.tmpDir)).toEqual([]);

    // Good data intact: the good document's file, page image and derived source; the lost
    // document kept with no file, its page keeping what it has.
    const after = await dbh.selectFrom('documents').selectAll().where('id', 'in', [goodDoc.id, lostDoc.id]).execute();
    expect(after.find((d) => d.id === goodDoc.id)?.file_path).toBe(goodDoc.file_path);
    expect(after.find((d) => d.id === lostDoc.id)?.file_path).toBeNull();
    if (!goodDoc.file_path) throw new Error('no file');
    expect(sha256(await readAll(await storage.get(goodDoc.file_path)))).toBe(sha256(goodBytes));
    const page = await dbh.selectFrom('pages').selectAll().where('document_id', '=', goodDoc.id).executeTakeFirstOrThrow();
    expect([page.image_key, page.thumbnail_key, page.words_key]).toEqual([`${pagePrefix}page.png`, `${pagePrefix}thumbnail.png`, null]);
    expect(await storage.head(`documents/${goodDoc.id}/derived/v1/source.pdf`)).not.toBeNull();
    expect(await storage.head(crop)).not.toBeNull();
    const res = await t.app.inject({ url: `/api/v0/documents/${lostDoc.id}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ file_url: string | null }>().file_url).toBeNull();

    const clean = await runFsck(t.ctx, { repair: false, minAgeSeconds: 3600, now: later });
    expect(clean.problems).toBe(0);
  });

  it('sweeps only orphans older than the cut-off in the periodic pass and leaves dangling records to an operator', async () => {
    const { storage } = t.ctx;
    const orphan = `components/${newId()}/source-${newId()}.png`;
    await storage.putBuffer(orphan, Buffer.from('png'));
    expect(await sweepOrphans(t.ctx, new Date(Date.now() - 3600_000))).toEqual({ orphans: 0, dangling: 0 });
    expect(await storage.head(orphan)).not.toBeNull();
    expect(await sweepOrphans(t.ctx, new Date(Date.now() + 3600_000))).toEqual({ orphans: 1, dangling: 0 });
    expect(await storage.head(orphan)).toBeNull();
  });

  it('answers 1 with problems, 0 after --repair and when clean, 2 when it cannot run', async () => {
    const cliEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PAGELENS_DATA_DIR: t.dataDir,
      PAGELENS_DATABASE_URL: t.ctx.config.databaseUrl,
      PAGELENS_LOG_LEVEL: 'warn',
      ...env,
    };
    const orphan = `documents/${newId()}/files/${newId()}.pdf`;
    await t.ctx.storage.putBuffer(orphan, Buffer.from('%PDF orphan'));
    // Written just now: the default minimum age (an hour) leaves it alone.
    expect((await fsckCli(cliEnv, [])).code).toBe(0);
    const found = await fsckCli(cliEnv, ['--min-age', '0']);
    expect(found.code, found.stderr).toBe(1);
    expect(JSON.parse(found.stdout)).toMatchObject({ orphans: [{ key: orphan, owner_exists: false }], repaired: null });
    expect(found.stderr).toMatch(/orphan blobs \(no record points at them\): 1/);
    const repaired = await fsckCli(cliEnv, ['--repair', '--min-age', '0']);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(JSON.parse(repaired.stdout)).toMatchObject({ repaired: { orphans_deleted: 1 } });
    expect(await t.ctx.storage.head(orphan)).toBeNull();
    expect((await fsckCli(cliEnv, ['--min-age', '0'])).code).toBe(0);
    const broken = await fsckCli({ ...cliEnv, PAGELENS_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, []);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/fsck failed/);
  });
});

describe('pagelens fsck on local files: folders emptied by a repair go with it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes the folders of a deleted orphan, and a folder aged empty counts as a leftover', async () => {
    const key = `documents/${newId()}/files/${newId()}.pdf`;
    await t.ctx.storage.putBuffer(key, Buffer.from('%PDF'));
    const emptied = path.join(t.dataDir, 'blobs', 'documents', newId(), 'pages');
    await mkdir(emptied, { recursive: true });
    const old = new Date(Date.now() - 7200_000);
    await utimes(emptied, old, old);
    await utimes(path.dirname(emptied), old, old);
    const report = await runFsck(t.ctx, { repair: true, minAgeSeconds: 0, now: new Date(Date.now() + 1000) });
    expect(report.orphans.map((o) => o.key)).toEqual([key]);
    expect(report.leftovers.filter((l) => l.kind === 'empty-dir')).toHaveLength(2);
    expect(await readdir(path.join(t.dataDir, 'blobs', 'documents'))).toEqual([]);
    expect((await runFsck(t.ctx, { repair: false, minAgeSeconds: 0, now: new Date(Date.now() + 1000) })).problems).toBe(0);
  });
});

describe('the maintenance pass deletes old orphan blobs at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { PAGELENS_LEFTOVER_AGE_S: '3600' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the lease and removes an orphan older than PAGELENS_LEFTOVER_AGE_S, not a younger one', async () => {
    const old = `documents/${newId()}/files/${newId()}.pdf`;
    const young = `documents/${newId()}/files/${newId()}.pdf`;
    await t.ctx.storage.putBuffer(old, Buffer.from('%PDF old'));
    await t.ctx.storage.putBuffer(young, Buffer.from('%PDF young'));
    const twoHoursAgo = new Date(Date.now() - 7200_000);
    await utimes(path.join(t.dataDir, 'blobs', ...old.split('/')), twoHoursAgo, twoHoursAgo);
    const background = startBackground(t.ctx, silentLog);
    try {
      await waitFor(async () => background.passes(), (n) => n > 0, 20_000);
      await waitFor(() => t.ctx.storage.head(old), (h) => h === null, 20_000);
      expect(await t.ctx.storage.head(young)).not.toBeNull();
    } finally {
      await background.stop();
    }
  });
});
