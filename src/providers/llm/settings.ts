// PAGELENS_LLM_* variables to LLM settings. Kept beside the adapters; src/config.ts embeds the
// result. Errors are ConfigError and name the variable, like every other setting.
import { ConfigError } from '../../config-error.js';
import { ANTHROPIC_DEFAULT_BASE_URL } from './anthropic.js';
import { OPENAI_DEFAULT_BASE_URL } from './openai.js';
import { PriceTable } from './prices.js';

export const LLM_KINDS = ['none', 'openai', 'anthropic'] as const;
export type LlmKind = (typeof LLM_KINDS)[number];

export interface LlmSettings {
  kind: LlmKind;
  /** The effective endpoint (the vendor's default when unset); null when kind is none. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  vision: boolean;
  timeoutMs: number;
  prices: PriceTable;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string): string | null => {
  const v = env[`PAGELENS_LLM_${name}`]?.trim();
  return v === undefined || v === '' ? null : v;
};

function kindOf(env: Env): LlmKind {
  const raw = value(env, 'PROVIDER') ?? 'none';
  const hit = LLM_KINDS.find((k) => k === raw.toLowerCase());
  if (!hit) throw new ConfigError(`PAGELENS_LLM_PROVIDER must be one of ${LLM_KINDS.join(', ')}, got "${raw}"`);
  return hit;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name);
  if (raw === null) return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`PAGELENS_LLM_${name} must be true or false, got "${raw}"`);
}

function timeoutMs(env: Env): number {
  const raw = value(env, 'TIMEOUT_S');
  if (raw === null) return 60_000;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new ConfigError(`PAGELENS_LLM_TIMEOUT_S must be a number of seconds between 0 and 3600, got "${raw}"`);
  return Math.round(n * 1000);
}

function baseUrl(env: Env, fallback: string): string {
  const raw = value(env, 'BASE_URL') ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PAGELENS_LLM_BASE_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PAGELENS_LLM_BASE_URL must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function prices(env: Env): PriceTable {
  try {
    return PriceTable.parse(value(env, 'PRICES') ?? '');
  } catch (err) {
    throw new ConfigError(`PAGELENS_LLM_PRICES ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function llmSettingsFromEnv(env: Env = process.env): LlmSettings {
  const kind = kindOf(env);
  const common = { vision: bool(env, 'VISION', true), timeoutMs: timeoutMs(env), prices: prices(env) };
  if (kind === 'none') return { kind, baseUrl: null, apiKey: null, model: null, ...common };

  const model = value(env, 'MODEL');
  if (!model) throw new ConfigError(`PAGELENS_LLM_MODEL is required when PAGELENS_LLM_PROVIDER is ${kind}`);
  const vendorUrl = kind === 'openai' ? OPENAI_DEFAULT_BASE_URL : ANTHROPIC_DEFAULT_BASE_URL;
  const url = baseUrl(env, vendorUrl);
  const apiKey = value(env, 'API_KEY');
  // Local OpenAI-compatible servers and gateways need no key; the vendors' own endpoints do.
  if (!apiKey && new URL(url).host === new URL(vendorUrl).host) {
    throw new ConfigError(`PAGELENS_LLM_API_KEY is required for ${vendorUrl}`);
  }
  return { kind, baseUrl: url, apiKey, model, ...common };
}

/** The settings for `pagelens config`: the key masked, the URL's password masked. */
export function describeLlmSettings(s: LlmSettings): Record<string, unknown> {
  return {
    kind: s.kind,
    baseUrl: s.baseUrl?.replace(/(\/\/[^:/@]*:)[^@/]+@/, '$1***@') ?? null,
    apiKey: s.apiKey === null ? null : '***',
    model: s.model,
    vision: s.vision,
    timeoutMs: s.timeoutMs,
    prices: s.prices.toJSON(),
  };
}
