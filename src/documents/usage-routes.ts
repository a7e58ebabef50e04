// HTTP for POST /api/v0/documents/token-usage and /api/v0/documents/stats: aggregates over an
// explicit list of documents, every one of which must be visible to the caller (else 404).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { op } from '../http/openapi.js';
import * as schemas from '../search/schemas.js';
import { documentStats, tokenUsage } from '../search/usage.js';

const TAGS = ['documents'];

export function usageRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.post(
      '/api/v0/documents/token-usage',
      {
        schema: { body: schemas.DocumentTokenUsageRequest },
        config: op({
          operationId: 'document_token_usage',
          summary: 'Model tokens and cost recorded against the given documents',
          tags: TAGS,
          response: schemas.TokenUsageResponse,
          body: { kind: 'json', schema: schemas.DocumentTokenUsageRequest },
        }),
      },
      async (request) => tokenUsage(db, callerOf(request), request.body.document_ids),
    );

    app.post(
      '/api/v0/documents/stats',
      {
        schema: { body: schemas.DocumentStatsRequest },
        config: op({
          operationId: 'document_stats',
          summary: 'Pages, page types and components of the given documents',
          tags: TAGS,
          response: schemas.KnowledgeBaseStatsResponse,
          body: { kind: 'json', schema: schemas.DocumentStatsRequest },
        }),
      },
      async (request) => documentStats(db, callerOf(request), request.body.document_ids),
    );
  };
}
