// HTTP for POST /api/v0/documents/{document_id}/reprocessing-jobs: run the pipeline again on the
// current file, for every page or for chosen pages.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { named, op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import { DocumentPostResponse } from './schemas.js';
import { reprocessDocument, toWire } from './service.js';

export const ReprocessingRequest = named(
  'ReprocessingRequest',
  Type.Object({
    pages: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: 10_000,
        description: 'page numbers to process again; all pages when absent',
      }),
    ),
    overwrite_edited_descriptions: Type.Optional(
      Type.Boolean({ default: false, description: 'replace page descriptions a person has edited' }),
    ),
  }),
);

export function reprocessRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const wireDeps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  return async (app) => {
    app.post(
      '/api/v0/documents/:document_id/reprocessing-jobs',
      {
        schema: { params: DocumentIdParams, body: Type.Union([ReprocessingRequest, Type.Null()]) },
        config: op({
          operationId: 'reprocess_document',
          summary: 'Process the current file again (all pages, or the pages given)',
          tags: ['documents'],
          response: DocumentPostResponse,
          body: { kind: 'optional-json', schema: ReprocessingRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const body = request.body ?? {};
        const result = await inTransaction(db, (uow) =>
          reprocessDocument(uow, ctx.jobs, caller, request.params.document_id, {
            ...(body.pages ? { pages: body.pages } : {}),
            overwriteEditedDescriptions: body.overwrite_edited_descriptions ?? false,
          }),
        );
        const [document] = await toWire(db, wireDeps, [result.doc]);
        return { document_id: result.doc.id, job_status_id: result.jobStatusId, document };
      },
    );
  };
}
