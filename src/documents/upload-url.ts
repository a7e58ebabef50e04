// Direct-to-storage uploads: issue a signed PUT URL for a fresh key, then adopt what arrived there.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Caller } from '../auth/caller.js';
import { inTransaction, type UnitOfWork } from '../db/tx.js';
import type { Database, Db } from '../db/types.js';
import { conflict, validationError } from '../http/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newId } from '../util.js';
import { getReadableDocument } from './access.js';
import { acceptedFormat } from './ingest.js';
import { newFileKey, newUploadKey } from './keys.js';
import { queueBlobDeletion } from './blob-deletions.js';
import type { BlobDeleter, StoredFile } from './service.js';
import { runBlobDeletion } from './blob-deletions.js';
import { removeQuietly, tooLarge } from './upload.js';

export interface IssuedUpload {
  document_id: string;
  upload_url: string;
  method: 'PUT';
  file_path: string;
  expires_at: string;
  max_bytes: number;
}

export async function issueUploadUrl(
  db: Db,
  storage: BlobStore,
  caller: Caller,
  documentId: string,
  ttlSeconds: number,
  maxBytes: number,
): Promise<IssuedUpload> {
  const doc = await getReadableDocument(db, caller, documentId);
  const key = newUploadKey(doc.id);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  await db
    .insertInto('pending_uploads')
    .values({ id: newId(), document_id: doc.id, storage_key: key, expires_at: expiresAt, created_at: now.toISOString() })
    .execute();
  const url = await storage.signedUrl(key, { method: 'PUT', expiresInSeconds: ttlSeconds });
  return { document_id: doc.id, upload_url: url, method: 'PUT', file_path: key, expires_at: expiresAt, max_bytes: maxBytes };
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Checks the blob a client put at a pending upload key: present, within the size limit and of an
 * accepted format. A rejected blob is deleted. The checked bytes are stored under a fresh file key:
 * the signed URL stays valid until it expires, so a file left at the upload key could later be
 * swapped for bytes that were never checked. Returns that stored file to commit.
 */
export async function inspectUploadedBlob(
  db: Db,
  storage: BlobStore,
  caller: Caller,
  documentId: string,
  key: string,
  fileName: string | undefined,
  opts: { maxBytes: number; tmpDir: string; libreofficeAvailable: boolean },
): Promise<StoredFile> {
  const doc = await getReadableDocument(db, caller, documentId);
  const pending = await db
    .selectFrom('pending_uploads')
    .selectAll()
    .where('document_id', '=', doc.id)
    .where('storage_key', '=', key)
    .executeTakeFirst();
  if (!pending || pending.expires_at <= new Date().toISOString()) {
    throw validationError(['body', 'file_path'], 'Unknown or expired upload; request a new upload URL', 'value_error');
  }
  const head = await storage.head(key);
  if (!head) throw conflict('Nothing has been uploaded to this URL yet');
  const reject = async (err: Error): Promise<never> => {
    await storage.delete(key).catch(() => undefined);
    await db.deleteFrom('pending_uploads').where('id', '=', pending.id).execute();
    throw err;
  };
  if (head.size > opts.maxBytes) return reject(tooLarge(opts.maxBytes));
  await mkdir(opts.tmpDir, { recursive: true });
  const tmp = path.join(opts.tmpDir, `${newId()}.check`);
  try {
    await storage.download(key, tmp);
    const size = (await stat(tmp)).size;
    const filename = fileName ?? doc.original_filename ?? 'upload';
    let format;
    try {
      format = await acceptedFormat(tmp, filename, opts.libreofficeAvailable);
    } catch (err) {
      return await reject(err as Error);
    }
    const sha256 = await sha256File(tmp);
    const fileKey = newFileKey(doc.id, format.extensions[0] ?? format.file_type);
    await storage.putFile(fileKey, tmp, format.mime_type);
    return { key: fileKey, format, size, sha256, filename };
  } finally {
    await removeQuietly(tmp);
  }
}

/**
 * Uses up a pending upload in the adopting transaction and queues its blob for deletion (it was
 * copied). Two adoptions of one upload racing each other: the second finds no row and gets 409.
 */
export async function consumeUpload(
  { trx, after }: UnitOfWork,
  documentId: string,
  uploadKey: string,
  deleteBlobs: BlobDeleter,
): Promise<void> {
  const removed = await trx
    .deleteFrom('pending_uploads')
    .where('document_id', '=', documentId)
    .where('storage_key', '=', uploadKey)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw conflict('This upload has already been adopted');
  const outboxId = await queueBlobDeletion(trx, uploadKey);
  after.add(() => deleteBlobs(outboxId, uploadKey));
}

/** Forgets upload URLs that expired unused, deleting whatever was put at their keys. */
export async function sweepExpiredUploads(db: Kysely<Database>, storage: BlobStore, now: Date): Promise<number> {
  const expired = await db
    .selectFrom('pending_uploads')
    .select(['id', 'storage_key'])
    .where('expires_at', '<=', now.toISOString())
    .limit(1000)
    .execute();
  for (const row of expired) {
    const outboxId = await inTransaction(db, async ({ trx }) => {
      await trx.deleteFrom('pending_uploads').where('id', '=', row.id).execute();
      return queueBlobDeletion(trx, row.storage_key);
    });
    await runBlobDeletion(db, storage, outboxId, row.storage_key);
  }
  return expired.length;
}
