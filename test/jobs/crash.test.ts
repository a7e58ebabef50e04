// Worker processes against one database, on both backends: a worker killed with SIGKILL in the
// middle of a job costs a retry, not a page; two workers share one job's pages without duplicates.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { createSynthetic, getJob, queueEnv, QUEUE_KINDS, waitFor } from './helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/pagelens');
// BullMQ over a SQLite file is refused by `pagelens worker` (config.ts checkTopology): not a pair.
const MATRIX = DB_KINDS.flatMap((db) => QUEUE_KINDS.map((queue) => [db, queue] as const)).filter(
  ([db, queue]) => !(db === 'sqlite' && queue === 'bullmq'),
);

beforeAll(() => {
  if (!existsSync(path.join(ROOT, 'dist/main.js'))) {
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  }
}, 120_000);

describe.each(MATRIX)('worker processes (%s, %s)', (dbKind, queueKind) => {
  let t: TestApp;
  let user: TestUser;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    env = queueEnv(queueKind, { PAGELENS_BULLMQ_LOCK_MS: '4000', PAGELENS_LOG_LEVEL: 'warn' });
    t = await startTestApp(dbKind, env);
    user = await t.user(`crash.${dbKind}.${queueKind}@example.com`);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
  });
  afterAll(async () => {
    await t.close();
  });

  function startWorker(): ChildProcess {
    const child = spawn(BIN, ['worker', '--concurrency', '1'], {
      env: {
        ...process.env,
        ...env,
        PAGELENS_DATA_DIR: t.dataDir,
        PAGELENS_DATABASE_URL: t.ctx.config.databaseUrl,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  }

  async function workerIdOf(pid: number): Promise<string> {
    const row = await waitFor(
      () => t.ctx.database.db.selectFrom('workers').select('id').where('pid', '=', pid).executeTakeFirst(),
      (r) => r !== undefined,
      30_000, // a worker process starting on a loaded machine (build, migrate, connect) can take a while
    );
    return row?.id ?? '';
  }

  async function pageRuns(jobId: string) {
    return t.ctx.database.db
      .selectFrom('task_runs')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('task', '=', 'page')
      .orderBy('page_key')
      .execute();
  }

  it('finishes every page exactly once when a worker is killed mid-job', async () => {
    const a = startWorker();
    const b = startWorker();
    const aId = await workerIdOf(a.pid ?? 0);
    await workerIdOf(b.pid ?? 0);
    const jobId = await createSynthetic(t.ctx, user, { pages: 24, page_ms: 250, name: 'crash test' });
    // Wait until worker A is inside a page, then kill it without warning.
    await waitFor(
      () =>
        t.ctx.database.db
          .selectFrom('task_runs')
          .select('id')
          .where('job_id', '=', jobId)
          .where('task', '=', 'page')
          .where('status', '=', 'running')
          .where('worker_id', '=', aId)
          .execute(),
      (rows) => rows.length > 0,
      20_000,
      20,
    );
    a.kill('SIGKILL');
    const job = await waitFor(() => getJob(t, user, jobId), (j) => ['done', 'error', 'cancelled'].includes(j.status), 60_000, 200);
    expect(job).toMatchObject({ status: 'done', total_pages: 24, finished_pages: 24, failed_pages: 0 });
    const runs = await pageRuns(jobId);
    expect(runs.map((r) => r.page_number)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(runs.every((r) => r.status === 'done')).toBe(true);
    // The page the dead worker held was taken back and run again by the survivor.
    expect(runs.some((r) => r.retry_count > 0)).toBe(true);
  }, 90_000);

  it('resumes an unfinished job after every worker died and a new one starts', async () => {
    const a = startWorker();
    const aId = await workerIdOf(a.pid ?? 0);
    const jobId = await createSynthetic(t.ctx, user, { pages: 10, page_ms: 200, name: 'restart' });
    await waitFor(() => getJob(t, user, jobId), (j) => j.finished_pages >= 2, 20_000, 50);
    a.kill('SIGKILL');
    await new Promise((resolve) => a.once('exit', resolve));
    const stalled = await getJob(t, user, jobId);
    expect(stalled.status).toBe('processing');
    startWorker();
    // A bound, not a timing: a fresh worker process starts slowly on a loaded two-core machine.
    const job = await waitFor(() => getJob(t, user, jobId), (j) => j.status === 'done', 120_000, 200);
    expect(job.finished_pages).toBe(10);
    const dead = await t.ctx.database.db.selectFrom('workers').select('stopped_at').where('id', '=', aId).executeTakeFirst();
    expect(dead?.stopped_at).not.toBeNull();
  }, 180_000);

  it('shares one job between two workers without running a page twice', async () => {
    const a = startWorker();
    const b = startWorker();
    await workerIdOf(a.pid ?? 0);
    await workerIdOf(b.pid ?? 0);
    const jobId = await createSynthetic(t.ctx, user, { pages: 30, page_ms: 40, name: 'shared' });
    const job = await waitFor(() => getJob(t, user, jobId), (j) => j.status === 'done', 60_000, 100);
    expect(job.finished_pages).toBe(30);
    const runs = await pageRuns(jobId);
    expect(runs).toHaveLength(30);
    expect(runs.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    expect(new Set(runs.map((r) => r.worker_id)).size).toBe(2);
  }, 90_000);
});
