// End-to-end ingest through the real service: `pagelens serve` with its worker processes, an
// upload over HTTP, timed until the job is done. Measures born-digital pages/s (against poppler
// on the same file), scanned pages/s with OCR, and the peak memory of API + workers on a
// 1,000-page PDF. Build: tsc -p tsconfig.bench.json; run: node dist-bench/bench/ingest.js
// (make bench-ingest). BENCH_INGEST=born,scanned,big picks parts; BENCH_WORKERS sets workers.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildPdf, prosePage } from '../test/fixtures/pdf-builder.js';
import { renderTextImage } from '../test/fixtures/text-image.js';

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
  for (let i = 0; i < 200; i++) {
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

/** RSS of a process and all its descendants, in bytes. */
function treeRss(pid: number): number {
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
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const p = stack.pop() ?? 0;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1];
      total += Number(rss ?? 0) * 1024;
    } catch {
      // gone
    }
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

async function ingest(service: Service, name: string, data: Buffer): Promise<{ seconds: number; pages: number; peakRss: number }> {
  let peakRss = 0;
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
  clearInterval(sampler);
  if (job.status !== 'done') throw new Error(`${name}: job ended ${job.status}: ${job.error_message ?? ''}`);
  return { seconds: (performance.now() - started) / 1000, pages: job.total_pages, peakRss };
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
    const image = await renderTextImage(lines, { width: 1700, fontSize: 28, lineHeight: 64, rotate: 0.7 });
    frames.push(await sharp(image.png).greyscale().jpeg({ quality: 80 }).toBuffer());
  }
  return sharp(frames, { join: { animated: true } }).tiff({ compression: 'jpeg' }).toBuffer();
}

const work = mkdtempSync(path.join(tmpdir(), 'pagelens-ingest-'));
const rows: string[] = [];
const mib = (b: number): string => `${Math.round(b / 1024 / 1024)} MiB`;
try {
  if (PARTS.has('born')) {
    const pdf = buildPdf(Array.from({ length: 100 }, (_, i) => prosePage(i + 1)), { compress: true });
    const file = path.join(work, 'born.pdf');
    writeFileSync(file, pdf);
    const service = await startService(path.join(work, 'born'));
    const r = await ingest(service, 'born.pdf', pdf);
    await service.stop();
    const peer = poppler(file, mkdtempSync(path.join(work, 'poppler-')));
    rows.push(`| born-digital, 100 pages | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(2)} | ${(r.pages / r.seconds).toFixed(1)} | ${mib(r.peakRss)} |`);
    if (peer !== null) rows.push(`| born-digital, 100 pages | poppler pdftoppm -r 150 -png + pdftotext | ${peer.toFixed(2)} | ${(100 / peer).toFixed(1)} | |`);
  }
  if (PARTS.has('scanned')) {
    const tiff = await scannedTiff(Number(process.env.BENCH_SCANNED_PAGES ?? 10));
    const service = await startService(path.join(work, 'scanned'));
    const r = await ingest(service, 'scan.tiff', tiff);
    await service.stop();
    rows.push(`| scanned (OCR), ${r.pages} pages 200 dpi | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(2)} | ${(r.pages / r.seconds).toFixed(2)} | ${mib(r.peakRss)} |`);
  }
  if (PARTS.has('big')) {
    const pdf = buildPdf(Array.from({ length: 1000 }, (_, i) => prosePage(i + 1, 20)), { compress: true });
    const service = await startService(path.join(work, 'big'));
    const r = await ingest(service, 'big.pdf', pdf);
    await service.stop();
    rows.push(`| 1,000 pages | PageLens end to end (${WORKERS} workers) | ${r.seconds.toFixed(1)} | ${(r.pages / r.seconds).toFixed(1)} | ${mib(r.peakRss)} |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log('| input | method | seconds | pages/s | peak RSS (API + workers) |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(r);
