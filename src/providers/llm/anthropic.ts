// Anthropic Messages API (POST /v1/messages).
import { ProviderError } from './errors.js';
import { isRecord, postJson, tokenCount, trimSlash, type RemoteModelOptions } from './http.js';
import type { ChatModel, ChatRequest, ChatResult } from './types.js';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';
/** max_tokens is required by the protocol. */
const DEFAULT_MAX_TOKENS = 1024;
// No JSON mode in this protocol (and prefilling "{" is refused by newer models): ask in words.
const JSON_INSTRUCTION = 'Reply with a single JSON object and nothing else: no prose, no code fences.';

type Block =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: 'image/png'; data: string } };

export class AnthropicChatModel implements ChatModel {
  readonly provider = 'anthropic';
  readonly model: string;
  readonly vision: boolean;
  // Private so logging or serialising the model never shows the key.
  readonly #apiKey: string | null;
  readonly #transport: Pick<RemoteModelOptions, 'timeoutMs' | 'maxRetries' | 'retryDelayMs'>;
  readonly #url: string;

  constructor(options: RemoteModelOptions) {
    this.model = options.model;
    this.vision = options.vision;
    this.#apiKey = options.apiKey || null;
    this.#transport = { timeoutMs: options.timeoutMs, maxRetries: options.maxRetries, retryDelayMs: options.retryDelayMs };
    // Accept a base URL given with or without /v1.
    this.#url = `${trimSlash(options.baseUrl || ANTHROPIC_DEFAULT_BASE_URL).replace(/\/v1$/, '')}/v1/messages`;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const images = req.images ?? [];
    if (images.length > 0 && !this.vision) {
      throw new ProviderError(this.provider, 'unsupported', `model ${this.model} is configured without vision (PAGELENS_LLM_VISION=false); images cannot be sent`);
    }
    // Images before the text, as Anthropic recommends.
    const content: Block[] = [
      ...images.map((png): Block => ({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') } })),
      { type: 'text', text: req.prompt },
    ];
    const system = [req.system, req.json ? JSON_INSTRUCTION : undefined].filter((s) => s).join('\n\n');
    const body: Record<string, unknown> = {
      model: this.model,
      max_tokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
      messages: [{ role: 'user', content }],
    };
    if (system) body.system = system;
    if (req.temperature !== undefined) body.temperature = req.temperature;

    const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION };
    if (this.#apiKey) headers['x-api-key'] = this.#apiKey;
    const answer = await postJson({
      ...this.#transport,
      provider: this.provider,
      url: this.#url,
      headers,
      body,
      secrets: this.#apiKey ? [this.#apiKey] : [],
      signal: req.signal,
    });
    return this.#parse(answer);
  }

  #parse(answer: unknown): ChatResult {
    if (!isRecord(answer) || !Array.isArray(answer.content)) {
      throw new ProviderError(this.provider, 'bad_response', 'the answer has no content array');
    }
    const text = answer.content
      .map((block: unknown) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
      .join('');
    const usage = isRecord(answer.usage) ? answer.usage : {};
    // Cached prompt tokens are billed input too.
    const tokensIn = tokenCount(usage.input_tokens) + tokenCount(usage.cache_creation_input_tokens) + tokenCount(usage.cache_read_input_tokens);
    return { text, tokensIn, tokensOut: tokenCount(usage.output_tokens) };
  }
}
