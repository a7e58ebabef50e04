// Wire shapes for document tags.
import { Type } from 'typebox';
import { named } from '../http/openapi.js';
import { Timestamp, Uuid } from '../http/schemas.js';

export const TagResponse = named(
  'TagResponse',
  Type.Object({
    id: Uuid(),
    name: Type.String(),
    created_at: Timestamp,
    document_count: Type.Integer({ description: 'documents visible to the caller that carry this tag' }),
  }),
);

const tagName = Type.String({ minLength: 1, maxLength: 100 });

export const AddTagRequest = named('AddTagRequest', Type.Object({ name: tagName }));
export const RemoveTagRequest = named('RemoveTagRequest', Type.Object({ name: tagName }));
