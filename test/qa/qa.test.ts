// Threads and questions through HTTP on both databases: ownership (404 for others), validation,
// the offline answering job end to end (plan, evidences with pages and boxes, final answer
// citing them) for running text, a table cell, a chart value, and an unanswerable question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { uploadAndProcess, uploadDocument } from '../helpers/process.js';
import { silentLog, waitFor } from '../jobs/helpers.js';
import { reportPdf, type QuestionBody } from './fixture.js';

describe.each(DB_KINDS)('threads and questions (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let worker: JobWorker;
  let docId = '';

  beforeAll(async () => {
    t = await startTestApp(kind, { PAGELENS_WORKER_POLL_MS: '50' });
    alice = await t.user('alice@example.com');
    bob = await t.user('bob@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 2 });
    const p = await uploadAndProcess(t, alice, 'zorbania.pdf', reportPdf());
    expect(p.job.status).toBe('done');
    docId = p.document_id;
  }, 120_000);
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v0${url}`, headers: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function newThread(user: TestUser, name?: string): Promise<number> {
    const res = await call(user, 'POST', '/threads', name === undefined ? {} : { name });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ thread_id: number }>().thread_id;
  }

  async function ask(user: TestUser, threadId: number, body: Record<string, unknown>): Promise<QuestionBody> {
    const res = await call(user, 'POST', `/threads/${threadId}/questions`, body);
    expect(res.statusCode, res.body).toBe(200);
    const { question, job_status_id } = res.json<{ question: QuestionBody; job_status_id: string }>();
    expect(question.job_status_id).toBe(job_status_id);
    return waitFor(
      async () => (await call(user, 'GET', `/questions/${question.id}`)).json<QuestionBody>(),
      (q) => ['done', 'error', 'cancelled'].includes(q.current_state),
      30_000,
      50,
    );
  }

  it('creates, lists, renames and deletes threads; other users get 404', async () => {
    const a1 = await newThread(alice, 'Mining');
    const a2 = await newThread(alice);
    const b1 = await newThread(bob, 'Bob only');
    const list = (await call(alice, 'GET', '/threads')).json<{ threads: Array<{ thread_id: number; name: string }>; total: number }>();
    expect(list.threads.map((x) => x.thread_id).sort()).toEqual([a1, a2].sort());
    expect(list.threads.find((x) => x.thread_id === a2)?.name).toBe('New thread');
    expect((await call(bob, 'GET', `/threads/${a1}`)).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/threads/${a1}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/threads/${a1}`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/threads/${a1}/questions`, { question_text: 'q', document_ids: [docId] })).statusCode).toBe(404);
    const renamed = await call(alice, 'PUT', `/threads/${a1}`, { name: 'Zorbania' });
    expect(renamed.json<{ name: string }>().name).toBe('Zorbania');
    expect((await call(alice, 'GET', `/threads/${b1}`)).statusCode).toBe(404);
    expect((await call(alice, 'DELETE', `/threads/${a2}`)).json()).toEqual({ thread_id: a2, deleted: true });
    expect((await call(alice, 'GET', `/threads/${a2}`)).statusCode).toBe(404);
    expect((await call(alice, 'GET', '/threads/abc')).statusCode).toBe(422);
    expect((await call(alice, 'GET', '/threads/99999999999')).statusCode).toBe(404);
    expect((await call(alice, 'PUT', `/threads/${a1}`, { name: '' })).statusCode).toBe(422);
  });

  it('validates the question and the visibility of its documents', async () => {
    const th = await newThread(alice);
    const post = (user: TestUser, body: unknown) => call(user, 'POST', `/threads/${th}/questions`, body);
    expect((await post(alice, { question_text: 'Where?' })).statusCode).toBe(422);
    expect((await post(alice, { question_text: 'Where?', document_ids: [docId], folder_id: docId })).statusCode).toBe(422);
    expect((await post(alice, { question_text: '', document_ids: [docId] })).statusCode).toBe(422);
    expect((await post(alice, { question_text: 'x', document_ids: [docId], num_chunks: 0 })).statusCode).toBe(422);
    expect((await post(alice, { question_text: 'x', document_ids: [docId], llm_provider: 'openai' })).statusCode).toBe(422);
    expect((await post(alice, { question_text: 'x', document_ids: ['not-a-uuid'] })).statusCode).toBe(422);
    // Bob cannot ask over Alice's private document, even in his own thread.
    const bt = await newThread(bob);
    expect((await call(bob, 'POST', `/threads/${bt}/questions`, { question_text: 'x', document_ids: [docId] })).statusCode).toBe(404);
    expect((await post(alice, { question_text: 'x', knowledge_base_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('answers from running text with evidence, page and boxes; the question is the owner\'s only', async () => {
    const th = await newThread(alice, 'Zorbania');
    const q = await ask(alice, th, { question_text: 'What is the capital of Zorbania?', document_ids: [docId] });
    expect(q.current_state).toBe('done');
    expect(q.llm_provider).toBe('offline');
    expect(q.plan?.sub_questions).toEqual(['What is the capital of Zorbania?']);
    // The question's words first, then words WordNet relates to them (query expansion).
    expect(q.plan?.search_terms.slice(0, 2)).toEqual(['capital', 'zorbania']);
    expect(q.documents.map((d) => d.id)).toEqual([docId]);
    expect(q.num_chunks_processed).toBeGreaterThan(0);
    expect(q.final_answer).toMatchObject({ text: 'Quellport', not_found: false, supported: true, engine: 'offline' });
    const cited = q.evidences.find((e) => e.id === q.final_answer?.citations[0]);
    expect(cited?.evidence).toBe('The capital of Zorbania is Quellport.');
    expect(cited?.page_number).toBe(1);
    expect(cited?.document_id).toBe(docId);
    expect(cited?.bboxes).toHaveLength(1);
    // The cited line's box: the second line of the page, in page pixels.
    const [x0, y0, x1, y1] = cited?.bboxes?.[0] ?? [];
    expect(x0).toBeCloseTo(150, 0);
    expect(y1! - y0!).toBeGreaterThan(10);
    expect(x1).toBeGreaterThan(700);
    expect(q.evidences.map((e) => e.sequence_number)).toEqual(q.evidences.map((_, i) => i + 1));

    expect((await call(bob, 'GET', `/questions/${q.id}`)).statusCode).toBe(404);
    const thread = (await call(alice, 'GET', `/threads/${th}`)).json<{ question_positions: number[]; questions: QuestionBody[] }>();
    expect(thread.question_positions).toEqual([q.id]);
    expect(thread.questions.map((x) => x.final_answer?.text)).toEqual(['Quellport']);
    // The job status is findable by the question text.
    const jobs = (await call(alice, 'GET', '/job-statuses?q=capital%20of%20Zorbania')).json<{ job_statuses?: Array<{ id: string }> }>();
    expect(JSON.stringify(jobs)).toContain(q.job_status_id);
  });

  it('answers from a table cell, a chart value and a later page; says when the documents lack the answer', async () => {
    const th = await newThread(alice);
    const cell = await ask(alice, th, { question_text: 'What was the Q3 output of North Pit?', document_ids: [docId] });
    expect(cell.final_answer?.text).toBe('560');
    const cellEvidence = cell.evidences.find((e) => e.id === cell.final_answer?.citations[0]);
    expect(cellEvidence?.evidence).toBe('North Pit, Q3: 560 (Table 1: Ore output by site (tonnes))');
    expect(cellEvidence?.bboxes).toHaveLength(3);

    const chart = await ask(alice, th, { question_text: 'How many staff does region Gamma have?', document_ids: [docId] });
    expect(chart.final_answer?.text).toBe('62');

    const page2 = await ask(alice, th, { question_text: 'How many incidents did the mine record?', document_ids: [docId], answer_mode: 'detailed' });
    expect(page2.final_answer?.text).toBe('Safety: the mine recorded 3 incidents in the second half.');
    expect(page2.evidences.find((e) => e.id === page2.final_answer?.citations[0])?.page_number).toBe(2);

    for (const text of ['What is the capital of Blorvia?', 'What is the population of Quellport?']) {
      const none = await ask(alice, th, { question_text: text, document_ids: [docId] });
      expect(none.current_state).toBe('done');
      expect(none.final_answer).toMatchObject({ not_found: true, citations: [], text: 'The documents do not contain the answer to this question.' });
    }
    const thread = (await call(alice, 'GET', `/threads/${th}`)).json<{ question_positions: number[] }>();
    expect(thread.question_positions).toHaveLength(5);
  });

  it("answers from a chart's data, a flowchart's steps and a schematic's tags as corrected, citing the component", async () => {
    const region = async (component_type: string, label: string, bbox: number[], grounding: Record<string, unknown>) => {
      const res = await call(alice, 'POST', `/documents/${docId}/visual-components`, { page_number: 1, bbox, component_type, label });
      expect(res.statusCode, res.body).toBe(200);
      const vc = res.json<{ id: string; component_id: string }>();
      const put = await call(alice, 'PUT', `/components/${vc.component_id}`, grounding);
      expect(put.statusCode, put.body).toBe(200);
      return vc;
    };
    await region('chart', 'Staff by depot', [100, 400, 500, 700], {
      html_table: '<table><tr><th>Depot</th><th>Staff</th></tr><tr><td>Depot Harlow</td><td>48</td></tr><tr><td>Depot Skerrin</td><td>31</td></tr></table>',
    });
    await region('flowchart', 'Order handling', [100, 720, 500, 1000], {
      intermediate_json: {
        nodes: [
          { id: 'a', text: 'Receive the order', shape: 'process' },
          { id: 'b', text: 'Is the part in stock?', shape: 'decision' },
          { id: 'c', text: 'Ship the part', shape: 'process' },
        ],
        edges: [
          { source: 'a', target: 'b' },
          { source: 'b', target: 'c', label: 'yes' },
        ],
      },
    });
    const th = await newThread(alice);
    const chart = await ask(alice, th, { question_text: 'How many staff does Depot Skerrin have?', document_ids: [docId] });
    expect(chart.final_answer).toMatchObject({ text: '31', not_found: false });
    const cited = chart.evidences.find((e) => e.id === chart.final_answer?.citations[0]);
    expect(cited?.page_number).toBe(1);
    expect(cited?.evidence).toContain('Depot Skerrin');
    // Boxed on the chart's region.
    for (const [x0, y0, x1, y1] of cited?.bboxes ?? []) expect([x0! >= 100, y0! >= 400, x1! <= 500, y1! <= 700]).toEqual([true, true, true, true]);
    const onlyCharts = await ask(alice, th, { question_text: 'How many staff does Depot Harlow have?', document_ids: [docId], chunk_type: 'chart' });
    expect(onlyCharts.final_answer).toMatchObject({ text: '48', not_found: false });

    // The flowchart's steps and connections are indexed under its label, boxed by its region.
    const steps = await t.ctx.database.db.selectFrom('chunks').select(['text', 'bboxes']).where('document_id', '=', docId).where('kind', '=', 'component').execute();
    expect(steps.map((c) => c.text)).toContain('Order handling\nIs the part in stock? -> Ship the part (yes)');
    // A schematic's tags: what each symbol is and what it connects to, boxed on the symbol.
    const res = await call(alice, 'POST', `/documents/${docId}/visual-components`, { page_number: 1, bbox: [600, 400, 1000, 700], component_type: 'schematic', label: 'Cooling loop' });
    expect(res.statusCode, res.body).toBe(200);
    const sch = res.json<{ id: string; component_id: string }>();
    const graph = {
      version: 'v2',
      network: {
        nodes: [
          { id: 'n1', class: 'gate_valve', subtype: null, bbox: [100, 100, 140, 130], rotation: 0, transcription: 'V-101', confidence: 1, legend_id: null },
          { id: 'n2', class: 'centrifugal_pump', subtype: null, bbox: [300, 90, 360, 150], rotation: 90, transcription: 'P-101', confidence: 0.9, legend_id: null },
        ],
        edges: [{ id: 'e1', source: 'n1', target: 'n2', points: [[140, 115], [300, 120]], directed: true, class: 'pipe', label: null }],
      },
      subgraphs: [],
      arrows: [],
      legend: [{ id: 'l2', class: 'centrifugal_pump', subtype: null, label: 'Cooling water pump', source_crop_url: null, bbox: null }],
      legend_draft: null,
      image_width: 400,
      image_height: 300,
      total_pages: 1,
      non_flow_classes: [],
    };
    const put = await call(alice, 'PUT', `/components/${sch.component_id}/schematic?vc_id=${sch.id}`, graph);
    expect(put.statusCode, put.body).toBe(204);
    const what = await ask(alice, th, { question_text: 'What type of pump is P-101?', document_ids: [docId], answer_mode: 'detailed' });
    expect(what.final_answer).toMatchObject({ text: 'P-101 is a Cooling water pump (centrifugal pump).', not_found: false });
    // The pump's box in the graph (300..360 of 400 px wide) on the region's 400 page pixels.
    expect(what.evidences.find((e) => e.id === what.final_answer?.citations[0])?.bboxes?.[0]).toEqual([900, 490, 960, 550]);
    const link = await ask(alice, th, { question_text: 'Which equipment is V-101 connected to?', document_ids: [docId], answer_mode: 'detailed' });
    expect(link.final_answer).toMatchObject({ text: 'V-101 is connected to P-101 by a pipe.', not_found: false });

    // Steps asked about in words are answered from the graph, boxed on the flowchart.
    const steps_asked = {
      'What happens after the order is received?': 'After "Receive the order", the next step is "Is the part in stock?".',
      'What is done if the part is in stock?': 'After "Is the part in stock?", if yes, the next step is "Ship the part".',
    };
    for (const [question_text, answer] of Object.entries(steps_asked)) {
      const step = await ask(alice, th, { question_text, document_ids: [docId], answer_mode: 'detailed' });
      expect(step.final_answer).toMatchObject({ text: answer, not_found: false });
      const box = step.evidences.find((e) => e.id === step.final_answer?.citations[0])?.bboxes?.[0];
      expect(box).toEqual([100, 720, 500, 1000]);
    }
  }, 60_000);

  it('answers by answer type, both parts of a two-part question, and never a fragment for an absent fact', async () => {
    const th = await newThread(alice);
    const count = await ask(alice, th, { question_text: 'How many workers are employed by the mine?', document_ids: [docId] });
    expect(count.final_answer).toMatchObject({ text: '412', not_found: false });
    const two = await ask(alice, th, { question_text: 'How many workers does the mine employ, and what is the capital of Zorbania?', document_ids: [docId] });
    expect(two.plan?.sub_questions).toEqual(['How many workers does the mine employ?', 'What is the capital of Zorbania?']);
    expect(two.final_answer).toMatchObject({ text: '412; Quellport', not_found: false });
    expect(two.final_answer?.citations).toHaveLength(2);
    for (const id of two.final_answer?.citations ?? []) expect(two.evidences.find((e) => e.id === id)?.page_number).toBe(1);
    for (const text of ['In which year was the mine founded?', 'How much did the mine earn?', 'Who owns Zorbania Mining?']) {
      const none = await ask(alice, th, { question_text: text, document_ids: [docId] });
      expect(none.final_answer).toMatchObject({ not_found: true, citations: [], text: 'The documents do not contain the answer to this question.' });
    }
  });

  it('answers about one page, and about a component, with the same engine', async () => {
    const url = (n: number) => `/documents/${docId}/pages/${n}/responses`;
    const res = await call(alice, 'POST', url(1), { question: 'What was the Q3 output of North Pit?' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ document_id: string; page_number: number; answer: string; citations: number[]; evidences: Array<{ id: number; page_number: number; bboxes: number[][] }>; not_found: boolean; llm_provider: string }>();
    expect(body).toMatchObject({ document_id: docId, page_number: 1, answer: '560', not_found: false, llm_provider: 'offline' });
    expect(body.evidences.find((e) => e.id === body.citations[0])?.bboxes).toHaveLength(3);
    const none = (await call(alice, 'POST', url(2), { question: 'What was the Q3 output of North Pit?' })).json<{ not_found: boolean; citations: number[] }>();
    expect(none).toMatchObject({ not_found: true, citations: [] });
    expect((await call(alice, 'POST', url(3), { question: 'x' })).statusCode).toBe(404);
    expect((await call(bob, 'POST', url(1), { question: 'x' })).statusCode).toBe(404);
    expect((await call(alice, 'POST', url(1), { question: '' })).statusCode).toBe(422);
    expect((await call(alice, 'POST', url(1), {})).statusCode).toBe(422);

    const visuals = (await call(alice, 'GET', `/documents/${docId}/visual-components`)).json<Array<{ id: string; component_id?: string; label: string }>>();
    const table = visuals.find((v) => v.label.startsWith('Table 1'));
    expect(table).toBeDefined();
    const vres = await call(alice, 'POST', `/documents/${docId}/visual-components/${table?.id ?? ''}/responses`, { question: 'Which table shows ore output by site?', answer_mode: 'detailed' });
    expect(vres.statusCode, vres.body).toBe(200);
    expect(vres.json<{ answer: string; not_found: boolean }>()).toMatchObject({ answer: 'Table 1: Ore output by site (tonnes)', not_found: false });
    // The component's cell grid is read as rows named by their headers, not as a dump of its JSON.
    const cell = await call(alice, 'POST', `/documents/${docId}/visual-components/${table?.id ?? ''}/responses`, { question: 'What was the Q2 output of East Shaft?' });
    expect(cell.json<{ answer: string; not_found: boolean }>()).toMatchObject({ answer: '25', not_found: false });
    expect((await call(bob, 'POST', `/documents/${docId}/visual-components/${table?.id ?? ''}/responses`, { question: 'x' })).statusCode).toBe(404);
    const components = (await call(alice, 'GET', `/documents/${docId}/components`)).json<Array<{ id: string }>>();
    const cres = await call(alice, 'POST', `/components/${components[0]?.id ?? ''}/responses`, { question: 'What is the capital of Blorvia?' });
    expect(cres.statusCode, cres.body).toBe(200);
    expect(cres.json<{ not_found: boolean }>().not_found).toBe(true);
    expect((await call(bob, 'POST', `/components/${components[0]?.id ?? ''}/responses`, { question: 'x' })).statusCode).toBe(404);
  });
});

describe.each(DB_KINDS)('cancelling answers (%s)', (kind) => {
  // No worker runs here: jobs stay queued until cancelled.
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await t.user('cancel@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows a cancelled job as a cancelled question, and deleting the thread cancels its jobs', async () => {
    const doc = await uploadDocument(t, user, 'report.pdf', reportPdf());
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/v0${url}`, headers: user.auth, ...(payload ? { payload } : {}) });
    const th = (await call('POST', '/threads', {})).json<{ thread_id: number }>().thread_id;
    const asked = (await call('POST', `/threads/${th}/questions`, { question_text: 'Who?', document_ids: [doc.document_id] })).json<{ question: QuestionBody; job_status_id: string }>();
    expect(asked.question.current_state).toBe('queued');
    expect((await call('POST', `/job-statuses/${asked.job_status_id}/cancel`)).statusCode).toBe(200);
    const q = (await call('GET', `/questions/${asked.question.id}`)).json<QuestionBody>();
    expect(q.current_state).toBe('cancelled');
    expect(q.final_answer).toBeNull();

    const second = (await call('POST', `/threads/${th}/questions`, { question_text: 'Where?', document_ids: [doc.document_id] })).json<{ job_status_id: string }>();
    expect((await call('DELETE', `/threads/${th}`)).statusCode).toBe(200);
    const job = (await call('GET', `/job-statuses/${second.job_status_id}`)).json<{ status: string }>();
    expect(job.status).toBe('cancelled');
    expect((await call('GET', `/questions/${asked.question.id}`)).statusCode).toBe(404);
  });
});
