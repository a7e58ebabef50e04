// One file, two ways of running PageLens with two workers each (issue 21): the embedded default
// (`pagelens serve`: SQLite, the local queue, two forked workers) against several machines'
// settings on one machine (`pagelens serve --no-worker` plus two `pagelens worker` processes on
// PostgreSQL and BullMQ). Same born-digital PDF (96 pages), timed from the upload to `done`; then
// the job's task runs are read back from the database to say where the time went: prepare,
// pages (run time and the wait before each), finalize, and the idle time of the two workers.
// Build: tsc -p tsconfig.bench.json; run: node dist-bench/bench/topologies.js (make bench-topologies).
// BENCH_RUNS (3) alternating runs per topology; BENCH_TOPOLOGIES picks from
// embedded,pg-bullmq,pg-local,sqlite-split; BENCH_PAGES (96). BENCH_PROFILE=1 also records V8
// CPU profiles (--cpu-prof) of the processes the bench starts (the API and standalone workers;
// not the workers `serve` forks: profile sqlite-split instead of embedded) and prints their
// main-thread time per page by where it was spent (bench/cpu-profile.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/connection.js';
import { monotonicMicros, profileTable, summarizeProfiles, topFunctions } from './cpu-profile.js';
import { buildPdf, prosePage } from '../test/fixtures/pdf-builder.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'dist/main.js');
const TOKEN = 'bench-token-0123456789abcdef';
const PAGES = Number(process.env.BENCH_PAGES ?? 96);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILES = mkdtempSync(path.join(tmpdir(), 'pagelens-topo-prof-'));

type Topology = 'embedded' | 'pg-bullmq' | 'pg-local' | 'sqlite-split';
const TOPOLOGIES = (process.env.BENCH_TOPOLOGIES ?? 'embedded,pg-bullmq').split(',') as Topology[];

const DESCRIPTION: Record<Topology, string> = {
  embedded: 'serve (2 forked workers), SQLite, local queue',
  'pg-bullmq': 'serve --no-worker + 2 x worker, PostgreSQL, BullMQ',
  'pg-local': 'serve --no-worker + 2 x worker, PostgreSQL, local queue',
  'sqlite-split': 'serve --no-worker + 2 x worker, SQLite, local queue',
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system, ended children included) of every process whose name matches. */
function cpuOf(match: (comm: string, pid: number) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!match(comm, Number(entry))) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
      ticks += (f[11] ?? 0) + (f[12] ?? 0) + (f[13] ?? 0) + (f[14] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

interface Service {
  url: string;
  pids: () => number[];
  databaseUrl: string;
  stop(): Promise<void>;
}

async function waitFor(what: string, probe: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    let ok = false;
    try {
      ok = await probe();
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('a PageLens process exited')) throw err;
    }
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startService(topology: Topology, run: number): Promise<Service> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pagelens-topo-'));
  let schema: string | null = null;
  let databaseUrl = `sqlite:${path.join(dataDir, 'pagelens.db')}`;
  if (topology === 'pg-bullmq' || topology === 'pg-local') {
    schema = `bench_topo_${Date.now().toString(36)}_${run}`;
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    databaseUrl = `${POSTGRES}?schema=${schema}`;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PAGELENS_DATA_DIR: dataDir,
    PAGELENS_DATABASE_URL: databaseUrl,
    PAGELENS_QUEUE: topology === 'pg-bullmq' ? 'bullmq' : 'local',
    PAGELENS_REDIS_URL: REDIS,
    PAGELENS_BULLMQ_PREFIX: `pltopo-${Date.now().toString(36)}-${run}`,
    PAGELENS_BOOTSTRAP_TOKEN: TOKEN,
    PAGELENS_WORKER_CONCURRENCY: '2',
    PAGELENS_LOG_LEVEL: 'warn',
  };
  const port = await freePort();
  const embedded = topology === 'embedded';
  // Profiles are written when each process exits (SIGTERM at the end of the run).
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILES, `${topology}-${run}`)}`] : [];
  const pagelens = (args: string[]): ChildProcess => spawn(process.execPath, [...profile, MAIN, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const procs: ChildProcess[] = [pagelens(['serve', '--port', String(port), ...(embedded ? [] : ['--no-worker'])])];
  const url = `http://127.0.0.1:${port}`;
  const alive = (): void => {
    const dead = procs.find((p) => p.exitCode !== null);
    if (dead) throw new Error(`a PageLens process exited with ${dead.exitCode}`);
  };
  await waitFor('the API', async () => {
    alive();
    return (await fetch(`${url}/readyz`)).ok;
  });
  if (!embedded) for (let i = 0; i < 2; i++) procs.push(pagelens(['worker', '--concurrency', '1']));
  await waitFor('two workers', async () => {
    const res = await fetch(`${url}/api/v0/queue-status`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = (await res.json()) as { workers: { items: Array<{ alive: boolean }> } };
    return body.workers.items.filter((w) => w.alive).length >= 2;
  });
  const tree = (): number[] => {
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // ended
      }
    }
    const roots = new Set(procs.map((p) => p.pid ?? -1));
    return [...parents.keys()].filter((pid) => {
      for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) if (roots.has(p)) return true;
      return false;
    });
  };
  return {
    url,
    pids: tree,
    databaseUrl,
    async stop() {
      await Promise.all(
        procs.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.exitCode !== null) return resolve();
              p.once('exit', () => resolve());
              p.kill('SIGTERM');
            }),
        ),
      );
      if (schema) {
        const client = new pg.Client({ connectionString: POSTGRES });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Result {
  topology: Topology;
  seconds: number;
  upload: number;
  prepare: number;
  /** From prepare's end to the first page's start. */
  fanOut: number;
  pagesSpan: number;
  pageRunMs: { mean: number; p50: number; p95: number };
  /** Mean time a worker spent between finishing a page and starting its next: hand-over and claim. */
  gapMs: number;
  /** From the last page's end to finalize's end. */
  finalize: number;
  /** Share of the two workers' time during the pages span spent outside page runs. */
  idle: number;
  /** CPU seconds per page: the PageLens processes; PostgreSQL and Redis (machine-wide, shared). */
  cpu: { pagelens: number; postgres: number; redis: number };
}

/** Per worker, the pauses between one page's end and its next page's start, averaged. */
function meanGap(pages: Array<{ worker_id: string | null; started_at: string | null; finished_at: string | null }>): number {
  const byWorker = new Map<string, Array<{ start: number; end: number }>>();
  for (const p of pages) {
    if (!p.worker_id || !p.started_at || !p.finished_at) continue;
    byWorker.set(p.worker_id, [...(byWorker.get(p.worker_id) ?? []), { start: Date.parse(p.started_at), end: Date.parse(p.finished_at) }]);
  }
  let total = 0;
  let n = 0;
  for (const runs of byWorker.values()) {
    runs.sort((a, b) => a.start - b.start);
    for (let i = 1; i < runs.length; i++) {
      total += Math.max(0, (runs[i]?.start ?? 0) - (runs[i - 1]?.end ?? 0));
      n++;
    }
  }
  return n === 0 ? 0 : total / n;
}

const ms = (a: string | null, b: string | null): number => (a && b ? Date.parse(b) - Date.parse(a) : 0);
const pct = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function runOnce(topology: Topology, pdf: Buffer, run: number): Promise<Result> {
  const service = await startService(topology, run);
  try {
    const pids = new Set(service.pids());
    const mine = (_comm: string, pid: number): boolean => pids.has(pid);
    const before = { pagelens: cpuOf(mine), postgres: cpuOf((c) => c.startsWith('postgres')), redis: cpuOf((c) => c.startsWith('redis-server')) };
    const auth = { authorization: `Bearer ${TOKEN}` };
    const from = monotonicMicros();
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)]), 'topologies.pdf');
    const posted = (await (await fetch(`${service.url}/api/v0/documents`, { method: 'POST', body: form, headers: auth })).json()) as { job_status_id: string };
    const upload = (performance.now() - started) / 1000;
    for (;;) {
      for (const pid of service.pids()) pids.add(pid);
      const job = (await (await fetch(`${service.url}/api/v0/job-statuses/${posted.job_status_id}`, { headers: auth })).json()) as { status: string; error_message: string | null };
      if (job.status === 'done') break;
      if (job.status === 'error' || job.status === 'cancelled') throw new Error(`job ended ${job.status}: ${job.error_message ?? ''}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    if (PROFILE) {
      const dir = path.join(PROFILES, `${topology}-${run}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'window.json'), JSON.stringify({ from, to: monotonicMicros() }));
    }
    const after = { pagelens: cpuOf(mine), postgres: cpuOf((c) => c.startsWith('postgres')), redis: cpuOf((c) => c.startsWith('redis-server')) };
    const database = openDatabase(service.databaseUrl);
    try {
      const runs = await database.db.selectFrom('task_runs').selectAll().where('job_id', '=', posted.job_status_id).execute();
      const prepare = runs.find((r) => r.task === 'prepare');
      const finalize = runs.find((r) => r.task === 'finalize');
      const pages = runs.filter((r) => r.task === 'page' && r.status === 'done');
      const durations = pages.map((r) => ms(r.started_at, r.finished_at)).sort((a, b) => a - b);
      const firstStart = Math.min(...pages.map((r) => Date.parse(r.started_at ?? '')));
      const lastEnd = Math.max(...pages.map((r) => Date.parse(r.finished_at ?? '')));
      const busy = durations.reduce((a, b) => a + b, 0);
      const span = lastEnd - firstStart;
      const prepEnd = prepare?.finished_at ? Date.parse(prepare.finished_at) : firstStart;
      return {
        topology,
        seconds,
        upload,
        prepare: ms(prepare?.started_at ?? null, prepare?.finished_at ?? null) / 1000,
        fanOut: (firstStart - prepEnd) / 1000,
        pagesSpan: span / 1000,
        pageRunMs: { mean: busy / Math.max(1, durations.length), p50: pct(durations, 0.5), p95: pct(durations, 0.95) },
        gapMs: meanGap(pages),
        finalize: ((finalize?.finished_at ? Date.parse(finalize.finished_at) : lastEnd) - lastEnd) / 1000,
        idle: span > 0 ? 1 - busy / (2 * span) : 0,
        cpu: {
          pagelens: (after.pagelens - before.pagelens) / PAGES,
          postgres: (after.postgres - before.postgres) / PAGES,
          redis: (after.redis - before.redis) / PAGES,
        },
      };
    } finally {
      await database.close();
    }
  } finally {
    await service.stop();
  }
}

const pdf = buildPdf(Array.from({ length: PAGES }, (_, i) => prosePage(i + 1)), { compress: true });
const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
const results: Result[] = [];
for (let run = 0; run < RUNS; run++) {
  // Alternate the order so that drifting load does not favour one topology.
  const order = run % 2 === 0 ? TOPOLOGIES : [...TOPOLOGIES].reverse();
  for (const topology of order) {
    const r = await runOnce(topology, pdf, run);
    results.push(r);
    console.error(`run ${run + 1} ${topology}: ${r.seconds.toFixed(2)} s`);
  }
}
console.log(`${PAGES}-page born-digital PDF, two workers each; load average before ${loadBefore}, after ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
console.log('| topology | run | seconds | upload s | prepare s | fan-out s | pages span s | page run ms mean / p50 / p95 | gap between pages ms | finalize s | worker idle | CPU s/page PageLens / PostgreSQL / Redis |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const topology of TOPOLOGIES) {
  const mine = results.filter((r) => r.topology === topology);
  mine.forEach((r, i) => {
    console.log(
      `| ${DESCRIPTION[topology]} | ${i + 1} | ${r.seconds.toFixed(2)} | ${r.upload.toFixed(2)} | ${r.prepare.toFixed(2)} | ${r.fanOut.toFixed(2)} | ${r.pagesSpan.toFixed(2)} | ` +
        `${r.pageRunMs.mean.toFixed(0)} / ${r.pageRunMs.p50.toFixed(0)} / ${r.pageRunMs.p95.toFixed(0)} | ${r.gapMs.toFixed(1)} | ${r.finalize.toFixed(2)} | ` +
        `${(r.idle * 100).toFixed(0)} % | ${r.cpu.pagelens.toFixed(3)} / ${r.cpu.postgres.toFixed(3)} / ${r.cpu.redis.toFixed(3)} |`,
    );
  });
}
if (PROFILE) {
  for (const topology of TOPOLOGIES) {
    const dirs = readdirSync(PROFILES).filter((d) => d.startsWith(`${topology}-`)).map((d) => path.join(PROFILES, d));
    console.log(`\nmain-thread CPU per page from upload to done, ${DESCRIPTION[topology]} (${dirs.length} run(s), all processes; native threads such as libvips not included)`);
    const summary = summarizeProfiles(dirs);
    for (const line of profileTable(summary, PAGES * dirs.length)) console.log(line);
    console.log('largest functions in node internals, native code and the database and queue clients:');
    const clients = ['node internals', '(native)', 'pg', 'pg-protocol', 'pg-pool', 'kysely', 'better-sqlite3', 'ioredis', 'bullmq'];
    for (const line of topFunctions(summary, PAGES * dirs.length, clients, 12)) console.log(line);
  }
}
rmSync(PROFILES, { recursive: true, force: true });
const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const base = median(results.filter((r) => r.topology === TOPOLOGIES[0]).map((r) => r.seconds));
for (const topology of TOPOLOGIES.slice(1)) {
  const m = median(results.filter((r) => r.topology === topology).map((r) => r.seconds));
  console.log(`median ${topology} ${m.toFixed(2)} s vs ${TOPOLOGIES[0]} ${base.toFixed(2)} s: ${(((m - base) / base) * 100).toFixed(1)} %`);
}
