// Answering latency offline over 1,000 pages: 250 generated four-page reports (eval/qa-set.ts)
// are written straight into the documents and chunks tables (the pipeline is measured by its own
// benches; here only retrieval and answering count), then questions are asked through the HTTP
// API over all 1,000 pages and timed from POST to a done answer, and inside the job.
// Usage: node dist-bench/bench/qa.js [--docs 250] [--questions 30]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createToken, createUser } from '../src/auth/service.js';
import { loadConfig } from '../src/config.js';
import { startJobWorker } from '../src/jobs/runner.js';
import { chunkLines } from '../src/pipeline/chunk.js';
import { closeRuntime, openRuntime } from '../src/runtime.js';
import { newId, nowIso } from '../src/util.js';
import { generateQaSet, placedBox } from '../eval/qa-set.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main(): Promise<void> {
  const docCount = arg('docs', 250);
  const questionCount = arg('questions', 30);
  const { docs, items } = generateQaSet(docCount, 11);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pagelens-bench-qa-'));
  const config = loadConfig({ ...process.env, PAGELENS_DATA_DIR: dataDir, PAGELENS_DATABASE_URL: `sqlite:${path.join(dataDir, 'db.sqlite')}`, PAGELENS_WORKER_POLL_MS: '10', PAGELENS_LOG_LEVEL: 'warn', PAGELENS_LLM_PROVIDER: 'none' });
  const ctx = await openRuntime(config);
  const app = await buildApp(ctx, { logger: false });
  const worker = await startJobWorker(ctx, pino({ level: 'silent' }), { concurrency: 1 });
  try {
    const { db } = ctx.database;
    const user = await createUser(db, 'bench@localhost', { organization: 'bench' });
    const { token } = await createToken(db, 'bench@localhost');
    const auth = { authorization: `Bearer ${token}` };
    const ids: string[] = [];
    let pages = 0;
    for (const doc of docs) {
      const id = newId();
      ids.push(id);
      const now = nowIso();
      await db
        .insertInto('documents')
        .values({
          id, organization_id: user.organizationId, owner_id: user.id, name: doc.name, folder_id: null, file_path: null, file_type: 'pdf',
          mime_type: 'application/pdf', file_size: 0, sha256: '', original_filename: doc.name, summary: '', visibility: 'private', version: 1,
          created_at: now, updated_at: now, page_count: doc.placed.length, processed_version: 1,
        })
        .execute();
      const rows = doc.placed.flatMap((runs, p) => {
        pages++;
        // Reading order, as the text layer gives it: top to bottom, then left to right.
        const ordered = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
        const chunks = chunkLines(ordered.map((r) => ({ text: r.text, bbox: placedBox(r), words: [] })));
        return chunks.map((c) => ({ id: newId(), document_id: id, page_number: p + 1, seq: c.seq, kind: 'text', text: c.text, bboxes: JSON.stringify(c.bboxes), created_at: now }));
      });
      await db.insertInto('chunks').values(rows).execute();
    }
    const api = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
      const res = await app.inject({ method, url: `/api/v0${url}`, headers: auth, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    };
    const thread = await api<{ thread_id: number }>('POST', '/threads', { name: 'bench' });
    const asked = items.filter((_, i) => i % Math.floor(items.length / questionCount) === 0).slice(0, questionCount);
    const wall: number[] = [];
    const inJob: number[] = [];
    let answered = 0;
    const missed: string[] = [];
    let warmUp = true;
    for (const item of [asked[0]!, ...asked]) {
      const t0 = performance.now();
      const { question, job_status_id } = await api<{ question: { id: number }; job_status_id: string }>('POST', `/threads/${thread.thread_id}/questions`, {
        question_text: item.question,
        document_ids: ids,
      });
      let q: { current_state: string; final_answer: { not_found: boolean } | null };
      for (;;) {
        q = await api('GET', `/questions/${question.id}`);
        if (['done', 'error', 'cancelled'].includes(q.current_state)) break;
        await sleep(2);
      }
      const ms = performance.now() - t0;
      if (warmUp) {
        warmUp = false;
        continue;
      }
      if (q.current_state !== 'done') throw new Error(`question ended ${q.current_state}`);
      if (q.final_answer && !q.final_answer.not_found) answered++;
      else missed.push(`${item.category}: ${item.question}`);
      const job = await db.selectFrom('job_statuses').select(['started_at', 'finished_at']).where('id', '=', job_status_id).executeTakeFirstOrThrow();
      wall.push(ms);
      inJob.push(Date.parse(job.finished_at ?? '') - Date.parse(job.started_at ?? ''));
    }
    console.log(`${pages} pages in ${docCount} documents; ${wall.length} questions over all of them, offline engine, SQLite`);
    console.log(`POST to done answer: median ${pct(wall, 50).toFixed(0)} ms, p95 ${pct(wall, 95).toFixed(0)} ms, max ${Math.max(...wall).toFixed(0)} ms`);
    console.log(`inside the job: median ${pct(inJob, 50).toFixed(0)} ms, p95 ${pct(inJob, 95).toFixed(0)} ms`);
    console.log(`answered (not "not found"): ${answered}/${wall.length}`);
    for (const m of missed) console.log(`  not found: ${m}`);
  } finally {
    await worker.stop();
    await app.close();
    await closeRuntime(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
