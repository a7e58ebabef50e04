// Rows to wire shapes: JSON columns parsed, stored image keys turned into signed URLs.
import type { ComponentsTable } from '../db/types.js';
import type { BlobStore } from '../storage/blob-store.js';
import { parseBbox, parseJsonObject, storedComponentType } from './model.js';
import type { VisualRow } from './repository.js';
import type { ComponentWire, VisualComponentWire } from './schemas.js';

export interface WireDeps {
  storage: BlobStore;
  signedUrlTtlSeconds: number;
}

const imageUrl = (deps: WireDeps, key: string | null): Promise<string | null> =>
  key ? deps.storage.signedUrl(key, { method: 'GET', expiresInSeconds: deps.signedUrlTtlSeconds }) : Promise.resolve(null);

export async function visualToWire(deps: WireDeps, row: VisualRow, includeMetadata = true): Promise<VisualComponentWire> {
  return {
    id: row.id,
    document_id: row.document_id,
    component_id: row.component_id,
    page_number: row.page_number,
    type: storedComponentType(row.component_type),
    label: row.label,
    bbox: parseBbox(row.bbox),
    confidence: Number(row.confidence),
    origin: row.origin === 'pipeline' ? 'pipeline' : 'manual',
    status: row.status,
    grounding_data: parseJsonObject(row.grounding_data),
    ...(includeMetadata ? { metadata: parseJsonObject(row.metadata) } : {}),
    image_url: await imageUrl(deps, row.image_key),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function componentToWire(deps: WireDeps, row: ComponentsTable): Promise<ComponentWire> {
  return {
    id: row.id,
    component_type: storedComponentType(row.component_type),
    status: row.status,
    document_id: row.document_id,
    image_url: await imageUrl(deps, row.image_key),
    grounding: parseJsonObject(row.grounding),
    description: row.description,
    error: row.error,
    tokens_in: Number(row.tokens_in),
    tokens_out: Number(row.tokens_out),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
