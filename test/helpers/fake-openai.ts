// A local HTTP server speaking the OpenAI protocol: chat completions (answers from a function of
// the prompt) and embeddings (vectors from a function of each input). Requests can be held until
// the test releases them, to look at a job while it waits on the model; embeddings can be taken down.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAiOptions {
  /** The JSON object the assistant answers with (sent as its message content). */
  chat?: (prompt: string) => unknown;
  embed?: (text: string) => number[];
}

export interface FakeRequest {
  path: string;
  /** The chat prompt (all messages joined), or the embeddings inputs joined by newlines. */
  text: string;
  inputs: string[];
}

export interface FakeOpenAi {
  url: string;
  readonly requests: FakeRequest[];
  /** Answers 503 to embeddings requests while true. */
  embeddingsDown: boolean;
  /** Requests matching this are held (not answered) until release(). */
  holdIf: ((r: FakeRequest) => boolean) | null;
  readonly held: number;
  release(): void;
  close(): Promise<void>;
}

const TOKENS = (s: string): number => s.split(/\s+/).filter(Boolean).length;

export async function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  const pending: Array<() => void> = [];
  const requests: FakeRequest[] = [];
  const state = { embeddingsDown: false, holdIf: null as ((r: FakeRequest) => boolean) | null };

  const answer = (path: string, body: Record<string, unknown>, res: ServerResponse): void => {
    if (path.endsWith('/embeddings')) {
      if (state.embeddingsDown || !options.embed) {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'embeddings are down' } }));
        return;
      }
      const inputs = body.input as string[];
      const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: options.embed!(text) }));
      const usage = { prompt_tokens: inputs.reduce((n, t) => n + TOKENS(t), 0), total_tokens: 0 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: body.model, usage }));
      return;
    }
    const messages = body.messages as Array<{ content: unknown }>;
    const prompt = messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
    const reply = { choices: [{ message: { role: 'assistant', content: JSON.stringify(options.chat?.(prompt) ?? {}) } }], usage: { prompt_tokens: 100, completion_tokens: 20 } };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const path = req.url ?? '';
      const inputs = Array.isArray(body.input) ? (body.input as string[]) : [];
      const messages = Array.isArray(body.messages) ? (body.messages as Array<{ content: unknown }>) : [];
      const text = inputs.length ? inputs.join('\n') : messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
      const request = { path, text, inputs };
      requests.push(request);
      if (state.holdIf?.(request)) pending.push(() => answer(path, body, res));
      else answer(path, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get embeddingsDown() {
      return state.embeddingsDown;
    },
    set embeddingsDown(v: boolean) {
      state.embeddingsDown = v;
    },
    get holdIf() {
      return state.holdIf;
    },
    set holdIf(f: ((r: FakeRequest) => boolean) | null) {
      state.holdIf = f;
    },
    get held() {
      return pending.length;
    },
    release() {
      for (const send of pending.splice(0)) send();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const send of pending.splice(0)) send();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Deterministic embeddings: a bag of words hashed into `dims` dimensions, after mapping each word
 * through `synonyms` to its canonical word, so texts that share no word can still be close.
 */
export function bagOfWordsEmbedder(synonyms: Record<string, string>, dims = 256): (text: string) => number[] {
  const STOP = new Set('a an the of is in on at to and or for by with was were are be which what who how does do did this that it its'.split(' '));
  return (text) => {
    const v = new Array<number>(dims).fill(0);
    for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      if (STOP.has(raw)) continue;
      const word = synonyms[raw] ?? raw;
      let h = 2166136261;
      for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619) >>> 0;
      v[h % dims]! += 1;
    }
    // A text of stop words only still needs a non-zero vector.
    if (!v.some((x) => x !== 0)) v[0] = 1e-6;
    return v;
  };
}
