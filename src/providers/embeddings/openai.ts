// OpenAI embeddings protocol (POST {base}/embeddings with `model` and an `input` array; vectors in
// `data[i].embedding`, matched by `data[i].index`; `usage.prompt_tokens`), as served by OpenAI,
// vLLM, Ollama (/v1), llama.cpp server and text-embeddings-inference.
import { ProviderError } from '../llm/errors.js';
import { isRecord, postJson, tokenCount, trimSlash, type RetryOptions } from '../llm/http.js';
import type { EmbeddingsSettings } from './settings.js';

export interface EmbeddingResult {
  vectors: Float32Array[];
  tokensIn: number;
}

export interface EmbedOptions extends RetryOptions {
  signal?: AbortSignal;
  /** Overrides the configured timeout (a search should not wait as long as a background job). */
  timeoutMs?: number;
}

export class OpenAiEmbeddings {
  readonly provider = 'openai';
  readonly model: string;
  readonly batchSize: number;
  readonly #apiKey: string | null;
  readonly #url: string;
  readonly #dimensions: number | null;
  readonly #timeoutMs: number;

  constructor(settings: Pick<EmbeddingsSettings, 'baseUrl' | 'apiKey' | 'model' | 'dimensions' | 'batchSize' | 'timeoutMs'>) {
    if (!settings.model || !settings.baseUrl) throw new Error('embeddings need a base URL and a model');
    this.model = settings.model;
    this.batchSize = settings.batchSize;
    this.#apiKey = settings.apiKey || null;
    this.#url = `${trimSlash(settings.baseUrl)}/embeddings`;
    this.#dimensions = settings.dimensions;
    this.#timeoutMs = settings.timeoutMs;
  }

  /** One request for up to batchSize texts; vectors come back in input order. */
  async embed(texts: string[], options: EmbedOptions = {}): Promise<EmbeddingResult> {
    if (texts.length === 0) return { vectors: [], tokensIn: 0 };
    if (texts.length > this.batchSize) throw new Error(`at most ${this.batchSize} texts per embeddings request, got ${texts.length}`);
    const body: Record<string, unknown> = { model: this.model, input: texts, encoding_format: 'float' };
    if (this.#dimensions !== null) body.dimensions = this.#dimensions;
    const headers: Record<string, string> = {};
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;
    const answer = await postJson({
      provider: this.provider,
      url: this.#url,
      headers,
      body,
      timeoutMs: options.timeoutMs ?? this.#timeoutMs,
      secrets: this.#apiKey ? [this.#apiKey] : [],
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
      ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
    });
    return this.#parse(answer, texts.length);
  }

  #parse(answer: unknown, count: number): EmbeddingResult {
    const bad = (why: string) => new ProviderError(this.provider, 'bad_response', `embeddings answer ${why}`);
    if (!isRecord(answer) || !Array.isArray(answer.data)) throw bad('has no data array');
    if (answer.data.length !== count) throw bad(`has ${answer.data.length} vectors for ${count} inputs`);
    const vectors: Array<Float32Array | undefined> = new Array<Float32Array | undefined>(count);
    answer.data.forEach((item: unknown, i) => {
      if (!isRecord(item) || !Array.isArray(item.embedding)) throw bad(`data[${i}] has no embedding array`);
      const index = typeof item.index === 'number' ? item.index : i;
      if (!Number.isInteger(index) || index < 0 || index >= count || vectors[index]) throw bad(`data[${i}] has a bad or repeated index`);
      const values = item.embedding as unknown[];
      if (values.length === 0 || !values.every((v): v is number => typeof v === 'number' && Number.isFinite(v))) throw bad(`data[${i}].embedding is not a list of numbers`);
      vectors[index] = Float32Array.from(values);
    });
    const dims = vectors[0]?.length ?? 0;
    if (vectors.some((v) => v?.length !== dims)) throw bad('mixes vector lengths');
    const usage = isRecord(answer.usage) ? answer.usage : {};
    return { vectors: vectors as Float32Array[], tokensIn: tokenCount(usage.prompt_tokens) };
  }
}
