// API tokens: random, shown once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'pl_';

export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The first characters, kept in clear so people can tell their tokens apart in listings. */
export function displayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}
