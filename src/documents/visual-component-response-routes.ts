// POST /documents/{id}/visual-components/{id}/responses: a question answered from one visual
// component's label, grounding data and description, synchronously, with the question engines.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { VisualComponentPutParams } from '../components/schemas.js';
import { getComponent } from '../components/service.js';
import { getVisualComponent } from '../components/visual-service.js';
import type { AppContext } from '../context.js';
import { op } from '../http/openapi.js';
import type { BBox } from '../pipeline/types.js';
import { componentLines, respond } from '../qa/respond.js';
import { DocumentVisualComponentResponseRequest, DocumentVisualComponentResponseResponse } from '../qa/response-schemas.js';

export function visualComponentResponseRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.post(
      '/api/v0/documents/:document_id/visual-components/:component_id/responses',
      {
        schema: { params: VisualComponentPutParams, body: DocumentVisualComponentResponseRequest },
        config: op({
          operationId: 'visual_component_response',
          summary: "Answer a question from a visual component's label, grounding data and description",
          tags: ['visual-components'],
          response: DocumentVisualComponentResponseResponse,
          body: { kind: 'json', schema: DocumentVisualComponentResponseRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const v = await getVisualComponent(db, caller, request.params.document_id, request.params.component_id);
        const c = await getComponent(db, caller, v.component_id);
        const bbox = JSON.parse(v.bbox) as BBox;
        const lines = componentLines(v.label, c.description, [v.grounding_data, c.grounding], bbox);
        const passage = { documentId: v.document_id, pageNumber: v.page_number, kind: 'component', lines, pageLines: lines };
        const answer = await respond(ctx, request.body, [passage], { organizationId: c.organization_id, documentId: v.document_id, purpose: 'component_response' });
        return { document_id: v.document_id, component_id: request.params.component_id, ...answer };
      },
    );
  };
}
