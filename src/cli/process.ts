// `pagelens process FILE`: upload through the HTTP API, show progress per page until the job
// ends, then print a JSON summary on stdout. Progress goes to stderr.
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';

export interface ProcessOptions {
  url: string;
  token: string;
  name?: string;
  tags?: string;
  pollMs?: number;
  /** Per-page bars up to this many pages; above it, one bar for the document. */
  maxPageBars?: number;
}

interface JobView {
  id: string;
  status: string;
  total_pages: number;
  finished_pages: number;
  failed_pages: number;
  error_message: string | null;
  duration_ms: number | null;
}

interface PageRunView {
  page_number: number;
  status: string;
}

export interface ProcessSummary {
  document_id: string;
  job_status_id: string;
  status: string;
  pages: number;
  failed_pages: number;
  error_message: string | null;
  seconds: number;
}

async function api<T>(opts: ProcessOptions, route: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${opts.url.replace(/\/+$/, '')}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${opts.token}`, ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const PAGE_VALUE: Record<string, number> = { queued: 0, waiting: 0, running: 1, done: 2, error: 2, cancelled: 2 };

interface ProgressView {
  job(job: JobView): void;
  page(run: PageRunView): void;
  stop(): void;
}

/** Bars on a terminal; on a pipe or log file, one line per change instead. */
function progressView(jobId: string): ProgressView {
  if (!process.stderr.isTTY) {
    const seen = new Map<number, string>();
    let last = '';
    return {
      job(job) {
        const line = `job ${jobId}: ${job.status} ${job.finished_pages}/${job.total_pages} pages`;
        if (line !== last) process.stderr.write(`${line}\n`);
        last = line;
      },
      page(run) {
        if (seen.get(run.page_number) === run.status) return;
        seen.set(run.page_number, run.status);
        process.stderr.write(`  page ${run.page_number}: ${run.status}\n`);
      },
      stop() {},
    };
  }
  const multibar = new cliProgress.MultiBar(
    { format: ' {label} [{bar}] {state}', hideCursor: true, clearOnComplete: false, stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  const overall = multibar.create(1, 0, { label: 'document'.padEnd(9), state: 'queued' });
  const bars = new Map<number, cliProgress.SingleBar>();
  return {
    job(job) {
      overall.setTotal(Math.max(1, job.total_pages));
      overall.update(job.finished_pages, { label: 'document'.padEnd(9), state: `${job.status} ${job.finished_pages}/${job.total_pages} pages` });
    },
    page(run) {
      const label = `page ${run.page_number}`.padEnd(9);
      let bar = bars.get(run.page_number);
      if (!bar) {
        bar = multibar.create(2, 0, { label, state: run.status });
        bars.set(run.page_number, bar);
      }
      bar.update(PAGE_VALUE[run.status] ?? 0, { label, state: run.status });
    },
    stop: () => multibar.stop(),
  };
}

export async function processFile(file: string, opts: ProcessOptions): Promise<ProcessSummary> {
  const started = Date.now();
  await stat(file);
  const form = new FormData();
  form.append('file', await openAsBlob(file), path.basename(file));
  if (opts.name) form.append('name', opts.name);
  if (opts.tags) form.append('tags', opts.tags);
  const created = await api<{ document_id: string; job_status_id: string }>(opts, '/api/v0/documents', {
    method: 'POST',
    body: form,
  });
  const view = progressView(created.job_status_id);
  let job: JobView;
  try {
    for (;;) {
      job = await api<JobView>(opts, `/api/v0/job-statuses/${created.job_status_id}`);
      view.job(job);
      if (job.total_pages > 0 && job.total_pages <= (opts.maxPageBars ?? 40)) {
        const runs = await api<{ page_runs: PageRunView[] }>(opts, `/api/v0/job-statuses/${job.id}/page-runs`);
        for (const run of runs.page_runs) view.page(run);
      }
      if (['done', 'error', 'cancelled'].includes(job.status)) break;
      await new Promise((resolve) => setTimeout(resolve, opts.pollMs ?? 500));
    }
  } finally {
    view.stop();
  }
  return {
    document_id: created.document_id,
    job_status_id: created.job_status_id,
    status: job.status,
    pages: job.total_pages,
    failed_pages: job.failed_pages,
    error_message: job.error_message,
    seconds: (Date.now() - started) / 1000,
  };
}
