// Real `pagelens` processes on several-machine settings: a configuration that cannot work is
// refused, a start-up failure ends the process (non-zero) instead of leaving it hanging, and the
// maintenance lease moves from a worker killed with SIGKILL to a process still alive.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_LEASE, startBackground, type Background } from '../../src/maintenance.js';
import { leaseHolder } from '../../src/maintenance-lease.js';
import { DB_KINDS, startTestApp, type TestApp } from '../helpers/app.js';
import { queueEnv, silentLog, waitFor } from '../jobs/helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/pagelens');

beforeAll(() => {
  if (!existsSync(path.join(ROOT, 'dist/main.js'))) {
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  }
}, 120_000);

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PAGELENS_') && k !== 'DATABASE_URL') env[k] = v;
  return { ...env, PAGELENS_LOG_LEVEL: 'warn', ...extra };
}

interface Ran {
  code: number | null;
  stderr: string;
}

/** Runs the CLI; a process still alive after `limitMs` is killed and reported as code null. */
function runCli(args: string[], env: NodeJS.ProcessEnv, limitMs = 60_000): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(BIN, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, stderr });
    });
  });
}

describe.runIf(DB_KINDS.includes('postgres'))('pagelens processes on several machines', { timeout: 120_000 }, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('postgres', queueEnv('local', { PAGELENS_RETENTION_SWEEP_INTERVAL_S: '1' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const shared = (extra: Record<string, string> = {}) =>
    cleanEnv({ PAGELENS_DATA_DIR: t.dataDir, PAGELENS_DATABASE_URL: t.ctx.config.databaseUrl, ...extra });

  it('refuses a BullMQ worker without the shared database, and warns about an unprefixed DATABASE_URL', async () => {
    const res = await runCli(['worker'], cleanEnv({ PAGELENS_DATA_DIR: t.dataDir, PAGELENS_QUEUE: 'bullmq', DATABASE_URL: t.ctx.config.databaseUrl }));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/warning: DATABASE_URL is set but PageLens reads only PAGELENS_DATABASE_URL/);
    expect(res.stderr).toMatch(/PAGELENS_QUEUE=bullmq needs the database every process shares/);
  });

  it('exits non-zero when serve (BullMQ) finds its port taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const res = await runCli(['serve', '--no-worker', '--port', String(port)], shared(queueEnv('bullmq')));
      expect(res.code, res.stderr).toBe(1);
      expect(res.stderr).toMatch(/EADDRINUSE/);
    } finally {
      taken.close();
    }
  });

  it('exits non-zero when a BullMQ worker cannot reach Redis', async () => {
    const res = await runCli(['worker'], shared(queueEnv('bullmq', { PAGELENS_REDIS_URL: 'redis://127.0.0.1:1', PAGELENS_REDIS_TIMEOUT_MS: '1000' })));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1 is unreachable: .*ECONNREFUSED/);
    expect(res.stderr).not.toMatch(/Unhandled|unhandled/);
  });

  it('runs maintenance in one process: a standalone worker holds the lease until it is killed', async () => {
    const child: ChildProcess = spawn(BIN, ['worker', '--concurrency', '1'], {
      cwd: ROOT,
      env: shared(queueEnv('local', { PAGELENS_RETENTION_SWEEP_INTERVAL_S: '1' })),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const db = t.ctx.database.db;
    let other: Background | null = null;
    try {
      const holder = await waitFor(() => leaseHolder(db, MAINTENANCE_LEASE), (h) => h !== null, 30_000, 100);
      expect(holder).toContain(`-${child.pid}-`);
      const survivor = startBackground(t.ctx, silentLog);
      other = survivor;
      // While the worker lives, the other process asks every second and never gets it.
      await new Promise((r) => setTimeout(r, 2500));
      expect(survivor.passes()).toBe(0);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // The lease (three ticks) expires and the survivor takes over.
      await waitFor(async () => survivor.passes(), (n) => n > 0, 20_000, 200);
      expect(await leaseHolder(db, MAINTENANCE_LEASE)).toBe(survivor.holder);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await other?.stop();
    }
  });
});
