// Chooses the blob store from PAGELENS_STORAGE_URL (file:PATH or s3://bucket/prefix?...).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BlobStore } from './blob-store.js';
import { LocalBlobStore } from './local.js';
import { parseS3Url, S3BlobStore } from './s3.js';

export type { BlobStore } from './blob-store.js';

/** The settings the store is chosen from (a subset of the process settings). */
export interface StorageSettings {
  storageUrl: string;
  dataDir: string;
  publicUrl: string;
  secretKey: string | null;
}

/**
 * The HMAC key for signed local URLs: PAGELENS_SECRET_KEY, or one generated on first start and
 * kept in the data dir so every process sharing that dir signs and verifies alike.
 */
export function signingSecret(config: Pick<StorageSettings, 'secretKey' | 'dataDir'>): string {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process created it between our read and write: use theirs.
      return readFileSync(file, 'utf8').trim();
    }
  }
}

export function createBlobStore(config: StorageSettings, env: Record<string, string | undefined> = process.env): BlobStore {
  if (config.storageUrl.startsWith('s3://')) return new S3BlobStore(parseS3Url(config.storageUrl, env));
  const root = path.resolve(config.storageUrl.replace(/^file:(\/\/)?/, ''));
  return new LocalBlobStore(root, config.publicUrl, signingSecret(config));
}
