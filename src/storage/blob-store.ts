// The blob store port: every backend (local files, S3) implements exactly this.
import type { Readable } from 'node:stream';

export type SignedMethod = 'GET' | 'PUT';

export interface SignOptions {
  method: SignedMethod;
  expiresInSeconds: number;
  contentType?: string;
}

/**
 * Where and how a client uploads one blob directly: a PUT of the raw bytes to `url`, or an HTML
 * form POST of `fields` followed by the file (field `file`). Either way the store itself refuses
 * a body over the size limit it was signed with.
 */
export interface SignedUpload {
  url: string;
  method: 'PUT' | 'POST';
  fields: Record<string, string>;
}

/** One stored blob as a listing sees it. */
export interface BlobEntry {
  key: string;
  size: number;
  /** When the blob was last written (file mtime, S3 LastModified). */
  modifiedAt: Date;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`blob not found: ${key}`);
  }
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores a file from local disk under key, atomically (readers never see a partial blob). */
  putFile(key: string, filePath: string, contentType?: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<Readable>;
  /** Copies the blob to a local file (for converters that need a path). */
  download(key: string, filePath: string): Promise<void>;
  head(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  list(prefix: string): Promise<string[]>;
  /** Like list, with each blob's size and last write time (fsck tells fresh writes from leftovers). */
  entries(prefix: string): Promise<BlobEntry[]>;
  signedUrl(key: string, options: SignOptions): Promise<string>;
  /** A direct upload to key, valid until the expiry, that the store caps at maxBytes. */
  signedUpload(key: string, options: { expiresInSeconds: number; maxBytes: number }): Promise<SignedUpload>;
  /** Throws when the backend is unreachable (readiness probe). */
  check(): Promise<void>;
}

/** Keys are relative, slash-separated and free of '.'/'..' segments, on every backend. */
export function assertValidKey(key: string): void {
  if (key === '' || key.startsWith('/') || key.includes('\\') || key.includes('\0')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  for (const part of key.split('/')) {
    if (part === '' || part === '.' || part === '..') throw new Error(`invalid storage key: ${key}`);
  }
}
