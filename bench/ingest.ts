// End-to-end ingest through the real service: `pagelens serve` with its worker processes, an
// upload over HTTP, timed until the job is done. Measures born-digital pages/s (against poppler
// on the same file), scanned pages/s with OCR, and the peak memory of API + workers on a
// 1,000-page PDF. Build: tsc -p tsconfig.bench.json; run: node dist-bench/bench/ingest.js
// (make bench-ingest). BENCH_INGEST=born,scanned,big picks parts (default); scanned-real is issue
// 22's dense pages: federal-register pages 1-12 and WARN-report pages 1-8 scanned at 200 dpi
// (eval/scan-pages.ts, seed BENCH_SCANS_SEED, 22) as one image-only PDF, from EVAL_DATA
// (/work/shared/data); make bench-scans. BENCH_WORKERS sets workers.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildPdf, prosePage } from '../test/fixtures/pdf-builder.js';
import { drawTextPage } from '../test/fixtures/text-image.js';
import { densePages, imageOnlyPdf, scanImage } from '../eval/scan-pages.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'bench-token-0123456789abcdef';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const PARTS = new Set((process.env.BENCH_INGEST ?? 'born,scanned,big').split(','));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Service {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function startService(dataDir: string): Promise<Service> {
  const port = await freePort();
  const proc = spawn(path.join(ROOT, 'bin/pagelens'), ['serve', '--port', String(port)], {
    env: {
      ...process.env,
      PAGELENS_DATA_DIR: dataDir,
      PAGELENS_BOOTSTRAP_TOKEN: TOKEN,
      PAGELENS_WORKER_CONCURRENCY: String(WORKERS),
      PAGELENS_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // (up to 2 minutes: at a load of 20 on 2 cores the service took over 20 s to listen)
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Wait until every worker process has registered.
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${url}/api/v0/queue-status`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = (await res.json()) as { workers: { items: Array<{ alive: boolean }> } };
    if (body.workers.items.filter((w) => w.alive).length >= WORKERS) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    proc,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** A process and all its descendants (pids), the process first. */
function tree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() ?? 0;
    out.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return out;
}

/** RSS of a process and all its descendants, in bytes. */
function treeRss(pid: number): number {
  let total = 0;
  for (const p of tree(pid)) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      total += Number(rss ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU seconds (user + system) of the service: `own` is what the Node processes (API and workers)
 * spent themselves, `tools` what their ended child processes (tesseract, LibreOffice) spent.
 */
function treeCpu(pid: number): { own: number; tools: number } {
  let own = 0;
  let tools = 0;
  for (const p of tree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
      // Fields 14-17 of stat (utime, stime, cutime, cstime) are 11-14 after the state field.
      const self = (f[11] ?? 0) + (f[12] ?? 0);
      if (comm.startsWith('node') || p === pid) own += self;
      else tools += self; // a child still running
      tools += (f[13] ?? 0) + (f[14] ?? 0);
    } catch {
      // gone
    }
  }
  return { own: own / TICKS_PER_SECOND, tools: tools / TICKS_PER_SECOND };
}

interface IngestResult {
  seconds: number;
  pages: number;
  peakRss: number;
  /** CPU seconds per page of the Node processes and of their child processes (OCR). */
  cpuPerPage: { own: number; tools: number };
}

async function ingest(service: Service, name: string, data: Buffer): Promise<IngestResult> {
  let peakRss = 0;
  const cpuBefore = treeCpu(service.proc.pid ?? 0);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, treeRss(service.proc.pid ?? 0))), 200);
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const auth = { authorization: `Bearer ${TOKEN}` };
  const posted = (await (await fetch(`${service.url}/api/v0/documents`, { method: 'POST', body: form, headers: auth })).json()) as {
    job_status_id: string;
  };
  let job: { status: string; total_pages: number; error_message: string | null };
  for (;;) {
    job = (await (await fetch(`${service.url}/api/v0/job-statuses/${posted.job_status_id}`, { headers: auth })).json()) as typeof job;
    if (['done', 'error', 'cancelled'].includes(job.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = treeCpu(service.proc.pid ?? 0);
  clearInterval(sampler);
  if (job.status !== 'done') throw new Error(`${name}: job ended ${job.status}: ${job.error_message ?? ''}`);
  const pages = job.total_pages;
  const cpuPerPage = { own: (cpuAfter.own - cpuBefore.own) / pages, tools: (cpuAfter.tools - cpuBefore.tools) / pages };
  return { seconds, pages, peakRss, cpuPerPage };
}

function poppler(file: string, dir: string): number | null {
  if (spawnSync('pdftoppm', ['-v']).error) return null;
  const started = performance.now();
  execFileSync('pdftoppm', ['-r', '150', '-png', file, path.join(dir, 'p')]);
  execFileSync('pdftotext', ['-layout', file, path.join(dir, 'out.txt')]);
  return (performance.now() - started) / 1000;
}

async function scannedTiff(pages: number): Promise<Buffer> {
  const frames: Buffer[] = [];
  for (let i = 0; i < pages; i++) {
    const lines = Array.from({ length: 30 }, (_, k) => `Line ${k + 1} of scanned page ${i + 1}: inspection of valve V-${100 + k} passed.`);
    // (drawn once a page: the bench needs no word boxes, and measuring them took 36 s a page)
    const png = await drawTextPage(lines, { width: 1700, fontSize: 28, lineHeight: 64, rotate: 0.7 });
    frames.push(await sharp(png).greyscale().jpeg({ quality: 80 }).toBuffer());
  }
  return sharp(frames, { join: { animated: true } }).tiff({ compression: 'jpeg' }).toBuffer();
}

const work = mkdtempSync(path.join(tmpdir(), 'pagelens-ingest-'));
const rows: string[] = [];
const mib = (b: number): string => `${Math.round(b / 1024 / 1024)} MiB`;
// CPU per page is robust to other load on the machine; cores / CPU per page is the rate this
// machine would reach if the pipeline kept every core busy.
const cores = availableParallelism();
const cpu = (r: IngestResult): string => {
  const total = r.cpuPerPage.own + r.cpuPerPage.tools;
  return `${r.cpuPerPage.own.toFixed(3)} + ${r.cpuPerPage.tools.toFixed(3)} = ${total.toFixed(3)} (${(cores / total).toFixed(2)} pages/s on ${cores} cores)`;
};
const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
try {
  if (PARTS.has('born')) {
    const pdf = buildPdf(Array.from({ length: 100 }, (_, i) => prosePage(i + 1)), { compress: true });
    const file = path.join(work, 'born.pdf');
    writeFileSync(file, pdf);
    const service = await startService(path.join(work, 'born'));
    // (the service is stopped whether or not the job succeeds: a failed page throws)
    const r = await ingest(service, 'born.pdf', pdf).finally(() => service.stop());
    const peer = poppler(file, mkdtempSync(path.join(work, 'poppler-')));
    rows.push(`| born-digital, 100 pages | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(2)} | ${(r.pages / r.seconds).toFixed(1)} | ${cpu(r)} | ${mib(r.peakRss)} |`);
    if (peer !== null) rows.push(`| born-digital, 100 pages | poppler pdftoppm -r 150 -png + pdftotext | ${peer.toFixed(2)} | ${(100 / peer).toFixed(1)} | | |`);
  }
  if (PARTS.has('scanned')) {
    const tiff = await scannedTiff(Number(process.env.BENCH_SCANNED_PAGES ?? 10));
    const service = await startService(path.join(work, 'scanned'));
    const r = await ingest(service, 'scan.tiff', tiff).finally(() => service.stop());
    rows.push(`| scanned (OCR), ${r.pages} pages 200 dpi | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(2)} | ${(r.pages / r.seconds).toFixed(2)} | ${cpu(r)} | ${mib(r.peakRss)} |`);
  }
  if (PARTS.has('scanned-real')) {
    const seed = Number(process.env.BENCH_SCANS_SEED ?? 22);
    const scans = [];
    for (const ref of densePages(process.env.EVAL_DATA ?? '/work/shared/data')) scans.push(await scanImage(ref, seed, 200));
    const pdf = await imageOnlyPdf(scans);
    const service = await startService(path.join(work, 'scanned-real'));
    const r = await ingest(service, 'dense-scans.pdf', Buffer.from(pdf)).finally(() => service.stop());
    rows.push(`| scanned dense real pages (issue 22), ${r.pages} pages 200 dpi, seed ${seed} | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(2)} | ${(r.pages / r.seconds).toFixed(2)} | ${cpu(r)} | ${mib(r.peakRss)} |`);
  }
  if (PARTS.has('big')) {
    const pdf = buildPdf(Array.from({ length: 1000 }, (_, i) => prosePage(i + 1, 20)), { compress: true });
    const service = await startService(path.join(work, 'big'));
    const r = await ingest(service, 'big.pdf', pdf).finally(() => service.stop());
    rows.push(`| 1,000 pages | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(1)} | ${(r.pages / r.seconds).toFixed(1)} | ${cpu(r)} | ${mib(r.peakRss)} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`load average before: ${loadBefore}; after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
console.log('| input | method | seconds | pages/s | CPU s/page: Node + child processes (CPU-bound rate) | peak RSS (API + workers) |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
