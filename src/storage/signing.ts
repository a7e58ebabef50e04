// HMAC-signed URLs for the local store: each URL names one key, one method and an expiry.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SignedMethod } from './blob-store.js';

export interface SignedParams {
  key: string;
  method: SignedMethod;
  expires: number;
}

function mac(secret: string, p: SignedParams): string {
  return createHmac('sha256', secret).update(`${p.method}\n${p.key}\n${p.expires}`).digest('base64url');
}

export function signLocalUrl(baseUrl: string, secret: string, p: SignedParams): string {
  const encodedKey = p.key.split('/').map(encodeURIComponent).join('/');
  const q = new URLSearchParams({ method: p.method, expires: String(p.expires), signature: mac(secret, p) });
  return `${baseUrl}/storage/${encodedKey}?${q.toString()}`;
}

export type VerifyResult = 'ok' | 'expired' | 'invalid';

export function verifyLocalSignature(secret: string, p: SignedParams, signature: string, nowSeconds: number): VerifyResult {
  const expected = Buffer.from(mac(secret, p));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return p.expires < nowSeconds ? 'expired' : 'ok';
}
