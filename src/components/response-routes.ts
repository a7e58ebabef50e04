// POST /components/{id}/responses and /documents/{id}/visual-components/{id}/responses: a
// question answered from one component's label, description and grounding (table cells, chart
// values, flowchart nodes), synchronously, with the question engines.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { op } from '../http/openapi.js';
import type { BBox } from '../pipeline/types.js';
import { componentLines, respond } from '../qa/respond.js';
import {
  ComponentResponseRequest,
  ComponentResponseResponse,
  DocumentVisualComponentResponseRequest,
  DocumentVisualComponentResponseResponse,
} from '../qa/response-schemas.js';
import { ComponentIdParams, VisualComponentPutParams } from './schemas.js';
import { getComponent } from './service.js';
import { getVisualComponent } from './visual-service.js';

export function componentResponseRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.post(
      '/api/v0/components/:component_id/responses',
      {
        schema: { params: ComponentIdParams, body: ComponentResponseRequest },
        config: op({
          operationId: 'component_response',
          summary: "Answer a question from a component's description and grounding",
          tags: ['components'],
          response: ComponentResponseResponse,
          body: { kind: 'json', schema: ComponentResponseRequest },
        }),
      },
      async (request) => {
        const c = await getComponent(db, callerOf(request), request.params.component_id);
        const lines = componentLines(c.component_type, c.description, [c.grounding], null);
        const passage = { documentId: c.document_id ?? '', pageNumber: 0, kind: 'component', lines, pageLines: lines };
        const answer = await respond(ctx, request.body, [passage], { organizationId: c.organization_id, documentId: c.document_id, purpose: 'component_response' });
        // A standalone component has no page: its evidences carry none.
        return { component_id: c.id, ...answer, evidences: answer.evidences.map((e) => ({ ...e, page_number: c.document_id ? e.page_number : null })) };
      },
    );

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
