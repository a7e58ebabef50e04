// Where a document's blobs live. Everything of one document sits under one prefix,
// so deleting the document deletes exactly that prefix.
import { newId } from '../util.js';

export const documentPrefix = (documentId: string): string => `documents/${documentId}/`;

export const newFileKey = (documentId: string, extension: string): string =>
  `${documentPrefix(documentId)}files/${newId()}.${extension}`;

export const newUploadKey = (documentId: string): string => `${documentPrefix(documentId)}uploads/${newId()}`;

/** Converted sources of one file version (office and text files are rendered from a PDF made once). */
export const derivedPrefix = (documentId: string, version: number): string => `${documentPrefix(documentId)}derived/v${version}/`;
