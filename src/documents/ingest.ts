// The boundary for new files: recognise the upload, store it, then commit the records.
// If anything after the blob write fails, the blob is removed again: nothing is orphaned.
import { HttpError } from '../http/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import { availableFormats, sniffFile, type Format } from './formats.js';
import { newFileKey } from './keys.js';
import type { StoredFile } from './service.js';
import { removeQuietly, type ReceivedFile } from './upload.js';

export function unsupported(libreofficeAvailable: boolean): HttpError {
  const types = availableFormats(libreofficeAvailable).map((f) => f.file_type);
  return new HttpError(415, `Unsupported file format. Accepted: ${types.join(', ')} (see GET /api/v0/documents/formats)`);
}

/** Detects the format of a local file and checks that this server accepts it now. */
export async function acceptedFormat(filePath: string, filename: string, libreofficeAvailable: boolean): Promise<Format> {
  const format = await sniffFile(filePath, filename);
  if (!format || (format.needs_libreoffice && !libreofficeAvailable)) throw unsupported(libreofficeAvailable);
  return format;
}

/** Sniffs and stores a received temp file under the document's prefix; the temp file is always removed. */
export async function storeUpload(
  storage: BlobStore,
  documentId: string,
  file: ReceivedFile,
  libreofficeAvailable: boolean,
): Promise<StoredFile> {
  try {
    if (file.size === 0) throw new HttpError(415, 'The uploaded file is empty');
    const format = await acceptedFormat(file.tmpPath, file.filename, libreofficeAvailable);
    const key = newFileKey(documentId, format.extensions[0] ?? format.file_type);
    await storage.putFile(key, file.tmpPath, format.mime_type);
    return { key, format, size: file.size, sha256: file.sha256, filename: file.filename };
  } finally {
    await removeQuietly(file.tmpPath);
  }
}

/** Runs the commit; on failure deletes the freshly stored blob before rethrowing. */
export async function commitOrDiscard<T>(storage: BlobStore, key: string, commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}
