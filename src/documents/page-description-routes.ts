// HTTP for a document's pages: /api/v0/documents/{document_id}/page-descriptions[/{page_number}];
// the page image and helpers (/pages/{page_number}/...) are in helper-routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import { getDescription, listDescriptions, updateDescription } from '../pages/descriptions.js';
import { PageDescriptionResponse, PageDescriptionUpdateRequest, PageParams } from '../pages/schemas.js';

const TAGS = ['pages'];

export function pageDescriptionRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.get(
      '/api/v0/documents/:document_id/page-descriptions',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'list_page_descriptions',
          summary: "Every page's description, in page order",
          tags: TAGS,
          response: Type.Array(PageDescriptionResponse),
        }),
      },
      async (request) => listDescriptions(db, callerOf(request), request.params.document_id),
    );

    app.get(
      '/api/v0/documents/:document_id/page-descriptions/:page_number',
      {
        schema: { params: PageParams },
        config: op({
          operationId: 'get_page_description',
          summary: "One page's description",
          tags: TAGS,
          response: PageDescriptionResponse,
        }),
      },
      async (request) => getDescription(db, callerOf(request), request.params.document_id, request.params.page_number),
    );

    app.put(
      '/api/v0/documents/:document_id/page-descriptions/:page_number',
      {
        schema: { params: PageParams, body: PageDescriptionUpdateRequest },
        config: op({
          operationId: 'update_page_description',
          summary: "Store a person's description of the page (kept across reprocessing)",
          tags: TAGS,
          response: PageDescriptionResponse,
          body: { kind: 'json', schema: PageDescriptionUpdateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { document_id: id, page_number: n } = request.params;
        return inTransaction(db, ({ trx }) => updateDescription(trx, caller, id, n, request.body.description));
      },
    );
  };
}
