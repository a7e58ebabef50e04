// Wire shapes of the knowledge-bases domain (not in the spec; named in its style).
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { pageQuery, Timestamp, Uuid } from '../http/schemas.js';

const kbName = Type.String({ minLength: 1, maxLength: 255 });
const kbDescription = Type.String({ maxLength: 10_000 });

export const KnowledgeBaseIdParams = Type.Object({ knowledge_base_id: Uuid() });
export const KnowledgeBaseDocumentParams = Type.Object({ knowledge_base_id: Uuid(), document_id: Uuid() });

export const KnowledgeBase = named(
  'KnowledgeBase',
  Type.Object({
    id: Uuid(),
    name: Type.String(),
    description: Type.String(),
    owner_id: Uuid(),
    document_count: Type.Integer({ description: 'member documents visible to the caller' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);
export type KnowledgeBaseWire = Static<typeof KnowledgeBase>;

export const KnowledgeBaseCreateRequest = named(
  'KnowledgeBaseCreateRequest',
  Type.Object({ name: kbName, description: Type.Optional(kbDescription) }),
);
export type KnowledgeBaseCreate = Static<typeof KnowledgeBaseCreateRequest>;

export const KnowledgeBaseUpdateRequest = named(
  'KnowledgeBaseUpdateRequest',
  Type.Object({ name: Type.Optional(kbName), description: Type.Optional(kbDescription) }),
);
export type KnowledgeBaseUpdate = Static<typeof KnowledgeBaseUpdateRequest>;

export const KnowledgeBaseListResponse = named(
  'KnowledgeBaseListResponse',
  Type.Object({
    knowledge_bases: Type.Array(KnowledgeBase),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
);

export const KnowledgeBaseDeleteResponse = named(
  'KnowledgeBaseDeleteResponse',
  Type.Object({ id: Uuid(), deleted: Type.Boolean() }),
);

export const KnowledgeBaseDocumentsRequest = named(
  'KnowledgeBaseDocumentsRequest',
  Type.Object({
    document_ids: Type.Array(Uuid(), {
      minItems: 1,
      maxItems: 500,
      description: 'documents visible to the caller; all are added or, if one is not found, none',
    }),
  }),
);

export const ListKnowledgeBasesQuery = Type.Object(pageQuery);
export type ListKnowledgeBasesFilters = Static<typeof ListKnowledgeBasesQuery>;
