// One HTTP exchange with a document-analysis service: a per-request timeout, a cap on the answer's
// size (read as it streams, so a runaway body never fills memory), retries with backoff on 429,
// 5xx and network errors, and every failure a ProviderError without the key in it.
import { setTimeout as sleep } from 'node:timers/promises';
import { excerpt, ProviderError, redact } from '../llm/errors.js';

export interface ExchangeOptions {
  provider: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** JSON body of a POST. */
  body?: unknown;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Redacted from every message (the API key). */
  secrets: readonly string[];
  /** Retries after the first attempt on 429, 5xx and network errors. Default 2. */
  maxRetries?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
}

export interface Exchange {
  status: number;
  headers: Headers;
  json: unknown;
}

const MAX_RETRY_AFTER_MS = 30_000;

/** The URL without its query (Google's key may travel there), safe for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Retry-After in seconds or as an HTTP date, capped; null when absent or unreadable. */
export function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

async function readCapped(res: Response, max: number, provider: string, where: string): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    throw new ProviderError(provider, 'bad_response', `${where} answered with ${declared} bytes, more than the ${max} accepted`, res.status);
  }
  if (!res.body) return '';
  // fetch's body is a web ReadableStream, async-iterable in Node; DOM typings miss that.
  const body = res.body as unknown as AsyncIterable<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const value of body) {
    size += value.byteLength;
    if (size > max) {
      await res.body.cancel().catch(() => undefined);
      throw new ProviderError(provider, 'bad_response', `${where} answered with more than the ${max} bytes accepted`, res.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const retryable = (status: number): boolean => status === 429 || status >= 500;

function causeOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}

/** Sends the request; a 2xx answer's JSON (null for an empty body), else a ProviderError. */
export async function exchange(o: ExchangeOptions): Promise<Exchange> {
  const maxRetries = o.maxRetries ?? 2;
  const where = safeUrl(o.url);
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  let last: ProviderError | null = null;
  let wait: number | null = null;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    if (attempt > 0) {
      const base = (o.retryDelayMs ?? 500) * 2 ** (attempt - 1);
      try {
        await sleep(wait ?? base / 2 + Math.random() * (base / 2), undefined, { signal: o.signal });
      } catch {
        throw new ProviderError(o.provider, 'aborted', `request to ${where} was cancelled`);
      }
    }
    const signals = [AbortSignal.timeout(o.timeoutMs)];
    if (o.signal) signals.push(o.signal);
    const signal = AbortSignal.any(signals);
    let res: Response;
    let text: string;
    try {
      res = await fetch(o.url, {
        method: o.method,
        headers: payload === undefined ? o.headers : { 'content-type': 'application/json', ...o.headers },
        body: payload,
        signal,
      });
      text = await readCapped(res, o.maxResponseBytes, o.provider, where);
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      if (o.signal?.aborted) throw new ProviderError(o.provider, 'aborted', `request to ${where} was cancelled`);
      if (signal.aborted || (err instanceof Error && err.name === 'TimeoutError')) {
        throw new ProviderError(o.provider, 'timeout', `no answer from ${where} within ${o.timeoutMs} ms`);
      }
      last = new ProviderError(o.provider, 'network', `request to ${where} failed: ${redact(causeOf(err), o.secrets)}`);
      wait = null;
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      if (text.trim() === '') return { status: res.status, headers: res.headers, json: null };
      try {
        return { status: res.status, headers: res.headers, json: JSON.parse(text) as unknown };
      } catch {
        const body = excerpt(text, o.secrets);
        throw new ProviderError(o.provider, 'bad_response', `${where} answered ${res.status} with a body that is not JSON: ${body}`, res.status, body);
      }
    }
    const body = excerpt(text, o.secrets);
    last = new ProviderError(o.provider, 'http', `${where} answered HTTP ${res.status}: ${body}`, res.status, body);
    if (!retryable(res.status)) throw last;
    wait = retryAfterMs(res.headers.get('retry-after'));
  }
  const final = last ?? new ProviderError(o.provider, 'network', `request to ${where} failed`);
  final.message += ` (after ${maxRetries + 1} attempts)`;
  throw final;
}
