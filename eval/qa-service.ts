// The in-process service the question-answering evaluations run against: a fresh SQLite file and
// data folder, the real app and an in-process worker, one user, and the documents uploaded through
// the API and processed before the questions are asked.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createToken, createUser } from '../src/auth/service.js';
import { loadConfig, type Config } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import { startJobWorker } from '../src/jobs/runner.js';
import { closeRuntime, openRuntime } from '../src/runtime.js';

export interface EvalService {
  config: Config;
  ctx: AppContext;
  api: <T>(method: 'GET' | 'POST', url: string, payload?: object) => Promise<T>;
  /** Uploads PDFs and waits until every one is processed; the document ids in order. */
  process: (docs: Array<{ name: string; pdf: Buffer }>) => Promise<string[]>;
}

function multipart(filename: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pagelens${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` against a fresh service and removes every trace of it afterwards. */
export async function withEvalService<T>(name: string, work: (service: EvalService) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pagelens-eval-${name}-`));
  const config = loadConfig({ ...process.env, PAGELENS_DATA_DIR: dataDir, PAGELENS_DATABASE_URL: `sqlite:${path.join(dataDir, 'db.sqlite')}`, PAGELENS_WORKER_POLL_MS: '20', PAGELENS_LOG_LEVEL: 'warn' });
  const ctx = await openRuntime(config);
  const app = await buildApp(ctx, { logger: false });
  const worker = await startJobWorker(ctx, pino({ level: 'silent' }), { concurrency: 2 });
  try {
    await createUser(ctx.database.db, 'eval@localhost', { organization: 'eval' });
    const { token } = await createToken(ctx.database.db, 'eval@localhost');
    const auth = { authorization: `Bearer ${token}` };
    const api = async <R>(method: 'GET' | 'POST', url: string, payload?: object): Promise<R> => {
      const res = await app.inject({ method, url: `/api/v0${url}`, headers: auth, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<R>();
    };
    const processDocs = async (docs: Array<{ name: string; pdf: Buffer }>): Promise<string[]> => {
      const docIds: string[] = [];
      const jobs: string[] = [];
      for (const doc of docs) {
        const body = multipart(doc.name, doc.pdf);
        const res = await app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...auth, ...body.headers }, payload: body.payload });
        const posted = res.json<{ document_id: string; job_status_id: string }>();
        docIds.push(posted.document_id);
        jobs.push(posted.job_status_id);
      }
      for (const [k, job] of jobs.entries()) {
        for (;;) {
          const j = await api<{ status: string }>('GET', `/job-statuses/${job}`);
          if (j.status === 'done') break;
          // Name the document and keep the job's own report: a failure on real files must be traceable.
          if (j.status !== 'queued' && j.status !== 'processing') {
            const failures = await ctx.database.db.selectFrom('page_failures').select(['page_number', 'message']).where('job_id', '=', job).execute();
            throw new Error(`processing ${docs[k]!.name} ended ${j.status}: ${JSON.stringify(j)}; page failures: ${JSON.stringify(failures)}`);
          }
          await sleep(100);
        }
      }
      return docIds;
    };
    return await work({ config, ctx, api, process: processDocs });
  } finally {
    await worker.stop();
    await app.close();
    await closeRuntime(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
