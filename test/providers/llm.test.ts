// Chat model adapters against local HTTP servers that speak the OpenAI and Anthropic protocols:
// request shapes, usage, retries, timeouts, errors without the key, page descriptions, prices.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import {
  AnthropicChatModel,
  createChatModel,
  costOf,
  describeLlmSettings,
  describePageWithModel,
  llmSettingsFromEnv,
  OpenAiChatModel,
  PriceTable,
  ProviderError,
  sumCosts,
  type ChatModel,
} from '../../src/providers/llm/index.js';
import { parseDescription } from '../../src/providers/llm/describe.js';

const KEY = 'sk-test-SECRET-0123456789abcdef';
// Three bytes are enough: the adapters never decode the image.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);
const FAST = { maxRetries: 3, retryDelayMs: 1 };

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

interface Reply {
  status?: number;
  json?: unknown;
  raw?: string;
  delayMs?: number;
  headers?: Record<string, string>;
}

interface Fake {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

const servers: Fake[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server answering with `replies` in turn (the last one repeats). */
async function fakeServer(replies: Reply[]): Promise<Fake> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      const reply = replies[Math.min(seen.length - 1, replies.length - 1)] ?? {};
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.raw ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: Fake = {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(fake);
  return fake;
}

const openAiAnswer = (content: string, usage = { prompt_tokens: 120, completion_tokens: 30 }) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
});

const anthropicAnswer = (text: string) => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-5',
  content: [
    { type: 'text', text: text.slice(0, 5) },
    { type: 'text', text: text.slice(5) },
  ],
  stop_reason: 'end_turn',
  usage: { input_tokens: 200, output_tokens: 40, cache_read_input_tokens: 10 },
});

async function caught(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected a ProviderError');
}

function expectNoKey(err: ProviderError): void {
  for (const text of [err.message, String(err), err.stack ?? '', err.body, JSON.stringify(err), inspect(err)]) expect(text).not.toContain(KEY);
}

const openai = (fake: Fake, extra: Partial<ConstructorParameters<typeof OpenAiChatModel>[0]> = {}) =>
  new OpenAiChatModel({ baseUrl: `${fake.url}/v1`, apiKey: KEY, model: 'gpt-4o-mini', vision: true, timeoutMs: 5000, ...FAST, ...extra });

const anthropic = (fake: Fake, extra: Partial<ConstructorParameters<typeof AnthropicChatModel>[0]> = {}) =>
  new AnthropicChatModel({ baseUrl: fake.url, apiKey: KEY, model: 'claude-sonnet-4-5', vision: true, timeoutMs: 5000, ...FAST, ...extra });

describe('OpenAI-compatible adapter', () => {
  it('sends the model, system and user messages with the image as a data URL and the bearer key', async () => {
    const fake = await fakeServer([{ json: openAiAnswer('hello') }]);
    const result = await openai(fake).complete({ system: 'be brief', prompt: 'what is this?', images: [PNG], maxTokens: 99, temperature: 0, json: true });

    expect(result).toEqual({ text: 'hello', tokensIn: 120, tokensOut: 30 });
    expect(fake.seen).toHaveLength(1);
    const req = fake.seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be brief' },
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
            { type: 'text', text: 'what is this?' },
          ],
        },
      ],
      max_tokens: 99,
      temperature: 0,
      response_format: { type: 'json_object' },
    });
  });

  it('sends plain string content and no authorization when there is no image and no key', async () => {
    const fake = await fakeServer([{ json: openAiAnswer('ok') }]);
    await openai(fake, { apiKey: null, baseUrl: `${fake.url}/v1/` }).complete({ prompt: 'hi' });
    const req = fake.seen[0]!;
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('counts zero tokens when the server reports no usage, and reads content given as parts', async () => {
    const fake = await fakeServer([{ json: { choices: [{ message: { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] } }] } }]);
    expect(await openai(fake).complete({ prompt: 'x' })).toEqual({ text: 'ab', tokensIn: 0, tokensOut: 0 });
  });

  it('retries 500 and 429 with backoff, then succeeds', async () => {
    const fake = await fakeServer([
      { status: 500, json: { error: { message: 'overloaded' } } },
      { status: 429, json: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } },
      { json: openAiAnswer('third time') },
    ]);
    const result = await openai(fake).complete({ prompt: 'x' });
    expect(result.text).toBe('third time');
    expect(fake.seen).toHaveLength(3);
  });

  it('gives up after three retries with the last status', async () => {
    const fake = await fakeServer([{ status: 503, raw: 'upstream unavailable' }]);
    const err = await caught(openai(fake).complete({ prompt: 'x' }));
    expect(fake.seen).toHaveLength(4);
    expect(err.code).toBe('http');
    expect(err.status).toBe(503);
    expect(err.transient).toBe(true);
    expect(err.message).toContain('upstream unavailable');
    expect(err.message).toContain('after 4 attempts');
  });

  it('fails at once on 401 with the status and an excerpt, never the key', async () => {
    // The server echoes the key, as some gateways do.
    const fake = await fakeServer([{ status: 401, json: { error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error' } } }]);
    const err = await caught(openai(fake).complete({ prompt: 'x' }));
    expect(fake.seen).toHaveLength(1);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.status).toBe(401);
    expect(err.transient).toBe(false);
    expect(err.message).toMatch(/^openai: .*HTTP 401: invalid_request_error: Incorrect API key provided: \*\*\*$/);
    expectNoKey(err);
  });

  it('does not retry 400', async () => {
    const fake = await fakeServer([{ status: 400, json: { error: { message: 'bad model' } } }]);
    const err = await caught(openai(fake).complete({ prompt: 'x' }));
    expect(fake.seen).toHaveLength(1);
    expect(err.status).toBe(400);
  });

  it('times out without retrying', async () => {
    const fake = await fakeServer([{ delayMs: 3000, json: openAiAnswer('late') }]);
    const started = Date.now();
    const err = await caught(openai(fake, { timeoutMs: 200 }).complete({ prompt: 'x' }));
    expect(err.code).toBe('timeout');
    expect(err.transient).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.seen).toHaveLength(1);
  });

  it('retries network errors and then reports them', async () => {
    const fake = await fakeServer([{}]);
    await fake.close();
    const err = await caught(openai(fake).complete({ prompt: 'x' }));
    expect(err.code).toBe('network');
    expect(err.message).toContain('after 4 attempts');
    expectNoKey(err);
  });

  it('stops when the caller aborts', async () => {
    const fake = await fakeServer([{ delayMs: 3000, json: openAiAnswer('late') }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await caught(openai(fake).complete({ prompt: 'x', signal: controller.signal }));
    expect(err.code).toBe('aborted');
  });

  it('rejects a 200 whose body is not the protocol', async () => {
    const fake = await fakeServer([{ raw: '<html>proxy login</html>' }, { json: { nothing: true } }]);
    expect((await caught(openai(fake).complete({ prompt: 'x' }))).code).toBe('bad_response');
    expect((await caught(openai(fake).complete({ prompt: 'x' }))).code).toBe('bad_response');
  });

  it('makes no request when images go to a model configured without vision', async () => {
    const fake = await fakeServer([{ json: openAiAnswer('x') }]);
    const err = await caught(openai(fake, { vision: false }).complete({ prompt: 'x', images: [PNG] }));
    expect(err.code).toBe('unsupported');
    expect(fake.seen).toHaveLength(0);
  });

  it('keeps the key out of inspect and JSON of the model', async () => {
    const fake = await fakeServer([{}]);
    const model = openai(fake);
    expect(inspect(model, { depth: 5, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(model)).not.toContain(KEY);
  });
});

describe('Anthropic adapter', () => {
  it('sends /v1/messages with x-api-key, version header, system and base64 image block', async () => {
    const fake = await fakeServer([{ json: anthropicAnswer('hello world') }]);
    const result = await anthropic(fake).complete({ system: 'be brief', prompt: 'what is this?', images: [PNG], temperature: 0.2, json: true });

    expect(result).toEqual({ text: 'hello world', tokensIn: 210, tokensOut: 40 });
    const req = fake.seen[0]!;
    expect(req.url).toBe('/v1/messages');
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body.model).toBe('claude-sonnet-4-5');
    expect(req.body.max_tokens).toBe(1024);
    expect(req.body.temperature).toBe(0.2);
    expect(req.body.system).toMatch(/^be brief\n\n.*JSON object/);
    expect(req.body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG.toString('base64') } },
          { type: 'text', text: 'what is this?' },
        ],
      },
    ]);
  });

  it('accepts a base URL ending in /v1 and leaves out system when there is none', async () => {
    const fake = await fakeServer([{ json: anthropicAnswer('plain') }]);
    await anthropic(fake, { baseUrl: `${fake.url}/v1/` }).complete({ prompt: 'hi', maxTokens: 10 });
    const req = fake.seen[0]!;
    expect(req.url).toBe('/v1/messages');
    expect(req.body).toEqual({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
  });

  it('retries 500 then succeeds; 529 overloaded counts as retryable', async () => {
    const fake = await fakeServer([
      { status: 500, json: { type: 'error', error: { type: 'api_error', message: 'boom' } } },
      { status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      { json: anthropicAnswer('fine now') },
    ]);
    expect((await anthropic(fake).complete({ prompt: 'x' })).text).toBe('fine now');
    expect(fake.seen).toHaveLength(3);
  });

  it('fails at once on 401 without leaking the key', async () => {
    const fake = await fakeServer([{ status: 401, json: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } } }]);
    const err = await caught(anthropic(fake).complete({ prompt: 'x' }));
    expect(fake.seen).toHaveLength(1);
    expect(err.status).toBe(401);
    expect(err.message).toContain('authentication');
    expect(err.message).toContain('invalid x-api-key');
    expectNoKey(err);
  });

  it('times out', async () => {
    const fake = await fakeServer([{ delayMs: 3000, json: anthropicAnswer('late') }]);
    const err = await caught(anthropic(fake, { timeoutMs: 150 }).complete({ prompt: 'x' }));
    expect(err.code).toBe('timeout');
  });

  it('makes no request when images go to a model configured without vision', async () => {
    const fake = await fakeServer([{ json: anthropicAnswer('x') }]);
    expect((await caught(anthropic(fake, { vision: false }).complete({ prompt: 'x', images: [PNG] }))).code).toBe('unsupported');
    expect(fake.seen).toHaveLength(0);
  });
});

describe('describePageWithModel', () => {
  const page = {
    pageNumber: 3,
    png: PNG,
    text: 'Quarterly Report\nRevenue grew 12% in Q3.',
    components: [
      { type: 'chart', label: 'Revenue by quarter' },
      { type: 'table', label: '' },
    ],
  };

  function userText(seen: Seen): string {
    const messages = seen.body.messages as Array<{ role: string; content: string | Array<{ type: string; text?: string }> }>;
    const user = messages.find((m) => m.role === 'user')!;
    return typeof user.content === 'string' ? user.content : user.content.map((p) => p.text ?? '').join('');
  }

  it('sends the page image, text and components and returns the parsed JSON with usage (OpenAI)', async () => {
    const canned = JSON.stringify({ description: 'A quarterly report page with a revenue chart.', headings: ['Quarterly Report', ' Quarterly Report ', 7, 'Revenue'] });
    const fake = await fakeServer([{ json: openAiAnswer(canned, { prompt_tokens: 900, completion_tokens: 60 }) }]);
    const result = await describePageWithModel(openai(fake), page);

    expect(result).toEqual({
      description: 'A quarterly report page with a revenue chart.',
      headings: ['Quarterly Report', 'Revenue'],
      tokensIn: 900,
      tokensOut: 60,
      structured: true,
    });
    const req = fake.seen[0]!;
    const messages = req.body.messages as Array<{ role: string; content: unknown }>;
    expect(messages[0]?.role).toBe('system');
    expect(String(messages[0]?.content)).toMatch(/never invent/i);
    expect(JSON.stringify(messages[1]?.content)).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
    const text = userText(req);
    expect(text).toContain('page 3');
    expect(text).toContain('Revenue grew 12% in Q3.');
    expect(text).toContain('- chart: Revenue by quarter');
    expect(text).toContain('- table');
    expect(text).toContain('{"description": string, "headings": string[]}');
    expect(req.body.response_format).toEqual({ type: 'json_object' });
    expect(req.body.temperature).toBe(0);
  });

  it('falls back to the raw answer when it is not JSON (Anthropic)', async () => {
    const fake = await fakeServer([{ json: anthropicAnswer('This page reports Q3 revenue growth of 12%.') }]);
    const result = await describePageWithModel(anthropic(fake), page);
    expect(result).toEqual({ description: 'This page reports Q3 revenue growth of 12%.', headings: [], tokensIn: 210, tokensOut: 40, structured: false });
  });

  it('sends no image to a text-only model and says so in the prompt', async () => {
    const fake = await fakeServer([{ json: openAiAnswer('{"description": "From text only.", "headings": []}') }]);
    const result = await describePageWithModel(openai(fake, { vision: false }), page);
    expect(result.description).toBe('From text only.');
    const req = fake.seen[0]!;
    expect(JSON.stringify(req.body)).not.toContain('image_url');
    expect(userText(req)).toContain('You cannot see the page');
  });

  it('cuts long page text', async () => {
    const fake = await fakeServer([{ json: openAiAnswer('{"description": "Long.", "headings": []}') }]);
    await describePageWithModel(openai(fake), { ...page, text: 'x'.repeat(5000) }, { maxTextChars: 100 });
    const text = userText(fake.seen[0]!);
    expect(text).toContain('[… text cut …]');
    expect(text).not.toContain('x'.repeat(101));
  });

  it('rejects an empty answer so the caller can keep its extractive description', async () => {
    const fake = await fakeServer([{ json: openAiAnswer('   ') }]);
    expect((await caught(describePageWithModel(openai(fake), page))).code).toBe('bad_response');
  });
});

describe('parseDescription', () => {
  it('reads JSON inside code fences and after a reasoning block', () => {
    expect(parseDescription('<think>{hmm}</think>\n```json\n{"description": "D.", "headings": ["H"]}\n```')).toEqual({ description: 'D.', headings: ['H'], structured: true });
  });

  it('finds the object inside surrounding prose', () => {
    expect(parseDescription('Sure! {"description": "D.", "headings": []} Hope this helps.').description).toBe('D.');
  });

  it('salvages the description from truncated JSON', () => {
    expect(parseDescription('{"description": "A page about \\"pumps\\".", "headings": ["Pum')).toEqual({ description: 'A page about "pumps".', headings: [], structured: false });
  });

  it('uses the raw text when there is no description field', () => {
    expect(parseDescription('{"summary": "x"}')).toEqual({ description: '{"summary": "x"}', headings: [], structured: false });
  });
});

describe('prices', () => {
  const table = PriceTable.parse('{"gpt-4o-mini": {"in": 0.15, "out": 0.6}, "claude-sonnet-4-5": {"in": 3, "out": 15}}');

  it('costs calls exactly, as decimal strings', () => {
    expect(costOf(table, 'gpt-4o-mini', 1234, 567)).toBe('0.0005253');
    expect(table.costOf('claude-sonnet-4-5', 1_000_000, 1_000_000)).toBe('18');
    expect(table.costOf('gpt-4o-mini', 0, 0)).toBe('0');
    expect(table.costOf('unknown-model', 1000, 1000)).toBe('0');
  });

  it('uses the "*" entry for models without a price, and tiny prices exactly', () => {
    const t = PriceTable.parse('{"*": {"in": 1e-7, "out": 0}}');
    expect(t.costOf('anything', 10, 5)).toBe('0.000000000001');
  });

  it('sums costs exactly', () => {
    expect(sumCosts(['0.0005253', '18', '0.1', '0'])).toBe('18.1005253');
    expect(sumCosts([])).toBe('0');
  });

  it('rejects malformed tables with the reason', () => {
    expect(() => PriceTable.parse('{nope')).toThrow(/not valid JSON/);
    expect(() => PriceTable.parse('[]')).toThrow(/JSON object/);
    expect(() => PriceTable.parse('{"m": {"in": -1, "out": 1}}')).toThrow(/"m" must be/);
    expect(() => PriceTable.parse('{"m": {"in": 1}}')).toThrow(/"m" must be/);
  });

  it('prints as plain JSON', () => {
    expect(JSON.parse(JSON.stringify(table))).toEqual({ 'gpt-4o-mini': { in: 0.15, out: 0.6 }, 'claude-sonnet-4-5': { in: 3, out: 15 } });
  });
});

describe('settings', () => {
  it('defaults to no provider', () => {
    const s = llmSettingsFromEnv({});
    expect(s).toMatchObject({ kind: 'none', baseUrl: null, apiKey: null, model: null, vision: true, timeoutMs: 60_000 });
    expect(createChatModel(s)).toBeNull();
  });

  it('reads an OpenAI-compatible local server without a key', () => {
    const s = llmSettingsFromEnv({
      PAGELENS_LLM_PROVIDER: 'openai',
      PAGELENS_LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      PAGELENS_LLM_MODEL: 'qwen2.5vl:7b',
      PAGELENS_LLM_VISION: 'false',
      PAGELENS_LLM_TIMEOUT_S: '2.5',
      PAGELENS_LLM_PRICES: '{"qwen2.5vl:7b": {"in": 0, "out": 0}}',
    });
    expect(s).toMatchObject({ kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: null, model: 'qwen2.5vl:7b', vision: false, timeoutMs: 2500 });
    const model = createChatModel(s);
    expect(model).toBeInstanceOf(OpenAiChatModel);
    expect(model).toMatchObject({ provider: 'openai', model: 'qwen2.5vl:7b', vision: false });
  });

  it('defaults the vendor URL and masks the key for printing', () => {
    const s = llmSettingsFromEnv({ PAGELENS_LLM_PROVIDER: 'anthropic', PAGELENS_LLM_API_KEY: KEY, PAGELENS_LLM_MODEL: 'claude-sonnet-4-5' });
    expect(s.baseUrl).toBe('https://api.anthropic.com');
    const model: ChatModel | null = createChatModel(s);
    expect(model).toBeInstanceOf(AnthropicChatModel);
    const printed = JSON.stringify(describeLlmSettings(s));
    expect(printed).not.toContain(KEY);
    expect(printed).toContain('"apiKey":"***"');
  });

  it.each([
    [{ PAGELENS_LLM_PROVIDER: 'gemini' }, /PAGELENS_LLM_PROVIDER must be one of none, openai, anthropic/],
    [{ PAGELENS_LLM_PROVIDER: 'openai', PAGELENS_LLM_BASE_URL: 'http://x/v1' }, /PAGELENS_LLM_MODEL is required/],
    [{ PAGELENS_LLM_PROVIDER: 'openai', PAGELENS_LLM_MODEL: 'gpt-4o-mini' }, /PAGELENS_LLM_API_KEY is required/],
    [{ PAGELENS_LLM_PROVIDER: 'anthropic', PAGELENS_LLM_MODEL: 'c' }, /PAGELENS_LLM_API_KEY is required/],
    [{ PAGELENS_LLM_PROVIDER: 'openai', PAGELENS_LLM_MODEL: 'm', PAGELENS_LLM_BASE_URL: 'ftp://x' }, /PAGELENS_LLM_BASE_URL must be an http/],
    [{ PAGELENS_LLM_PROVIDER: 'openai', PAGELENS_LLM_MODEL: 'm', PAGELENS_LLM_BASE_URL: 'not a url' }, /PAGELENS_LLM_BASE_URL must be an http/],
    [{ PAGELENS_LLM_VISION: 'maybe' }, /PAGELENS_LLM_VISION must be true or false/],
    [{ PAGELENS_LLM_TIMEOUT_S: '0' }, /PAGELENS_LLM_TIMEOUT_S must be/],
    [{ PAGELENS_LLM_TIMEOUT_S: 'soon' }, /PAGELENS_LLM_TIMEOUT_S must be/],
    [{ PAGELENS_LLM_PRICES: '{"m": 1}' }, /PAGELENS_LLM_PRICES "m" must be/],
  ])('rejects %j', (env, message) => {
    expect(() => llmSettingsFromEnv(env)).toThrow(ConfigError);
    expect(() => llmSettingsFromEnv(env)).toThrow(message);
  });
});
