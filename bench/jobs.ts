// Job engine overhead: how long the engine itself takes per task run (synthetic pages that do
// nothing), and task runs per second with 1 and 2 worker processes, per queue backend.
// Build and run: make bench-jobs (or node dist-bench/bench/jobs.js after tsc -p tsconfig.bench.json).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createToken, createUser } from '../src/auth/service.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { inTransaction } from '../src/db/tx.js';
import { createJob } from '../src/jobs/create.js';
import { startJobWorker } from '../src/jobs/runner.js';
import { closeRuntime, openRuntime } from '../src/runtime.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAGES = Number(process.env.BENCH_PAGES ?? 400);
const log = pino({ level: 'silent' });

interface Row {
  backend: string;
  workers: string;
  pages: number;
  seconds: number;
  perRunMs: number;
  runsPerSecond: number;
}

async function runJob(ctx: AppContext, owner: { id: string; organizationId: string }, pages: number): Promise<number> {
  const started = performance.now();
  const id = await inTransaction(ctx.database.db, (uow) =>
    createJob(uow, ctx.jobs, {
      kind: 'synthetic',
      documentId: null,
      organizationId: owner.organizationId,
      ownerId: owner.id,
      documentName: 'bench',
      payload: { pages, page_ms: 0 },
    }),
  );
  for (;;) {
    const job = await ctx.database.db.selectFrom('job_statuses').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    if (job.status === 'done') break;
    if (job.status !== 'queued' && job.status !== 'processing') throw new Error(`job ended ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return (performance.now() - started) / 1000;
}

function spawnWorkers(n: number, env: Record<string, string>): ChildProcess[] {
  return Array.from({ length: n }, () =>
    spawn(path.join(ROOT, 'bin/pagelens'), ['worker', '--concurrency', '1'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

async function waitForWorkers(ctx: AppContext, n: number): Promise<void> {
  for (;;) {
    const rows = await ctx.database.db.selectFrom('workers').select('id').where('stopped_at', 'is', null).execute();
    if (rows.length >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function benchBackend(queue: 'local' | 'bullmq'): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pagelens-bench-'));
  const env = {
    PAGELENS_DATA_DIR: dataDir,
    PAGELENS_QUEUE: queue,
    PAGELENS_BULLMQ_PREFIX: `plbench-${Date.now().toString(36)}`,
    PAGELENS_WORKER_POLL_MS: '20',
    PAGELENS_LOG_LEVEL: 'warn',
  };
  const ctx = await openRuntime(loadConfig({ ...process.env, ...env }));
  const rows: Row[] = [];
  try {
    const email = `bench-${queue}-${Date.now()}@localhost`;
    const user = await createUser(ctx.database.db, email, { organization: 'bench' });
    await createToken(ctx.database.db, email);
    const owner = { id: user.id, organizationId: user.organizationId };
    const record = (workers: string, seconds: number): void => {
      const runs = PAGES + 2; // prepare + pages + finalize
      rows.push({ backend: queue, workers, pages: PAGES, seconds, perRunMs: (seconds * 1000) / runs, runsPerSecond: runs / seconds });
    };

    // Overhead: one in-process worker, one run at a time, empty steps.
    const inProcess = await startJobWorker(ctx, log, { concurrency: 1 });
    await runJob(ctx, owner, 20); // warm-up
    record('1 in-process', await runJob(ctx, owner, PAGES));
    await inProcess.stop();

    for (const n of [1, 2]) {
      const children = spawnWorkers(n, env);
      await waitForWorkers(ctx, n);
      await runJob(ctx, owner, 20);
      record(`${n} process${n > 1 ? 'es' : ''}`, await runJob(ctx, owner, PAGES));
      await Promise.all(
        children.map(
          (c) =>
            new Promise<void>((resolve) => {
              c.once('exit', () => resolve());
              c.kill('SIGTERM');
            }),
        ),
      );
      await ctx.database.db.updateTable('workers').set({ stopped_at: new Date().toISOString() }).execute();
    }
  } finally {
    await closeRuntime(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const rows: Row[] = [];
for (const queue of (process.env.BENCH_QUEUES ?? 'local,bullmq').split(',') as Array<'local' | 'bullmq'>) {
  rows.push(...(await benchBackend(queue)));
}
console.log(`job engine, ${process.env.PAGELENS_DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, ${PAGES} empty page runs per job (+ prepare and finalize)`);
console.log('| backend | workers | seconds | engine time per task run (ms) | task runs/s |');
console.log('|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.backend} | ${r.workers} | ${r.seconds.toFixed(2)} | ${r.perRunMs.toFixed(2)} | ${r.runsPerSecond.toFixed(0)} |`);
}
