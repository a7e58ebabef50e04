// Wire shapes for page descriptions.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, Timestamp, Uuid } from '../http/schemas.js';

export const PageDescriptionResponse = named(
  'PageDescriptionResponse',
  Type.Object({
    document_id: Uuid(),
    page_number: Type.Integer(),
    description: Type.String(),
    headings: Type.Array(Type.String()),
    source: Type.String({ description: "'extractive' (built from the page's own text) or 'model'" }),
    edited: Type.Boolean({ description: 'true once a person stored their own text; reprocessing keeps it' }),
    model: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type PageDescriptionWire = Static<typeof PageDescriptionResponse>;

export const PageDescriptionUpdateRequest = named(
  'PageDescriptionUpdateRequest',
  Type.Object({ description: Type.String({ minLength: 1, maxLength: 100_000 }) }),
);

export const PageParams = Type.Object({ document_id: Uuid(), page_number: Type.Integer() });
