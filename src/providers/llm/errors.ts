// Errors from model services: short, with the HTTP status and a body excerpt, never the API key.

export type ProviderErrorCode =
  /** The service answered with an error status. */
  | 'http'
  /** No answer: connection refused, reset, DNS failure. */
  | 'network'
  | 'timeout'
  /** Cancelled by the caller's signal. */
  | 'aborted'
  /** The request cannot be served as configured (images for a text-only model). */
  | 'unsupported'
  /** The answer was not the JSON shape the protocol promises. */
  | 'bad_response';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    readonly provider: string,
    readonly code: ProviderErrorCode,
    message: string,
    readonly status: number | null = null,
    /** A redacted excerpt of the response body, for logs. */
    readonly body = '',
  ) {
    super(`${provider}: ${message}`);
  }

  /** Worth trying again later (the job's own retry): rate limits, server errors, network trouble. */
  get transient(): boolean {
    if (this.code === 'network' || this.code === 'timeout') return true;
    return this.code === 'http' && this.status !== null && (this.status === 429 || this.status >= 500);
  }
}

const EXCERPT_CHARS = 300;

/** Removes the given secrets and anything shaped like an API key (sk-..., Bearer ...). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('***');
  return out.replace(/\bsk-[A-Za-z0-9_*-]{6,}/g, 'sk-***').replace(/\bBearer\s+\S+/gi, 'Bearer ***');
}

/** The service's own error message when the body is a JSON error, else the raw body; collapsed and cut. */
export function excerpt(body: string, secrets: readonly string[]): string {
  let text = body;
  try {
    const parsed: unknown = JSON.parse(body);
    const message = errorMessageOf(parsed);
    if (message) text = message;
  } catch {
    // Not JSON: keep the raw body.
  }
  text = redact(text.replace(/\s+/g, ' ').trim(), secrets);
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}

/** OpenAI and Anthropic both answer `{"error": {"type"?, "message"}}`; some servers `{"error": "..."}`. */
function errorMessageOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('error' in value)) return null;
  const error = value.error;
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null || !('message' in error) || typeof error.message !== 'string') return null;
  // Anthropic's error.type (authentication_error, overloaded_error) says more than the message alone.
  return 'type' in error && typeof error.type === 'string' ? `${error.type}: ${error.message}` : error.message;
}
