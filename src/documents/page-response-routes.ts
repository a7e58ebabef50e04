// POST /documents/{id}/pages/{n}/responses: a question answered from that page alone (its
// description, text lines and components), synchronously, with the question engines.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { getReadableDocument } from './access.js';
import { notFound } from '../http/errors.js';
import { op } from '../http/openapi.js';
import { pagePassages, respond } from '../qa/respond.js';
import { PageResponseRequest, PageResponseResponse } from '../qa/response-schemas.js';
import { PageParams } from '../pages/schemas.js';

export function pageResponseRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.post(
      '/api/v0/documents/:document_id/pages/:page_number/responses',
      {
        schema: { params: PageParams, body: PageResponseRequest },
        config: op({
          operationId: 'page_response',
          summary: "Answer a question from one page's description, text and components",
          tags: ['pages'],
          response: PageResponseResponse,
          body: { kind: 'json', schema: PageResponseRequest },
        }),
      },
      async (request) => {
        const doc = await getReadableDocument(db, callerOf(request), request.params.document_id);
        const n = request.params.page_number;
        if (n < 1 || n > doc.page_count) throw notFound('Page not found');
        const answer = await respond(ctx, request.body, await pagePassages(db, doc.id, n), {
          organizationId: doc.organization_id,
          documentId: doc.id,
          purpose: 'page_response',
        });
        return { document_id: doc.id, page_number: n, ...answer };
      },
    );
  };
}
