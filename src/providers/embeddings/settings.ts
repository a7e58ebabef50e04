// PAGELENS_EMBEDDINGS_* variables to embeddings settings. Off unless a model is named; errors are
// ConfigError naming the variable, like every other setting. Prices come from PAGELENS_LLM_PRICES
// (an embedding call has only input tokens: its "in" price applies).
import { ConfigError } from '../../config-error.js';

export const EMBEDDINGS_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface EmbeddingsSettings {
  /** False when PAGELENS_EMBEDDINGS_MODEL is unset: full-text search only. */
  enabled: boolean;
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  /** Sent as `dimensions` (models that can shorten their vectors); null sends nothing. */
  dimensions: number | null;
  /** Texts per request. */
  batchSize: number;
  timeoutMs: number;
  /** Most stored vectors one query compares (brute force); past it a search is full text only. */
  maxScan: number;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | null => {
  const v = env[`PAGELENS_EMBEDDINGS_${name}`]?.trim();
  return v === undefined || v === '' ? null : v;
};

function int(env: Env, name: string, fallback: number | null, min: number, max: number): number | null {
  const raw = value(env, name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`PAGELENS_EMBEDDINGS_${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function baseUrl(env: Env): string {
  const raw = value(env, 'BASE_URL') ?? EMBEDDINGS_DEFAULT_BASE_URL;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`PAGELENS_EMBEDDINGS_BASE_URL must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

export function embeddingsSettingsFromEnv(env: Env = process.env): EmbeddingsSettings {
  const model = value(env, 'MODEL');
  const common = {
    dimensions: int(env, 'DIMENSIONS', null, 1, 16_384),
    batchSize: int(env, 'BATCH_SIZE', 64, 1, 2048) ?? 64,
    timeoutMs: (int(env, 'TIMEOUT_S', 30, 1, 3600) ?? 30) * 1000,
    maxScan: int(env, 'MAX_SCAN', 10_000, 1, 10_000_000) ?? 10_000,
  };
  if (model === null) return { enabled: false, baseUrl: null, apiKey: null, model: null, ...common };
  const url = baseUrl(env);
  const apiKey = value(env, 'API_KEY');
  // Local servers (vLLM, Ollama, llama.cpp, text-embeddings-inference) need no key; OpenAI does.
  if (!apiKey && new URL(url).host === new URL(EMBEDDINGS_DEFAULT_BASE_URL).host) {
    throw new ConfigError(`PAGELENS_EMBEDDINGS_API_KEY is required for ${EMBEDDINGS_DEFAULT_BASE_URL}`);
  }
  return { enabled: true, baseUrl: url, apiKey, model, ...common };
}

/** For `pagelens config`: the key and any URL password masked. */
export function describeEmbeddingsSettings(s: EmbeddingsSettings): Record<string, unknown> {
  return { ...s, baseUrl: s.baseUrl?.replace(/(\/\/[^:/@]*:)[^@/]+@/, '$1***@') ?? null, apiKey: s.apiKey === null ? null : '***' };
}
