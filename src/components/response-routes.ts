// POST /components/{id}/responses: a question answered from one component's description and
// grounding (table cells, chart values, flowchart nodes), synchronously, with the question
// engines. The visual component's twin is documents/visual-component-response-routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { op } from '../http/openapi.js';
import { componentLines, respond } from '../qa/respond.js';
import { ComponentResponseRequest, ComponentResponseResponse } from '../qa/response-schemas.js';
import { ComponentIdParams } from './schemas.js';
import { getComponent } from './service.js';

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
  };
}
