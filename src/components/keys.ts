// Where a component's blobs live: one prefix per component, under its document's prefix when it
// has one (so deleting the document deletes them too). A new crop gets a new key, so a rolled
// back re-crop never overwrites the image a committed record points at.
import { documentPrefix } from '../documents/keys.js';
import { newId } from '../util.js';

export const componentPrefix = (documentId: string | null, componentId: string): string =>
  documentId === null ? `components/${componentId}/` : `${documentPrefix(documentId)}components/${componentId}/`;

export const newCropKey = (documentId: string | null, componentId: string): string =>
  `${componentPrefix(documentId, componentId)}crop-${newId()}.png`;

/** The prefixes to delete with a component: its own, plus its image when stored elsewhere. */
export function componentBlobPrefixes(row: { id: string; document_id: string | null; image_key: string | null }): string[] {
  const prefix = componentPrefix(row.document_id, row.id);
  return row.image_key && !row.image_key.startsWith(prefix) ? [prefix, row.image_key] : [prefix];
}

/** Where a standalone component's uploaded image is kept (a fresh key per adopted upload). */
export const newSourceImageKey = (componentId: string, extension: string): string =>
  `${componentPrefix(null, componentId)}source-${newId()}.${extension}`;

/** Where a client puts a component image through a signed URL before it is checked and adopted. */
export const newComponentUploadKey = (componentId: string): string => `${componentPrefix(null, componentId)}uploads/${newId()}`;
