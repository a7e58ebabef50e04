// The `pagelens` command end to end (SQLite): bin/pagelens runs the built dist/, so this file builds
// it first when a source is newer, then drives users, tokens, config, migrate and serve in a fresh
// data dir.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { bootstrapAdmin } from '../../src/auth/service.js';
import { loadConfig } from '../../src/config.js';
import { closeRuntime, openRuntime } from '../../src/runtime.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/pagelens');

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The parent's environment without any PAGELENS_* setting, so only what a test sets applies. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PAGELENS_')) env[k] = v;
  return { ...env, ...extra };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * True when dist/ is missing or a source is newer than it. Rebuilding rewrites every file of dist/
 * in place (truncate, then write), and other test files start bin/pagelens at the same time: a
 * process importing a file in that moment fails. So build only when there is something to build
 * (`make test` builds before the tests).
 */
function distIsStale(): boolean {
  const main = path.join(ROOT, 'dist/main.js');
  if (!existsSync(main)) return true;
  const built = statSync(main).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? newer(p) : statSync(p).mtimeMs > built;
    });
  return newer(path.join(ROOT, 'src')) || ['tsconfig.json', 'tsconfig.build.json'].some((f) => statSync(path.join(ROOT, f)).mtimeMs > built);
}

// Every step spawns a Node process; give them room on a busy machine.
describe('pagelens CLI (sqlite)', { timeout: 90_000 }, () => {
  let dataDir: string;

  beforeAll(async () => {
    if (distIsStale()) {
      // tsc emits even when another file has a type error; the typecheck step reports those.
      const build = await run(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], process.env);
      if (build.code !== 0) console.warn(`tsc -p tsconfig.build.json exited ${build.code}:\n${build.stdout}`);
      if (!existsSync(path.join(ROOT, 'dist/main.js'))) throw new Error(`build failed:\n${build.stdout}${build.stderr}`);
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'pagelens-cli-'));
  }, 120_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(BIN, args, cleanEnv({ PAGELENS_DATA_DIR: dataDir, ...env }));

  /** Opens the same data dir in-process and asks the app for the document list with a token. */
  async function listWith(token: string | null, dir = dataDir): Promise<number> {
    const config = loadConfig({ PAGELENS_DATA_DIR: dir, PAGELENS_LOG_LEVEL: 'silent' });
    const ctx = await openRuntime(config);
    try {
      const app = await buildApp(ctx, { logger: false });
      try {
        const res = await app.inject({
          url: '/api/v0/documents',
          headers: token === null ? {} : { authorization: `Bearer ${token}` },
        });
        return res.statusCode;
      } finally {
        await app.close();
      }
    } finally {
      await closeRuntime(ctx);
    }
  }

  async function usersOf(dir = dataDir) {
    const ctx = await openRuntime(loadConfig({ PAGELENS_DATA_DIR: dir, PAGELENS_LOG_LEVEL: 'silent' }));
    try {
      return await ctx.database.db
        .selectFrom('users')
        .innerJoin('organizations', 'organizations.id', 'users.organization_id')
        .select(['users.id', 'users.email', 'users.is_admin', 'organizations.id as org_id', 'organizations.name as org_name'])
        .orderBy('users.email')
        .execute();
    } finally {
      await closeRuntime(ctx);
    }
  }

  it('migrate exits 0 on a fresh data dir', async () => {
    const res = await cli(['migrate']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(/up to date/);
    expect(existsSync(path.join(dataDir, 'pagelens.db'))).toBe(true);
    expect((await cli(['migrate'])).code).toBe(0);
  });

  it('users create makes the organization once and reuses it', async () => {
    const first = await cli(['users', 'create', 'a@x.org', '--org', 'Acme', '--admin']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/created organization Acme/);
    expect(first.stderr).toMatch(/created user a@x\.org \(admin\) in Acme/);
    expect(first.stdout.trim()).toMatch(/^[0-9a-f-]{36}$/);

    const second = await cli(['users', 'create', 'B@X.org', '--org', 'acme']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toMatch(/created organization/);
    expect(second.stderr).toMatch(/created user b@x\.org in Acme/);

    const users = await usersOf();
    expect(users).toEqual([
      expect.objectContaining({ email: 'a@x.org', is_admin: 1, org_name: 'Acme' }),
      expect.objectContaining({ email: 'b@x.org', is_admin: 0, org_name: 'Acme' }),
    ]);
    expect(users[0]?.org_id).toBe(users[1]?.org_id);
    expect(users[0]?.id).toBe(first.stdout.trim());
  });

  it('users create refuses a duplicate e-mail or a bad address with exit code 2', async () => {
    for (const email of ['a@x.org', 'A@X.ORG']) {
      const dup = await cli(['users', 'create', email, '--org', 'Other']);
      expect(dup.code).toBe(2);
      expect(dup.stdout).toBe('');
      expect(dup.stderr).toMatch(/^error: user a@x\.org already exists$/m);
    }
    const bad = await cli(['users', 'create', 'not-an-email']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/error: not an e-mail address/);
    // Nothing half-made: no organization "Other", still two users.
    const users = await usersOf();
    expect(users.map((u) => u.email)).toEqual(['a@x.org', 'b@x.org']);
    expect(users.map((u) => u.org_name)).not.toContain('Other');
  });

  it('tokens create prints only the token, which the API accepts; tokens revoke makes it 401', async () => {
    const created = await cli(['tokens', 'create', 'a@x.org', '--name', 'ci', '--expires-days', '3']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout.endsWith('\n')).toBe(true);
    const lines = created.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    const token = lines[0] ?? '';
    expect(token).toMatch(/^pl_[A-Za-z0-9_-]{40,}$/);
    expect(created.stderr).toMatch(/expires 20\d\d-/);
    expect(created.stderr).not.toContain(token);

    expect(await listWith(token)).toBe(200);
    expect(await listWith(null)).toBe(401);

    const listed = await cli(['tokens', 'list', 'a@x.org']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(token);
    const rows = JSON.parse(listed.stdout) as Array<{ name: string; expires_at: string | null; revoked_at: string | null }>;
    const ci = rows.find((r) => r.name === 'ci');
    expect(ci?.revoked_at).toBeNull();
    const days = (Date.parse(ci?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);

    const revoked = await cli(['tokens', 'revoke', token]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await listWith(token)).toBe(401);
    const again = await cli(['tokens', 'revoke', token]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/error: no active token matches/);
  });

  it('tokens create refuses unknown users and bad expiry values', async () => {
    const unknown = await cli(['tokens', 'create', 'nobody@x.org']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toMatch(/error: no user nobody@x\.org/);
    for (const days of ['0', '1.5', 'soon']) {
      const bad = await cli(['tokens', 'create', 'a@x.org', '--expires-days', days]);
      expect(bad.code, days).not.toBe(0);
      expect(bad.stdout, days).toBe('');
      expect(bad.stderr, days).toMatch(/positive integer/);
    }
  });

  it('config prints the effective settings as JSON with secrets masked', async () => {
    const secret = 'sup3r-secret-signing-key-value';
    const bootstrap = 'bootstrap-token-not-to-be-shown';
    const res = await cli(['config'], {
      PAGELENS_SECRET_KEY: secret,
      PAGELENS_BOOTSTRAP_TOKEN: bootstrap,
      PAGELENS_DATABASE_URL: 'postgres://pagelens:db-password-123@127.0.0.1:5432/pagelens',
      PAGELENS_REDIS_URL: 'redis://:redis-password-456@127.0.0.1:6379/0',
      PAGELENS_PORT: '8123',
    });
    expect(res.code, res.stderr).toBe(0);
    for (const hidden of [secret, bootstrap, 'db-password-123', 'redis-password-456']) {
      expect(res.stdout).not.toContain(hidden);
    }
    const config = JSON.parse(res.stdout) as Record<string, unknown>;
    expect(config).toMatchObject({
      port: 8123,
      dataDir,
      secretKey: '***',
      bootstrapToken: '***',
      databaseUrl: 'postgres://pagelens:***@127.0.0.1:5432/pagelens',
    });
    expect(config.redisUrl).toMatch(/^redis:\/\/.*127\.0\.0\.1:6379\/0$/);

    const unset = JSON.parse((await cli(['config'])).stdout) as Record<string, unknown>;
    expect(unset.secretKey).toBeNull();

    const invalid = await cli(['config'], { PAGELENS_PORT: 'eighty' });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/error: PAGELENS_PORT must be an integer/);
  });

  it('embeddings backfill refuses to run without an embeddings model, and queues nothing when every chunk has its vector', async () => {
    const off = await cli(['embeddings', 'backfill']);
    expect(off.code).toBe(2);
    expect(off.stderr).toMatch(/error: embeddings are not configured/);
    // A model is named (a local endpoint that is never called: nothing lacks a vector here).
    const on = await cli(['embeddings', 'backfill'], { PAGELENS_EMBEDDINGS_MODEL: 'm', PAGELENS_EMBEDDINGS_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect(on.code, on.stderr).toBe(0);
    expect(JSON.parse(on.stdout)).toEqual({ job_status_ids: [] });
  });

  it('serve refuses an unusable PAGELENS_BOOTSTRAP_TOKEN and creates nothing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pagelens-serve-'));
    try {
      const port = await freePort();
      const res = await run(
        BIN,
        ['serve', '--port', String(port), '--no-worker'],
        cleanEnv({ PAGELENS_DATA_DIR: dir, PAGELENS_BOOTSTRAP_TOKEN: 'short', PAGELENS_LOG_LEVEL: 'warn' }),
      );
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/error: PAGELENS_BOOTSTRAP_TOKEN must be at least 16/);
      expect(await usersOf(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serve bootstraps the admin with PAGELENS_BOOTSTRAP_TOKEN on an empty data dir', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pagelens-serve-'));
    const token = 'bootstrap-0123456789abcdef';
    const port = await freePort();
    const env = cleanEnv({ PAGELENS_DATA_DIR: dir, PAGELENS_BOOTSTRAP_TOKEN: token, PAGELENS_LOG_LEVEL: 'warn' });
    const child = spawn(BIN, ['serve', '--port', String(port)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 20_000;
      let up = false;
      while (!up && Date.now() < deadline) {
        try {
          up = (await fetch(`${base}/healthz`)).ok;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      expect(up, `server did not start:\n${stdout}\n${stderr}`).toBe(true);
      expect(stdout.split('\n')).toContain(token);
      expect(stdout).toMatch(/admin@localhost/);

      const ok = await fetch(`${base}/api/v0/documents`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ documents: [], total: 0 });
      const denied = await fetch(`${base}/api/v0/documents`);
      expect(denied.status).toBe(401);
      expect(denied.headers.get('www-authenticate')).toBe('Bearer');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);

    // The admin exists now: the bootstrap token keeps working and a later start makes no second admin.
    const users = await usersOf(dir);
    expect(users).toEqual([expect.objectContaining({ email: 'admin@localhost', is_admin: 1 })]);
    expect(await listWith(token, dir)).toBe(200);
    const ctx = await openRuntime(loadConfig({ PAGELENS_DATA_DIR: dir, PAGELENS_LOG_LEVEL: 'silent' }));
    try {
      expect(await bootstrapAdmin(ctx.database.db, 'another-token-0123456789')).toBeNull();
    } finally {
      await closeRuntime(ctx);
    }
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
