// HTTP for POST /api/v0/documents/{document_id}/component-reprocessing-jobs: extract named visual
// components again from their (updated) bboxes, as one job (rules: components/reprocessing-service.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import { queueComponentReprocessing } from '../components/reprocessing-service.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { named, op } from '../http/openapi.js';
import { DocumentIdParams, Uuid } from '../http/schemas.js';

export const ComponentReprocessingRequest = named(
  'ComponentReprocessingRequest',
  Type.Object({
    component_ids: Type.Array(Uuid('the public ID of a visual component of this document'), {
      minItems: 1,
      maxItems: 200,
      uniqueItems: true,
      description: 'the visual components to extract again from their current bboxes, each at most once',
    }),
  }),
);

export const ComponentReprocessingResponse = named(
  'ComponentReprocessingResponse',
  Type.Object({
    document_id: Uuid(),
    job_status_id: Uuid('the job re-extracting the components (GET /job-statuses/{id})'),
    component_ids: Type.Array(Uuid(), { description: 'the visual components the job re-extracts' }),
  }),
);

export function componentReprocessingRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.post(
      '/api/v0/documents/:document_id/component-reprocessing-jobs',
      {
        schema: { params: DocumentIdParams, body: ComponentReprocessingRequest },
        config: op({
          operationId: 'reprocess_components',
          summary: 'Extract visual components again from their current bboxes, as one job',
          tags: ['documents'],
          response: ComponentReprocessingResponse,
          body: { kind: 'json', schema: ComponentReprocessingRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const result = await inTransaction(db, (uow) =>
          queueComponentReprocessing(uow, ctx.jobs, caller, request.params.document_id, request.body.component_ids),
        );
        request.log.info({ document_id: result.doc.id, job_status_id: result.jobStatusId, components: result.componentIds.length }, 'component reprocessing queued');
        return { document_id: result.doc.id, job_status_id: result.jobStatusId, component_ids: result.componentIds };
      },
    );
  };
}
