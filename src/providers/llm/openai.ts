// OpenAI chat completions protocol, as served by OpenAI, vLLM, Ollama (/v1) and llama.cpp server.
import { ProviderError } from './errors.js';
import { isRecord, postJson, tokenCount, trimSlash, type RemoteModelOptions } from './http.js';
import type { ChatModel, ChatRequest, ChatResult } from './types.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export class OpenAiChatModel implements ChatModel {
  readonly provider = 'openai';
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
    this.#url = `${trimSlash(options.baseUrl || OPENAI_DEFAULT_BASE_URL)}/chat/completions`;
  }

  async complete(req: ChatRequest): Promise<ChatResult> {
    const images = req.images ?? [];
    if (images.length > 0 && !this.vision) {
      throw new ProviderError(this.provider, 'unsupported', `model ${this.model} is configured without vision (PAGELENS_LLM_VISION=false); images cannot be sent`);
    }
    // A plain string when there are no images: text-only servers may reject content arrays.
    const content: string | Part[] =
      images.length === 0
        ? req.prompt
        : [
            ...images.map((png): Part => ({ type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } })),
            { type: 'text', text: req.prompt },
          ];
    const messages: Array<{ role: string; content: string | Part[] }> = [];
    if (req.system) messages.push({ role: 'system', content: req.system });
    messages.push({ role: 'user', content });

    const body: Record<string, unknown> = { model: this.model, messages };
    // max_tokens rather than max_completion_tokens: every compatible server knows it.
    if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.json) body.response_format = { type: 'json_object' };

    const headers: Record<string, string> = {};
    if (this.#apiKey) headers.authorization = `Bearer ${this.#apiKey}`;
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
    const choice = isRecord(answer) && Array.isArray(answer.choices) ? (answer.choices[0] as unknown) : undefined;
    const message = isRecord(choice) ? choice.message : undefined;
    const text = isRecord(message) ? contentText(message.content) : null;
    if (text === null) throw new ProviderError(this.provider, 'bad_response', 'the answer has no choices[0].message.content');
    const usage = isRecord(answer) && isRecord(answer.usage) ? answer.usage : {};
    return { text, tokensIn: tokenCount(usage.prompt_tokens), tokensOut: tokenCount(usage.completion_tokens) };
  }
}

/** content is a string, null (e.g. a refusal) or, on some servers, an array of text parts. */
function contentText(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (content === null) return '';
  if (!Array.isArray(content)) return null;
  return content
    .map((part: unknown) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}
