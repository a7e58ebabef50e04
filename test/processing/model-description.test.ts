// With a model service configured, page descriptions are model-written (through a local server
// speaking the OpenAI protocol) and every call's tokens and cost are recorded against the document.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobWorker } from '../../src/jobs/runner.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { buildPdf, textAt } from '../fixtures/pdf-builder.js';
import { getJob, silentLog, waitFor } from '../jobs/helpers.js';

describe('model-written page descriptions', () => {
  let server: http.Server;
  let t: TestApp;
  let user: TestUser;
  let worker: JobWorker;
  const prompts: string[] = [];
  let fail = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        prompts.push(body);
        if (fail) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad request"}');
          return;
        }
        const answer = { description: 'A pump maintenance schedule.', headings: ['Pump P-101'] };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: JSON.stringify(answer) } }],
            usage: { prompt_tokens: 1200, completion_tokens: 30 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp('sqlite', {
      PAGELENS_WORKER_POLL_MS: '50',
      PAGELENS_LLM_PROVIDER: 'openai',
      PAGELENS_LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
      PAGELENS_LLM_MODEL: 'test-vlm',
      PAGELENS_LLM_PRICES: '{"test-vlm": {"in": 1, "out": 2}}',
    });
    user = await t.user('model@example.com');
    worker = await startJobWorker(t.ctx, silentLog, { concurrency: 1 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
    server.close();
  });

  async function process(): Promise<string> {
    const pdf = buildPdf([{ content: textAt(72, 700, 12, 'Pump P-101 is serviced every 90 days.') }]);
    const body = multipart({}, [{ filename: 'pump.pdf', content: pdf }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
    const { document_id: id, job_status_id: job } = res.json<{ document_id: string; job_status_id: string }>();
    expect((await waitFor(() => getJob(t, user, job), (j) => j.status === 'done', 30_000)).status).toBe('done');
    return id;
  }

  it('stores the model description and its token usage', async () => {
    const id = await process();
    const res = await t.app.inject({ url: `/api/v0/documents/${id}/page-descriptions/1`, headers: user.auth });
    expect(res.json()).toMatchObject({
      description: 'A pump maintenance schedule.',
      headings: ['Pump P-101'],
      source: 'model',
      model: 'test-vlm',
    });
    const sent = JSON.parse(prompts.at(-1) ?? '{}') as { model: string; messages: Array<{ content: unknown }> };
    expect(sent.model).toBe('test-vlm');
    expect(JSON.stringify(sent.messages)).toContain('data:image/png;base64,');
    expect(JSON.stringify(sent.messages)).toContain('serviced every 90 days');
    const usage = await t.ctx.database.db.selectFrom('token_usage').selectAll().where('document_id', '=', id).execute();
    expect(usage).toMatchObject([{ purpose: 'page_description', model: 'test-vlm', tokens_in: 1200, tokens_out: 30, cost: '0.00126' }]);
  });

  it('falls back to the extractive description when the model fails', async () => {
    fail = true;
    const id = await process();
    const res = await t.app.inject({ url: `/api/v0/documents/${id}/page-descriptions/1`, headers: user.auth });
    expect(res.json()).toMatchObject({ source: 'extractive' });
    expect(res.json<{ description: string }>().description).toContain('Pump P-101 is serviced every 90 days.');
  });
});
