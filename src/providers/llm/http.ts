// JSON POST with a per-attempt timeout and retries with exponential backoff on 429, 5xx and
// network errors. Timeouts are not retried here: a model that ran out of time once will likely
// do so again, and the job's own retry covers it.
import { setTimeout as sleep } from 'node:timers/promises';
import { excerpt, ProviderError, redact } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** First backoff delay; doubles each retry, with jitter. Default 500 ms. */
  retryDelayMs?: number;
}

export interface PostJsonOptions extends RetryOptions {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  /** Redacted from every error message (the API key). */
  secrets: readonly string[];
  signal?: AbortSignal;
  /** Largest response body read, in bytes; a longer one is refused unread. Default 32 MiB. */
  maxResponseBytes?: number;
}

const MAX_RETRY_AFTER_MS = 60_000;
/** Far above any chat answer or embedding batch, far below what would strain the process. */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

class BodyTooLarge extends Error {}

/** The body as text, reading no more than `limit` bytes (a server could otherwise send without end). */
async function readText(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge();
  }
  if (!res.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The URL without credentials or query, safe for messages. */
function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Retry-After in seconds or as an HTTP date, capped; null when absent or unreadable. */
function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

function backoffMs(base: number, retry: number): number {
  const full = base * 2 ** retry;
  return full / 2 + Math.random() * (full / 2);
}

function describeCause(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause: unknown = err.cause;
  return cause instanceof Error ? `${err.message}: ${cause.message}` : err.message;
}

const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

export async function postJson(o: PostJsonOptions): Promise<unknown> {
  const maxRetries = o.maxRetries ?? 3;
  const baseDelay = o.retryDelayMs ?? 500;
  const where = safeUrl(o.url);
  const payload = JSON.stringify(o.body);
  let last: ProviderError | null = null;
  let lastRetryAfter: number | null = null;

  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0) {
      const wait = lastRetryAfter ?? backoffMs(baseDelay, attempt - 1);
      try {
        await sleep(wait, undefined, { signal: o.signal });
      } catch {
        throw new ProviderError(o.provider, 'aborted', `request to ${where} was cancelled`);
      }
    }
    const signals = [AbortSignal.timeout(o.timeoutMs)];
    if (o.signal) signals.push(o.signal);
    let status = 0;
    let text: string;
    let retryAfter: number | null;
    try {
      const res = await fetch(o.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...o.headers },
        body: payload,
        signal: AbortSignal.any(signals),
      });
      status = res.status;
      retryAfter = retryAfterMs(res.headers.get('retry-after'));
      text = await readText(res, o.maxResponseBytes ?? MAX_RESPONSE_BYTES);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        // Not retried: the same request would bring the same flood.
        const limit = o.maxResponseBytes ?? MAX_RESPONSE_BYTES;
        throw new ProviderError(o.provider, 'bad_response', `${where} answered with a body larger than ${limit} bytes`, status);
      }
      if (o.signal?.aborted) throw new ProviderError(o.provider, 'aborted', `request to ${where} was cancelled`);
      if (err instanceof Error && err.name === 'TimeoutError') {
        throw new ProviderError(o.provider, 'timeout', `no answer from ${where} within ${o.timeoutMs} ms`);
      }
      last = new ProviderError(o.provider, 'network', `request to ${where} failed: ${redact(describeCause(err), o.secrets)}`);
      lastRetryAfter = null;
      continue;
    }

    if (status >= 200 && status < 300) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        const body = excerpt(text, o.secrets);
        throw new ProviderError(o.provider, 'bad_response', `${where} answered ${status} with a body that is not JSON: ${body}`, status, body);
      }
    }
    const body = excerpt(text, o.secrets);
    last = new ProviderError(o.provider, 'http', `${where} answered HTTP ${status}: ${body}`, status, body);
    if (!isRetryableStatus(status)) throw last;
    lastRetryAfter = retryAfter;
  }
  // Out of retries: the last failure, with how many attempts it took.
  const final = last ?? new ProviderError(o.provider, 'network', `request to ${where} failed`);
  final.message += ` (after ${maxRetries + 1} attempts)`;
  throw final;
}

/** What both remote adapters are built from. */
export interface RemoteModelOptions extends RetryOptions {
  /** Defaults to the vendor's public endpoint. */
  baseUrl?: string | null;
  /** Optional for local servers (vLLM, Ollama, llama.cpp) that need none. */
  apiKey?: string | null;
  model: string;
  vision: boolean;
  timeoutMs: number;
}

/** A non-negative integer from a usage field; servers that omit usage count as zero. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const trimSlash = (url: string): string => url.replace(/\/+$/, '');
