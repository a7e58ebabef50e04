// Where legend symbol pictures live and which `source_crop_url` values a legend entry may carry:
// a base64 data URL of a PNG, JPEG, WebP or GIF of at most 32 KB (the whole URL), or
// `storage://<key>` naming a blob under the owning document's `legend_crops/` prefix (a standalone
// component's own prefix when it has no document). Nothing else: no http(s) URL, no other
// document's crops, no key with '.'/'..' segments.
import { componentPrefix } from '../components/keys.js';
import { documentPrefix } from '../documents/keys.js';
import { sniffImage } from '../pipeline/images.js';

export const DATA_URL_MAX_BYTES = 32 * 1024;
export const STORAGE_SCHEME = 'storage://';
const STORAGE_KEY_MAX = 1024;

const DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/;
const DATA_TYPES: Record<string, string> = { png: 'png', jpeg: 'jpeg', webp: 'webp', gif: 'gif' };

/** Where a document's legend crops are stored. */
export const documentCropPrefix = (documentId: string): string => `${documentPrefix(documentId)}legend_crops/`;

/** The prefix every storage crop URL of this component must be under. */
export function legendCropPrefix(documentId: string | null, componentId: string): string {
  return documentId === null ? `${componentPrefix(null, componentId)}legend_crops/` : documentCropPrefix(documentId);
}

export const storageUrlOf = (key: string): string => `${STORAGE_SCHEME}${key}`;

/** The storage key of a storage:// URL, or null for any other value. */
export function storageKeyOf(url: string): string | null {
  return url.startsWith(STORAGE_SCHEME) ? url.slice(STORAGE_SCHEME.length) : null;
}

/** A key without empty, '.' or '..' segments, backslashes or control characters. */
function safeKey(key: string): boolean {
  if (key.length === 0 || key.length > STORAGE_KEY_MAX || key.includes('\\') || key.startsWith('/')) return false;
  if ([...key].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false;
  return key.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Why `url` is not an acceptable source_crop_url under `prefix`, or null when it is. */
export function cropUrlProblem(url: string, prefix: string): string | null {
  if (url.startsWith('data:')) {
    if (Buffer.byteLength(url, 'utf8') > DATA_URL_MAX_BYTES) return `a data URL may be at most ${DATA_URL_MAX_BYTES} bytes (32 KB); this one has ${Buffer.byteLength(url, 'utf8')}`;
    const m = DATA_URL.exec(url);
    if (!m) return 'a data URL must be data:image/{png,jpeg,webp,gif};base64,<data>';
    const bytes = Buffer.from(m[2] ?? '', 'base64');
    const format = sniffImage(bytes);
    if (format === undefined || DATA_TYPES[m[1] ?? ''] !== format) return `the data URL does not hold a ${(m[1] ?? '').toUpperCase()} image`;
    return null;
  }
  const key = storageKeyOf(url);
  if (key === null) return `source_crop_url must be a data URL of at most 32 KB or ${STORAGE_SCHEME}${prefix}<name>`;
  if (!safeKey(key) || !key.startsWith(prefix) || key.length === prefix.length) {
    return `a storage URL must name a blob under this document's legend crops: ${STORAGE_SCHEME}${prefix}<name>`;
  }
  return null;
}
