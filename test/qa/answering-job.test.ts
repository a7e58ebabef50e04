// The answering job as it runs: it re-checks which documents the asker can read (a document made
// private by its owner, deleted, or an asker moved to another organization drops out between
// asking and answering); it reports progress (num_chunks_processed on the question, chunks read /
// chunks retrieved on the job status) while reading; a cancel stops it reading and it writes
// nothing more. A local OpenAI-protocol server holds the reading calls so the job can be looked
// at mid-way without timing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';
import { multipart } from '../helpers/multipart.js';
import { jobEnded } from '../helpers/process.js';
import { getJob, silentLog, waitFor } from '../jobs/helpers.js';
import { reportPdf, type QuestionBody } from './fixture.js';

const ENDED = ['done', 'error', 'cancelled'];

function harness(kind: 'sqlite' | 'postgres', env: Record<string, string> = {}) {
  const h = {
    t: undefined as unknown as TestApp,
    async start(): Promise<void> {
      h.t = await startTestApp(kind, { PAGELENS_WORKER_POLL_MS: '50', ...env });
    },
    call: (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      h.t.app.inject({ method, url: `/api/v0${url}`, headers: user.auth, ...(payload ? { payload } : {}) }),
    async upload(user: TestUser, visibility: 'private' | 'organization'): Promise<string> {
      const body = multipart({ visibility }, [{ filename: 'zorbania.pdf', content: reportPdf() }]);
      const res = await h.t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(200);
      const posted = res.json<{ document_id: string; job_status_id: string }>();
      expect((await jobEnded(h.t, user, posted.job_status_id)).status).toBe('done');
      return posted.document_id;
    },
    async ask(user: TestUser, body: Record<string, unknown>): Promise<{ id: number; job: string }> {
      const th = (await h.call(user, 'POST', '/threads', {})).json<{ thread_id: number }>().thread_id;
      const res = await h.call(user, 'POST', `/threads/${th}/questions`, body);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json<{ question: QuestionBody; job_status_id: string }>();
      return { id: r.question.id, job: r.job_status_id };
    },
    question: async (user: TestUser, id: number) => (await h.call(user, 'GET', `/questions/${id}`)).json<QuestionBody>(),
    answered: (user: TestUser, id: number) => waitFor(() => h.question(user, id), (q) => ENDED.includes(q.current_state), 30_000),
  };
  return h;
}

describe.each(DB_KINDS)('the answering job re-checks visibility when it runs (%s)', (kind) => {
  const h = harness(kind);
  let alice: TestUser;
  let bob: TestUser;
  let outsider: TestUser;
  let cpu: JobWorker;
  beforeAll(async () => {
    await h.start();
    alice = await h.t.user('alice@example.com');
    bob = await h.t.user('bob@example.com');
    outsider = await h.t.user('olga@other.example', { org: 'other' });
    // Only documents are processed for now: questions stay queued until a models worker starts.
    cpu = await startJobWorker(h.t.ctx, silentLog, { concurrency: 1, queues: ['cpu'] });
  }, 120_000);
  afterAll(async () => {
    await cpu.stop();
    await h.t.close();
  });

  it('drops documents made private, deleted, or out of the asker\'s organization between asking and answering', async () => {
    const madePrivate = await h.upload(bob, 'organization');
    const deleted = await h.upload(bob, 'organization');
    const kept = await h.upload(bob, 'organization');
    const own = await h.upload(alice, 'private');
    const question = 'What is the capital of Zorbania?';
    const q1 = await h.ask(alice, { question_text: question, document_ids: [madePrivate] });
    const q2 = await h.ask(alice, { question_text: question, document_ids: [deleted] });
    const q3 = await h.ask(alice, { question_text: question, document_ids: [kept] });
    expect((await h.question(alice, q1.id)).current_state).toBe('queued');

    expect((await h.call(bob, 'PUT', `/documents/${madePrivate}`, { visibility: 'private' })).statusCode).toBe(200);
    expect((await h.call(bob, 'DELETE', `/documents/${deleted}`)).statusCode).toBe(200);
    let models = await startJobWorker(h.t.ctx, silentLog, { concurrency: 1, queues: ['models'] });
    try {
      for (const q of [q1, q2]) {
        const a = await h.answered(alice, q.id);
        expect(a.current_state).toBe('done');
        expect(a.num_chunks_processed).toBe(0);
        expect(a.evidences).toEqual([]);
        expect(a.final_answer).toMatchObject({ not_found: true, citations: [] });
      }
      // Still visible: answered, and the job's progress ends at 100.
      expect((await h.answered(alice, q3.id)).final_answer).toMatchObject({ text: 'Quellport', not_found: false });
      // The question reads done a moment before its job settles: wait for the job.
      expect((await waitFor(() => getJob(h.t, alice, q3.job), (j) => ENDED.includes(j.status), 30_000)).progress).toBe(100);
    } finally {
      await models.stop();
    }

    // The asker leaves the organization (moved to another one) before her question runs: neither
    // her own documents there nor the shared ones are read.
    const q4 = await h.ask(alice, { question_text: question, document_ids: [own, kept] });
    await h.t.ctx.database.db.updateTable('users').set({ organization_id: outsider.organizationId }).where('id', '=', alice.id).execute();
    models = await startJobWorker(h.t.ctx, silentLog, { concurrency: 1, queues: ['models'] });
    try {
      const a = await h.answered(alice, q4.id);
      expect(a.num_chunks_processed).toBe(0);
      expect(a.final_answer).toMatchObject({ not_found: true });
    } finally {
      await models.stop();
    }
  });
});

/** Replies like a model: a plan, one quote per passage holding the fact, an answer citing it. */
function reply(prompt: string): unknown {
  if (prompt.includes('Plan how to answer')) return { sub_questions: ['How many incidents, and which capital?'], search_terms: ['incidents', 'capital', 'mine'] };
  if (prompt.includes('Passage (document page')) {
    const line = /\[(\d+)\] The capital of Zorbania/.exec(prompt);
    return line ? { evidences: [{ quote: 'The capital of Zorbania is Quellport.', reasoning: 'names the capital', lines: [Number(line[1])] }] } : { evidences: [] };
  }
  if (prompt.includes('Evidence (id: text)')) return { answer: '', citations: [], not_found: true };
  return { description: 'A page of a mining report.', headings: [] };
}

describe.each(DB_KINDS)('answering progress and cancel (%s)', (kind) => {
  let fake: FakeOpenAi;
  let h: ReturnType<typeof harness>;
  let alice: TestUser;
  let worker: JobWorker;
  let doc = '';
  beforeAll(async () => {
    fake = await startFakeOpenAi({ chat: reply });
    h = harness(kind, { PAGELENS_LLM_PROVIDER: 'openai', PAGELENS_LLM_BASE_URL: fake.url, PAGELENS_LLM_MODEL: 'fake-qa', PAGELENS_LLM_VISION: 'false' });
    await h.start();
    alice = await h.t.user('alice@example.com');
    worker = await startJobWorker(h.t.ctx, silentLog, { concurrency: 1 });
    doc = await h.upload(alice, 'private');
  }, 120_000);
  afterAll(async () => {
    await worker.stop();
    await h.t.close();
    await fake.close();
  });

  it('counts chunks read on the question and the job while reading; a cancel stops it and it writes nothing more', async () => {
    const reads = () => fake.requests.filter((r) => r.text.includes('Passage (document page')).length;
    const answers = () => fake.requests.filter((r) => r.text.includes('Evidence (id: text)')).length;
    const { db } = h.t.ctx.database;
    fake.holdIf = (r) => r.text.includes('Passage (document page');
    const readsBefore = reads();
    const answersBefore = answers();
    // Words on both pages: at least two chunks to read.
    const q = await h.ask(alice, { question_text: 'How many incidents did the mine record, and what is the capital?', document_ids: [doc], num_chunks: 5 });

    // The first read is held: nothing read yet.
    await waitFor(async () => fake.held, (n) => n === 1, 30_000);
    expect(await h.question(alice, q.id)).toMatchObject({ current_state: 'reading', num_chunks_processed: 0 });
    expect(await getJob(h.t, alice, q.job)).toMatchObject({ status: 'processing', progress: 0 });

    // Let it through; the second read is held in turn.
    fake.release();
    await waitFor(async () => reads() - readsBefore, (n) => n === 2, 30_000);
    await waitFor(async () => fake.held, (n) => n === 1, 30_000);
    const mid = await h.question(alice, q.id);
    expect(mid).toMatchObject({ current_state: 'reading', num_chunks_processed: 1 });
    const progress = (await getJob(h.t, alice, q.job)).progress;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);
    const usageBefore = await db.selectFrom('token_usage').select('id').where('question_id', '=', q.id).execute();

    // Cancel while the second read is out, then let it answer: the job must not write it.
    expect((await h.call(alice, 'POST', `/job-statuses/${q.job}/cancel`)).statusCode).toBe(200);
    fake.holdIf = null;
    fake.release();
    await worker.stop(); // waits for the run in progress to end
    worker = await startJobWorker(h.t.ctx, silentLog, { concurrency: 1 });

    const after = await h.question(alice, q.id);
    expect(after.current_state).toBe('cancelled');
    expect(after.num_chunks_processed).toBe(1);
    expect(after.evidences).toEqual(mid.evidences);
    expect(after.final_answer).toBeNull();
    expect(reads() - readsBefore).toBe(2);
    expect(answers()).toBe(answersBefore);
    expect(await db.selectFrom('token_usage').select('id').where('question_id', '=', q.id).execute()).toHaveLength(usageBefore.length);
    expect((await getJob(h.t, alice, q.job)).status).toBe('cancelled');
  });
});
