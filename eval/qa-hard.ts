// The harder question-answering evaluation (issue 15): eval/qa-hard-set.ts's technical files go
// through the real pipeline of an in-process app, then every question is asked through the HTTP
// API over all documents at once and scored per category and answer type, train and held-out
// apart. Right = the answer holds every token of the gold answer (both, for a two-part question)
// and little else (at most 4 more tokens a part; yes/no: the first word); absent = not_found;
// evidence page = the cited evidence is on each gold page. Prints the figures and some misses.
// Usage: node dist-bench/eval/qa-hard.js [--docs 36] [--misses train|held-out|none]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { createToken, createUser } from '../src/auth/service.js';
import { loadConfig } from '../src/config.js';
import { startJobWorker } from '../src/jobs/runner.js';
import { normalizeAnswer } from '../src/providers/answer/text.js';
import { closeRuntime, openRuntime } from '../src/runtime.js';
import { generateHardQaSet, hardPdfOf, type HardItem } from './qa-hard-set.js';

interface Answer {
  current_state: string;
  final_answer: { text: string; citations: number[]; not_found: boolean } | null;
  evidences: Array<{ id: number; document_id: string; page_number: number | null; evidence: string; reasoning: string }>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const argOf = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

function multipart(filename: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----pagelens${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Whether `answer` states every gold answer and not much else. */
export function isRight(answer: string, gold: string[]): boolean {
  const got = normalizeAnswer(answer);
  if (gold.length === 1 && /^(yes|no)$/i.test(gold[0]!)) return got[0] === gold[0]!.toLowerCase();
  let total = 0;
  for (const g of gold) {
    const want = normalizeAnswer(g);
    total += want.length + 4;
    if (!want.every((t) => got.includes(t))) return false;
  }
  return got.length <= total;
}

interface Scored {
  item: HardItem;
  right: boolean;
  pageRight: boolean;
  notFound: boolean;
  text: string;
}

function table(rows: Scored[], label: string): void {
  const mean = (xs: boolean[]) => (xs.length ? xs.filter(Boolean).length / xs.length : NaN);
  const line = (name: string, rs: Scored[]) => {
    if (rs.length === 0) return;
    const right = rs.filter((r) => r.right);
    const page = right.length ? mean(right.map((r) => r.pageRight)).toFixed(3) : '  -  ';
    console.log(`  ${name.padEnd(13)} n=${String(rs.length).padStart(3)}  right ${mean(rs.map((r) => r.right)).toFixed(3)}  evidence page when right ${page}  not found ${mean(rs.map((r) => r.notFound)).toFixed(3)}`);
  };
  console.log(`${label}:`);
  for (const c of ['verbatim', 'paraphrased', 'two-part', 'table', 'absent'] as const) line(c, rows.filter((r) => r.item.category === c));
  const types = [...new Set(rows.map((r) => r.item.type))].filter((t) => t !== 'two-part' && t !== 'absent');
  for (const t of types.sort()) line(`  ${t}`, rows.filter((r) => r.item.type === t && r.item.category !== 'table'));
  line('all answerable', rows.filter((r) => r.item.category !== 'absent'));
}

async function main(): Promise<void> {
  const docCount = Number(argOf('docs') ?? 36);
  const showMisses = argOf('misses') ?? 'train';
  const only = argOf('only');
  const generated = generateHardQaSet(docCount);
  const docs = generated.docs;
  // --only TEXT: ask just the questions containing TEXT and print their evidences (debugging).
  const items = only ? generated.items.filter((i) => i.question.includes(only)) : generated.items;
  const pageCount = docs.reduce((n, d) => n + d.pages.length, 0);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pagelens-eval-qa-hard-'));
  const config = loadConfig({ ...process.env, PAGELENS_DATA_DIR: dataDir, PAGELENS_DATABASE_URL: `sqlite:${path.join(dataDir, 'db.sqlite')}`, PAGELENS_WORKER_POLL_MS: '20', PAGELENS_LOG_LEVEL: 'warn' });
  const ctx = await openRuntime(config);
  const app = await buildApp(ctx, { logger: false });
  const worker = await startJobWorker(ctx, pino({ level: 'silent' }), { concurrency: 2 });
  try {
    await createUser(ctx.database.db, 'eval@localhost', { organization: 'eval' });
    const { token } = await createToken(ctx.database.db, 'eval@localhost');
    const auth = { authorization: `Bearer ${token}` };
    const api = async <T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
      const res = await app.inject({ method, url: `/api/v0${url}`, headers: auth, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<T>();
    };
    const t0 = performance.now();
    const docIds: string[] = [];
    const jobs: string[] = [];
    for (const doc of docs) {
      const body = multipart(doc.name, hardPdfOf(doc));
      const res = await app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...auth, ...body.headers }, payload: body.payload });
      const posted = res.json<{ document_id: string; job_status_id: string }>();
      docIds.push(posted.document_id);
      jobs.push(posted.job_status_id);
    }
    for (const job of jobs) {
      for (;;) {
        const j = await api<{ status: string }>('GET', `/job-statuses/${job}`);
        if (j.status === 'done') break;
        if (j.status !== 'queued' && j.status !== 'processing') throw new Error(`processing ended ${j.status}`);
        await sleep(100);
      }
    }
    console.log(`processed ${docs.length} documents (${pageCount} pages) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${items.length} questions (${items.filter((i) => i.split === 'held-out').length} held-out)`);
    const thread = await api<{ thread_id: number }>('POST', '/threads', { name: 'eval' });
    const scored: Scored[] = [];
    const t1 = performance.now();
    const BATCH = 8;
    for (let i = 0; i < items.length; i += BATCH) {
      const batch = items.slice(i, i + BATCH);
      const asked = await Promise.all(batch.map((item) => api<{ question: { id: number } }>('POST', `/threads/${thread.thread_id}/questions`, { question_text: item.question, document_ids: docIds })));
      const answers = await Promise.all(
        asked.map(async ({ question }) => {
          for (;;) {
            const q = await api<Answer>('GET', `/questions/${question.id}`);
            if (['done', 'error', 'cancelled'].includes(q.current_state)) return q;
            await sleep(20);
          }
        }),
      );
      batch.forEach((item, k) => {
        const a = answers[k]!;
        const fa = a.final_answer;
        const notFound = fa?.not_found ?? true;
        const cited = a.evidences.filter((e) => fa?.citations.includes(e.id));
        const right = item.answers.length === 0 ? notFound : !notFound && fa !== null && isRight(fa.text, item.answers);
        const pageRight = item.pages.every((pg) => cited.some((e) => e.document_id === docIds[item.doc] && e.page_number === pg));
        scored.push({ item, right, pageRight, notFound, text: fa?.text ?? '(no answer)' });
        if (only) console.log(item.question, '->', fa?.text, '\n ', a.evidences.map((e) => `${e.id}${fa?.citations.includes(e.id) ? '*' : ''} p${e.page_number} ${e.evidence} | ${e.reasoning}`).join('\n  '));
      });
    }
    const askS = (performance.now() - t1) / 1000;
    console.log(`asked ${items.length} questions in ${askS.toFixed(1)} s (${((askS * 1000) / items.length).toFixed(0)} ms each, ${BATCH} at a time); engine ${config.llm.kind === 'none' ? 'offline' : config.llm.kind}`);
    table(scored.filter((s) => s.item.split === 'train'), 'train');
    table(scored.filter((s) => s.item.split === 'held-out'), 'held-out (never tuned on)');
    if (showMisses !== 'none') {
      const misses = scored.filter((s) => s.item.split === showMisses && !s.right);
      console.log(`${misses.length} ${showMisses} misses:`);
      for (const m of misses.slice(0, 80)) console.log(`  [${m.item.category}/${m.item.type}] ${m.item.question} gold=${m.item.answers.join(' | ') || '(absent)'} got=${m.text}`);
    }
  } finally {
    await worker.stop();
    await app.close();
    await closeRuntime(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
