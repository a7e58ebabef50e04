// HTTP for POST /api/v0/documents/search and GET /api/v0/documents/search/{search_id}. A search
// runs within the POST and is stored; the GET returns it to the user who made it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { op } from '../http/openapi.js';
import * as schemas from '../search/schemas.js';
import { createSearch, getSearch } from '../search/service.js';
import { toWire } from './service.js';

const TAGS = ['documents'];

export function searchRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, dialect } = ctx.database;
  const wireDeps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  const embedder = ctx.engines.embedder;
  return async (app) => {
    const render = async (caller: ReturnType<typeof callerOf>, id: string) => {
      const s = await getSearch(db, caller, id);
      return { ...s, documents: await toWire(db, wireDeps, s.documents) };
    };

    app.post(
      '/api/v0/documents/search',
      {
        schema: { body: schemas.DocumentSearchRequest },
        config: op({
          operationId: 'search_documents',
          summary: 'Search the visible documents; the stored search comes back with its ranked documents',
          tags: TAGS,
          response: schemas.DocumentSearchPostResponse,
          body: { kind: 'json', schema: schemas.DocumentSearchRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        // With embeddings configured, full text is fused with semantic retrieval; if the service fails, full text alone.
        const semantics = embedder && { embedder, prices: ctx.config.llm.prices, scanCap: ctx.config.embeddings.maxScan, onFallback: (error: string) => request.log.warn({ err: error }, 'embeddings unavailable; search fell back to full text') };
        const id = await createSearch(db, dialect, caller, request.body, semantics);
        return render(caller, id);
      },
    );

    app.get(
      '/api/v0/documents/search/:search_id',
      {
        schema: { params: schemas.SearchIdParams },
        config: op({
          operationId: 'get_document_search',
          summary: 'A stored search of the caller, with its ranked documents',
          tags: TAGS,
          response: schemas.DocumentSearchGetResponse,
        }),
      },
      async (request) => render(callerOf(request), request.params.search_id),
    );
  };
}
