// PAGELENS_AZURE_DI_* and PAGELENS_GOOGLE_VISION_* to document-analysis settings. Each service is
// off until its key (and, for Azure, its endpoint) is set; a half-configured service stops the
// process with a ConfigError naming the missing variable, like every other setting.
import { ConfigError } from '../../config-error.js';

type Env = Record<string, string | undefined>;

export interface AnalysisTimeouts {
  /** The whole analysis (Azure: the POST and every poll) must finish within this. */
  timeoutMs: number;
  /** Answers larger than this are refused (a page's layout JSON is well under 10 MB). */
  maxResponseBytes: number;
}

export const AZURE_DEFAULT_MODEL = 'prebuilt-layout';
export const AZURE_DEFAULT_API_VERSION = '2024-11-30';
export const GOOGLE_DEFAULT_BASE_URL = 'https://vision.googleapis.com';
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export interface AzureDiSettings extends AnalysisTimeouts {
  endpoint: string;
  apiKey: string;
  model: string;
  apiVersion: string;
}

export interface GoogleVisionSettings extends AnalysisTimeouts {
  baseUrl: string;
  apiKey: string;
}

export interface DocumentAnalysisSettings {
  azure: AzureDiSettings | null;
  google: GoogleVisionSettings | null;
}

/** The variables that switch each service on, for messages that say what is missing. */
export const AZURE_REQUIRED = ['PAGELENS_AZURE_DI_ENDPOINT', 'PAGELENS_AZURE_DI_KEY'] as const;
export const GOOGLE_REQUIRED = ['PAGELENS_GOOGLE_VISION_API_KEY'] as const;

const value = (env: Env, name: string): string | null => {
  const v = env[name]?.trim();
  return v === undefined || v === '' ? null : v;
};

function httpUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = value(env, name) ?? fallback;
  if (raw === null) return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function seconds(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === null) return fallback * 1000;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new ConfigError(`${name} must be a number of seconds between 0 and 3600, got "${raw}"`);
  return Math.round(n * 1000);
}

function azureFromEnv(env: Env): AzureDiSettings | null {
  const endpoint = httpUrl(env, 'PAGELENS_AZURE_DI_ENDPOINT', null);
  const apiKey = value(env, 'PAGELENS_AZURE_DI_KEY');
  if (endpoint === null && apiKey === null) return null;
  if (endpoint === null) throw new ConfigError('PAGELENS_AZURE_DI_ENDPOINT is required when PAGELENS_AZURE_DI_KEY is set');
  if (apiKey === null) throw new ConfigError('PAGELENS_AZURE_DI_KEY is required when PAGELENS_AZURE_DI_ENDPOINT is set');
  const model = value(env, 'PAGELENS_AZURE_DI_MODEL') ?? AZURE_DEFAULT_MODEL;
  if (!/^[a-zA-Z0-9][a-zA-Z0-9._~-]{1,63}$/.test(model)) throw new ConfigError(`PAGELENS_AZURE_DI_MODEL must be a model id such as ${AZURE_DEFAULT_MODEL}, got "${model}"`);
  const apiVersion = value(env, 'PAGELENS_AZURE_DI_API_VERSION') ?? AZURE_DEFAULT_API_VERSION;
  if (!/^\d{4}-\d{2}-\d{2}(-preview)?$/.test(apiVersion)) throw new ConfigError(`PAGELENS_AZURE_DI_API_VERSION must look like ${AZURE_DEFAULT_API_VERSION}, got "${apiVersion}"`);
  return { endpoint, apiKey, model, apiVersion, timeoutMs: seconds(env, 'PAGELENS_AZURE_DI_TIMEOUT_S', 120), maxResponseBytes: MAX_RESPONSE_BYTES };
}

function googleFromEnv(env: Env): GoogleVisionSettings | null {
  const apiKey = value(env, 'PAGELENS_GOOGLE_VISION_API_KEY');
  const baseUrl = httpUrl(env, 'PAGELENS_GOOGLE_VISION_BASE_URL', GOOGLE_DEFAULT_BASE_URL)!;
  if (apiKey === null) {
    if (value(env, 'PAGELENS_GOOGLE_VISION_BASE_URL') !== null) throw new ConfigError('PAGELENS_GOOGLE_VISION_API_KEY is required when PAGELENS_GOOGLE_VISION_BASE_URL is set');
    return null;
  }
  return { baseUrl, apiKey, timeoutMs: seconds(env, 'PAGELENS_GOOGLE_VISION_TIMEOUT_S', 60), maxResponseBytes: MAX_RESPONSE_BYTES };
}

export function documentAnalysisSettingsFromEnv(env: Env = process.env): DocumentAnalysisSettings {
  return { azure: azureFromEnv(env), google: googleFromEnv(env) };
}

const maskUrl = (url: string): string => url.replace(/(\/\/[^:/@]*:)[^@/]+@/, '$1***@');

/** The settings for `pagelens config`, keys masked. */
export function describeDocumentAnalysisSettings(s: DocumentAnalysisSettings): Record<string, unknown> {
  return {
    azure: s.azure && { ...s.azure, endpoint: maskUrl(s.azure.endpoint), apiKey: '***' },
    google: s.google && { ...s.google, baseUrl: maskUrl(s.google.baseUrl), apiKey: '***' },
  };
}
