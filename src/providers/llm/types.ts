// One interface for every chat model service (OpenAI-compatible endpoints, Anthropic), so the
// pipeline and the answerer never care which one is configured.

export interface ChatRequest {
  system?: string;
  prompt: string;
  /** PNG images shown to the model; only for models configured with vision. */
  images?: Buffer[];
  maxTokens?: number;
  temperature?: number;
  /** Ask for a single JSON object (native JSON mode where the protocol has one, an instruction otherwise). */
  json?: boolean;
  /** Cancels the request and any retry wait (e.g. when the job is cancelled). */
  signal?: AbortSignal;
}

export interface ChatResult {
  text: string;
  tokensIn: number;
  tokensOut: number;
}

export interface ChatModel {
  /** `openai` or `anthropic`, as recorded in token_usage.provider. */
  readonly provider: string;
  readonly model: string;
  /** Whether the model may be sent images; when false, complete() refuses a request with images. */
  readonly vision: boolean;
  complete(req: ChatRequest): Promise<ChatResult>;
}
