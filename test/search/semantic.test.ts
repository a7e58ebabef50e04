// Semantic retrieval against a local server speaking the OpenAI embeddings protocol, with
// deterministic vectors (hashed bag of words after a fixed synonym map): a query sharing no word
// with a chunk finds it only through its embedding, fused with full text by reciprocal rank, in
// the search API and in the answering job; only visible documents; token usage recorded with its
// cost; reprocessing replaces and deleting removes the vectors; a failing embeddings service
// fails neither processing nor searching (full text only), and the backfill catches up after it;
// on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.js';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { PriceTable } from '../../src/providers/llm/index.js';
import { searchChunks } from '../../src/search/chunk-search.js';
import { queueMissingEmbeddings } from '../../src/search/embed-kind.js';
import { retrieveChunks } from '../../src/search/semantic.js';
import { runSearch } from '../../src/search/service.js';
import { createEmbedder } from '../../src/providers/embeddings/index.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { bagOfWordsEmbedder, startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai.js';
import { uploadAndProcess } from '../helpers/process.js';
import { getJob, silentLog, waitFor } from '../jobs/helpers.js';
import { reportPdf, type QuestionBody } from '../qa/fixture.js';

const MODEL = 'fake-embed';
const PRICES = `{"${MODEL}": {"in": 0.02, "out": 0}}`;
// "government seat" shares no word with the report; its vector is the one of "capital".
const SYNONYMS = { government: 'capital', seat: 'capital' };
const QUERY = 'government seat';

interface SearchBody {
  status: string;
  documents: Array<{ id: string }>;
  results: Array<{ document_id: string; matches: Array<{ page_number: number; snippet: string }> }>;
}

describe.each(DB_KINDS)('semantic retrieval fused with full text (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let worker: JobWorker;
  let fake: FakeOpenAi;
  let docId = '';

  const db = () => t.ctx.database.db;
  const callerOf = (u: TestUser): Caller => ({ userId: u.id, organizationId: u.organizationId, email: u.email, isAdmin: false, tokenId: '' });
  const search = async (u: TestUser, query: string): Promise<SearchBody> => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents/search', headers: u.auth, payload: { query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchBody>();
  };
  const embedJobs = (documentId: string) =>
    db().selectFrom('job_statuses').select(['id', 'status', 'progress', 'error_message']).where('document_id', '=', documentId).where('kind', '=', 'embed_chunks').orderBy('created_at').execute();
  /** Waits for the document's embed_chunks job number `n` (1-based) to end. */
  const embedJobEnded = async (documentId: string, n = 1) =>
    (await waitFor(() => embedJobs(documentId), (js) => js.length >= n && ['done', 'error', 'cancelled'].includes(js[n - 1]!.status), 60_000))[n - 1]!;
  const countRows = async (table: 'chunks' | 'chunk_embeddings', documentId: string) =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('document_id', '=', documentId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    fake = await startFakeOpenAi({ embed: bagOfWordsEmbedder(SYNONYMS) });
    t = await startTestApp(kind, {
      PAGELENS_WORKER_POLL_MS: '50',
      PAGELENS_EMBEDDINGS_BASE_URL: fake.url,
      PAGELENS_EMBEDDINGS_MODEL: MODEL,
      PAGELENS_EMBEDDINGS_BATCH_SIZE: '2',
      PAGELENS_LLM_PRICES: PRICES,
    });
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
    await fake.close();
  });

  it('embeds every chunk once processed, in batches, recording tokens and cost', async () => {
    const job = await embedJobEnded(docId);
    expect(job).toMatchObject({ status: 'done', progress: 100 });
    const chunks = await countRows('chunks', docId);
    expect(chunks).toBeGreaterThan(2);
    expect(await countRows('chunk_embeddings', docId)).toBe(chunks);
    const stored = await db().selectFrom('chunk_embeddings').selectAll().where('document_id', '=', docId).execute();
    for (const e of stored) expect(e).toMatchObject({ model: MODEL, dimensions: 256 });
    expect(stored[0]?.vector.byteLength).toBe(256 * 4);

    const usage = await db().selectFrom('token_usage').selectAll().where('document_id', '=', docId).where('purpose', '=', 'embedding').execute();
    const calls = fake.requests.filter((r) => r.path.endsWith('/embeddings') && r.inputs.length > 0);
    // Batches of 2: one usage row per request, with the server's token count and its price.
    expect(usage).toHaveLength(Math.ceil(chunks / 2));
    expect(calls.every((c) => c.inputs.length <= 2)).toBe(true);
    const tokens = usage.reduce((n, u) => n + Number(u.tokens_in), 0);
    expect(tokens).toBe(calls.reduce((n, c) => n + c.inputs.reduce((m, s) => m + s.split(/\s+/).filter(Boolean).length, 0), 0));
    const prices = PriceTable.parse(PRICES);
    for (const u of usage) expect(u).toMatchObject({ provider: 'openai', model: MODEL, tokens_out: 0, cost: prices.costOf(MODEL, Number(u.tokens_in), 0) });
    expect(usage.some((u) => u.cost !== '0')).toBe(true);
  });

  it('finds a chunk that shares no word with the query only through its embedding, for visible documents only', async () => {
    await embedJobEnded(docId);
    // Full text alone finds nothing.
    expect(await runSearch(db(), kind, callerOf(alice), { query: QUERY })).toEqual([]);
    const before = await db().selectFrom('token_usage').select('id').where('purpose', '=', 'embedding').where('document_id', 'is', null).execute();

    const found = await search(alice, QUERY);
    expect(found.status).toBe('done');
    expect(found.documents.map((d) => d.id)).toEqual([docId]);
    expect(found.results[0]?.matches[0]?.page_number).toBe(1);
    expect(found.results[0]?.matches[0]?.snippet).toContain('The capital of Zorbania is Quellport');
    // The query was embedded once and its tokens recorded against the organization.
    const after = await db().selectFrom('token_usage').selectAll().where('purpose', '=', 'embedding').where('document_id', 'is', null).execute();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ organization_id: alice.organizationId, tokens_in: 2, model: MODEL });

    // Past the scan cap the query is not embedded and the search is full text only.
    const embedder = createEmbedder(t.ctx.config.embeddings);
    const chunks = await countRows('chunk_embeddings', docId);
    const input = { query: QUERY, documentIds: [docId], limit: 5 };
    expect(await retrieveChunks(db(), kind, input, embedder, { scanCap: chunks - 1 })).toEqual({ hits: [], semantic: { status: 'skipped' } });
    const within = await retrieveChunks(db(), kind, input, embedder, { scanCap: chunks });
    expect(within.semantic.status).toBe('used');
    expect(within.hits[0]?.pageNumber).toBe(1);
    // Candidates without any vector: full text only, and the query is not sent.
    const sent = fake.requests.length;
    expect((await retrieveChunks(db(), kind, { ...input, documentIds: ['00000000-0000-4000-8000-000000000000'] }, embedder)).semantic.status).toBe('off');
    expect(fake.requests.length).toBe(sent);

    // A word query still ranks by full text, fused: the document comes first either way.
    expect((await search(alice, 'Quellport capital')).documents.map((d) => d.id)).toEqual([docId]);
    // Bob (same organization) cannot see Alice's private document, by either route.
    expect((await search(bob, QUERY)).documents).toEqual([]);
    expect((await search(bob, 'Quellport')).documents).toEqual([]);
  });

  it('retrieves by embedding in the answering job, recording the question embedding', async () => {
    await embedJobEnded(docId);
    const text = 'Name the government seat';
    expect(await searchChunks(db(), kind, { query: `${text} name government seat`, documentIds: [docId], limit: 8 })).toEqual([]);
    const th = (await t.app.inject({ method: 'POST', url: '/api/v0/threads', headers: alice.auth, payload: {} })).json<{ thread_id: number }>().thread_id;
    const asked = await t.app.inject({ method: 'POST', url: `/api/v0/threads/${th}/questions`, headers: alice.auth, payload: { question_text: text, document_ids: [docId], num_chunks: 2 } });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json<{ question: { id: number } }>().question.id;
    const q = await waitFor(
      async () => (await t.app.inject({ url: `/api/v0/questions/${id}`, headers: alice.auth })).json<QuestionBody>(),
      (x) => ['done', 'error', 'cancelled'].includes(x.current_state),
      30_000,
    );
    expect(q.current_state).toBe('done');
    // Full text had nothing to read; the embedding brought the chunks.
    expect(q.num_chunks_processed).toBeGreaterThan(0);
    const usage = await db().selectFrom('token_usage').selectAll().where('question_id', '=', id).where('purpose', '=', 'embedding').execute();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model: MODEL, organization_id: alice.organizationId });
  });

  it('replaces the vectors when the document is reprocessed and deletes them with it', async () => {
    await embedJobEnded(docId);
    const old = (await db().selectFrom('chunk_embeddings').select('chunk_id').where('document_id', '=', docId).execute()).map((r) => r.chunk_id);
    const again = await t.app.inject({ method: 'POST', url: `/api/v0/documents/${docId}/reprocessing-jobs`, headers: alice.auth });
    expect(again.statusCode, again.body).toBe(200);
    await waitFor(() => getJob(t, alice, again.json<{ job_status_id: string }>().job_status_id), (j) => j.status === 'done', 60_000);
    expect((await embedJobEnded(docId, 2)).status).toBe('done');
    const now = (await db().selectFrom('chunk_embeddings').select('chunk_id').where('document_id', '=', docId).execute()).map((r) => r.chunk_id);
    expect(now).toHaveLength(await countRows('chunks', docId));
    expect(now.filter((id) => old.includes(id))).toEqual([]);
    expect((await search(alice, QUERY)).documents.map((d) => d.id)).toEqual([docId]);

    const extra = await uploadAndProcess(t, alice, 'copy.pdf', reportPdf());
    await embedJobEnded(extra.document_id);
    expect(await countRows('chunk_embeddings', extra.document_id)).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v0/documents/${extra.document_id}`, headers: alice.auth })).statusCode).toBe(200);
    expect(await countRows('chunk_embeddings', extra.document_id)).toBe(0);
  });

  it('with the embeddings service down: processing succeeds, the embed job says why, search and answers use full text', async () => {
    await embedJobEnded(docId, 2);
    fake.embeddingsDown = true;
    let downDoc = '';
    try {
      const p = await uploadAndProcess(t, alice, 'down.pdf', reportPdf());
      downDoc = p.document_id;
      expect(p.job.status).toBe('done');
      const job = await embedJobEnded(p.document_id);
      expect(job.status).toBe('error');
      expect(job.error_message).toContain('503');
      expect(await countRows('chunk_embeddings', p.document_id)).toBe(0);

      const words = await search(alice, 'Quellport');
      expect(words.status).toBe('done');
      expect(words.documents.map((d) => d.id).sort()).toEqual([docId, p.document_id].sort());
      const none = await search(alice, QUERY);
      expect(none).toMatchObject({ status: 'done', documents: [] });

      const th = (await t.app.inject({ method: 'POST', url: '/api/v0/threads', headers: alice.auth, payload: {} })).json<{ thread_id: number }>().thread_id;
      const asked = await t.app.inject({ method: 'POST', url: `/api/v0/threads/${th}/questions`, headers: alice.auth, payload: { question_text: 'What is the capital of Zorbania?', document_ids: [docId] } });
      const id = asked.json<{ question: { id: number } }>().question.id;
      const q = await waitFor(
        async () => (await t.app.inject({ url: `/api/v0/questions/${id}`, headers: alice.auth })).json<QuestionBody>(),
        (x) => ['done', 'error', 'cancelled'].includes(x.current_state),
        30_000,
      );
      expect(q.final_answer).toMatchObject({ text: 'Quellport', not_found: false });
    } finally {
      fake.embeddingsDown = false;
    }

    // Back up: the backfill queues exactly the document that lacks vectors, once.
    const queued = await queueMissingEmbeddings(t.ctx);
    expect(queued).toHaveLength(1);
    expect((await embedJobEnded(downDoc, 2)).status).toBe('done');
    expect(await countRows('chunk_embeddings', downDoc)).toBe(await countRows('chunks', downDoc));
    expect(await queueMissingEmbeddings(t.ctx)).toEqual([]);
  });
});
