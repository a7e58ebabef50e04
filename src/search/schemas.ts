// Wire shapes of document search, token usage and statistics, named as the spec names them.
import { Type, type Static } from 'typebox';
import { Document } from '../documents/schemas.js';
import { named } from '../http/openapi.js';
import { Nullable, Timestamp, Uuid } from '../http/schemas.js';

const DocumentIdList = Type.Array(Uuid(), {
  minItems: 1,
  maxItems: 1000,
  description: 'documents to aggregate over (duplicates count once); every one must be visible to the caller, else 404',
});

export const DocumentSearchRequest = named(
  'DocumentSearchRequest',
  Type.Object(
    {
      query: Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'free text; words are matched with stemming, any word may match (no query syntax)',
      }),
      folder_id: Type.Optional(Uuid('only documents in this folder')),
      knowledge_base_id: Type.Optional(Uuid('only documents in this knowledge base')),
      tag_names: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
          maxItems: 50,
          description: 'only documents carrying at least one of these tags (case-insensitive)',
        }),
      ),
      owner_id: Type.Optional(Uuid('only documents owned by this user')),
      document_ids: Type.Optional(
        Type.Array(Uuid(), { minItems: 1, maxItems: 1000, description: 'only these documents (invisible ones are ignored)' }),
      ),
      file_types: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 20 }), {
          minItems: 1,
          maxItems: 50,
          description: 'only documents of these file_type values (GET /documents/formats)',
        }),
      ),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'most documents returned' })),
    },
  ),
);
export type DocumentSearchRequestWire = Static<typeof DocumentSearchRequest>;

export const SearchMatch = named(
  'SearchMatch',
  Type.Object({
    page_number: Type.Integer(),
    kind: Type.String({ description: "what matched: 'text' (page text), 'component' (a component's label/description), …" }),
    snippet: Type.String({ description: 'up to ~240 characters of the chunk around the first matching word' }),
    bboxes: Type.Array(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }), { description: 'page-pixel boxes [x0, y0, x1, y1]' }),
    score: Type.Number(),
  }),
);
export type SearchMatchWire = Static<typeof SearchMatch>;

export const SearchResult = named(
  'SearchResult',
  Type.Object({
    document_id: Uuid(),
    score: Type.Number({ description: 'relevance, higher is better; comparable within one search' }),
    matches: Type.Array(SearchMatch, { description: 'best matching chunks of the document, best first (at most 3)' }),
  }),
);

const searchProps = {
  id: Uuid(),
  user_id: Uuid(),
  query: Type.String(),
  status: Type.String({ description: "'done' or 'error' (searches run within the POST)" }),
  error_message: Nullable(Type.String()),
  documents: Type.Array(Document, { description: 'matching documents visible to the caller, best first' }),
  results: Type.Array(SearchResult, { description: 'per document of `documents`, in the same order: score and best pages' }),
  created_at: Timestamp,
};

export const DocumentSearchPostResponse = named('DocumentSearchPostResponse', Type.Object(searchProps));
export const DocumentSearchGetResponse = named('DocumentSearchGetResponse', Type.Object(searchProps));
export type DocumentSearchWire = Static<typeof DocumentSearchGetResponse>;

export const SearchIdParams = Type.Object({ search_id: Uuid() });

export const DocumentTokenUsageRequest = named(
  'DocumentTokenUsageRequest',
  Type.Object({ document_ids: DocumentIdList }),
);

const usageTotals = {
  calls: Type.Integer({ description: 'model calls recorded' }),
  tokens_in: Type.Integer(),
  tokens_out: Type.Integer(),
  total_tokens: Type.Integer(),
  cost: Type.String({ description: 'exact decimal, in the currency of the price table (PAGELENS_LLM_PRICES)' }),
};

export const TokenUsageResponse = named(
  'TokenUsageResponse',
  Type.Object({
    document_count: Type.Integer(),
    ...usageTotals,
    by_document: Type.Array(Type.Object({ document_id: Uuid(), ...usageTotals })),
    by_model: Type.Array(Type.Object({ provider: Type.String(), model: Type.String(), ...usageTotals })),
    by_purpose: Type.Array(Type.Object({ purpose: Type.String(), ...usageTotals })),
  }),
);
export type TokenUsageWire = Static<typeof TokenUsageResponse>;

export const DocumentStatsRequest = named(
  'DocumentStatsRequest',
  Type.Object({ document_ids: DocumentIdList }),
);

export const PAGE_TYPES = ['text', 'scanned', 'table', 'figure', 'mixed', 'empty'] as const;

export const KnowledgeBaseStatsResponse = named(
  'KnowledgeBaseStatsResponse',
  Type.Object({
    document_count: Type.Integer(),
    page_count: Type.Integer({ description: 'pages stored (processed)' }),
    page_types: Type.Record(Type.String(), Type.Integer(), {
      description: 'pages by type: text, scanned, table, figure, mixed, empty (every key present)',
    }),
    component_count: Type.Integer(),
    components_by_type: Type.Record(Type.String(), Type.Integer(), { description: 'components by component_type' }),
    degraded_components: Type.Integer({ description: "components with status 'degraded'" }),
    visual_component_count: Type.Integer({ description: 'placements of components on pages' }),
  }),
);
export type StatsWire = Static<typeof KnowledgeBaseStatsResponse>;
