// The model-backed answering engine through the whole question job, against a local HTTP server
// speaking the OpenAI chat-completions protocol: plan, per-chunk reading (a quote not in the
// passage is dropped), an answer citing evidence ids, the grounding check (an answer whose
// numbers are not in its cited evidence is marked unsupported), and token usage with cost per
// model call against the question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { PriceTable } from '../../src/providers/llm/index.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';
import { uploadAndProcess } from '../helpers/process.js';
import { silentLog, waitFor } from '../jobs/helpers.js';
import { reportPdf, type QuestionBody } from './fixture.js';

const PRICES = '{"fake-qa": {"in": 1.5, "out": 4}}';
const FACT = 'The capital of Zorbania is Quellport.';

/** Answers by the step its prompt is for; every reply reports 100 tokens in and 20 out. */
function reply(prompt: string): unknown {
  if (prompt.includes('Plan how to answer')) return { sub_questions: ['Which city is the capital of Zorbania?'], search_terms: ['capital', 'Zorbania'] };
  if (prompt.includes('Passage (document page')) {
    const line = /\[(\d+)\] The capital of Zorbania/.exec(prompt);
    if (!line) return { evidences: [] };
    return {
      evidences: [
        { quote: FACT, reasoning: 'names the capital', lines: [Number(line[1])] },
        { quote: 'Zorbania was founded in 1852.', reasoning: 'invented', lines: [1] },
      ],
    };
  }
  if (prompt.includes('Evidence (id: text)')) {
    const id = Number(/\n(\d+): The capital of Zorbania/.exec(prompt)?.[1] ?? 0);
    if (prompt.includes('founded')) return { answer: 'Quellport was founded in 1852', citations: [id], not_found: false };
    if (prompt.includes('capital')) return { answer: 'Quellport', citations: [id, 9999], not_found: false };
    return { answer: '', citations: [], not_found: true };
  }
  return { description: 'A page of a mining report.', headings: [] };
}

describe.each(DB_KINDS)('OpenAI-protocol answering engine (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;
  let fake: FakeOpenAi;
  let docId = '';
  let thread = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chat: reply });
    t = await startTestApp(kind, {
      PAGELENS_WORKER_POLL_MS: '50',
      PAGELENS_LLM_PROVIDER: 'openai',
      PAGELENS_LLM_BASE_URL: fake.url,
      PAGELENS_LLM_MODEL: 'fake-qa',
      PAGELENS_LLM_VISION: 'false',
      PAGELENS_LLM_PRICES: PRICES,
    });
    user = await t.user('llm@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    docId = (await uploadAndProcess(t, user, 'zorbania.pdf', reportPdf())).document_id;
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/threads', headers: user.auth, payload: { name: 'model' } });
    thread = res.json<{ thread_id: number }>().thread_id;
  }, 120_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
    await fake.close();
  });

  async function ask(body: Record<string, unknown>): Promise<QuestionBody> {
    const res = await t.app.inject({ method: 'POST', url: `/api/v0/threads/${thread}/questions`, headers: user.auth, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ question: QuestionBody }>().question.id;
    return waitFor(
      async () => (await t.app.inject({ url: `/api/v0/questions/${id}`, headers: user.auth })).json<QuestionBody>(),
      (q) => ['done', 'error', 'cancelled'].includes(q.current_state),
      30_000,
      50,
    );
  }

  it('plans, reads, answers with citations, and records tokens and cost per call', async () => {
    const q = await ask({ question_text: 'What is the capital of Zorbania?', document_ids: [docId] });
    expect(q.current_state).toBe('done');
    expect(q.llm_provider).toBe('openai');
    expect(q.plan).toEqual({ sub_questions: ['Which city is the capital of Zorbania?'], search_terms: ['capital', 'Zorbania'] });
    // The invented quote is not in the passage: only the real one is evidence.
    expect(q.evidences.map((e) => e.evidence)).toEqual([FACT]);
    expect(q.evidences[0]?.page_number).toBe(1);
    expect(q.evidences[0]?.bboxes).toHaveLength(1);
    // The unknown citation 9999 is dropped; the answer is in the cited evidence.
    expect(q.final_answer).toEqual({ text: 'Quellport', citations: [q.evidences[0]?.id], supported: true, not_found: false, engine: 'openai', model: 'fake-qa' });

    const usage = await t.ctx.database.db.selectFrom('token_usage').selectAll().where('question_id', '=', q.id).execute();
    // One plan call, one read per retrieved chunk, one answer call.
    expect(usage).toHaveLength(2 + q.num_chunks_processed);
    const cost = PriceTable.parse(PRICES).costOf('fake-qa', 100, 20);
    expect(cost).not.toBe('0');
    for (const u of usage) expect(u).toMatchObject({ provider: 'openai', model: 'fake-qa', tokens_in: 100, tokens_out: 20, cost, purpose: 'question_answering' });
  });

  it('marks an answer whose facts are not in its cited evidence as unsupported', async () => {
    const q = await ask({ question_text: 'When was the capital of Zorbania founded?', document_ids: [docId] });
    expect(q.final_answer).toMatchObject({ text: 'Quellport was founded in 1852', supported: false, not_found: false });
  });

  it('still answers offline when asked to', async () => {
    const before = fake.requests.length;
    const q = await ask({ question_text: 'What is the capital of Zorbania?', document_ids: [docId], llm_provider: 'offline' });
    expect(q.final_answer).toMatchObject({ text: 'Quellport', engine: 'offline', model: null });
    expect(fake.requests.length).toBe(before);
  });
});
