// HTTP for POST /api/v0/documents/{document_id}/reprocessing-jobs: run the pipeline again on the
// current file, for every page or for chosen pages.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { conflict, validationError } from '../http/errors.js';
import { named, op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import { createJob } from '../jobs/create.js';
import { getReadableDocument } from './access.js';
import { DocumentPostResponse } from './schemas.js';
import { toWire } from './service.js';

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
        const result = await inTransaction(db, async (uow) => {
          const doc = await getReadableDocument(uow.trx, caller, request.params.document_id);
          const pages = body.pages ? [...new Set(body.pages)].sort((a, b) => a - b) : undefined;
          if (pages && doc.page_count > 0 && (pages.at(-1) ?? 0) > doc.page_count) {
            throw validationError(['body', 'pages'], `The document has ${doc.page_count} pages`, 'less_than_equal');
          }
          const open = await uow.trx
            .selectFrom('job_statuses')
            .select('id')
            .where('document_id', '=', doc.id)
            .where('kind', '=', 'process_document')
            .where('status', 'in', ['queued', 'processing'])
            .executeTakeFirst();
          if (open) throw conflict(`The document is being processed already (job ${open.id})`);
          const jobStatusId = await createJob(uow, ctx.jobs, {
            kind: 'process_document',
            documentId: doc.id,
            organizationId: doc.organization_id,
            ownerId: caller.userId,
            documentName: doc.name,
            payload: {
              version: doc.version,
              reason: 'reprocess',
              overwrite_edited_descriptions: body.overwrite_edited_descriptions ?? false,
              ...(pages ? { pages } : {}),
            },
          });
          return { doc, jobStatusId };
        });
        const [document] = await toWire(db, wireDeps, [result.doc]);
        return { document_id: result.doc.id, job_status_id: result.jobStatusId, document };
      },
    );
  };
}
