// HTTP for /api/v0/documents/{document_id}/upload-url (GET: signed PUT URL; PUT: adopt the upload).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { blobDeleter, maxUploadBytes, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import * as schemas from './schemas.js';
import * as service from './service.js';
import { commitOrDiscard } from './ingest.js';
import { consumeUpload, inspectUploadedBlob, issueUploadUrl } from './upload-url.js';

const TAGS = ['documents'];

export function uploadUrlRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const wireDeps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };

  return async (app) => {
    app.get(
      '/api/v0/documents/:document_id/upload-url',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'get_document_upload_url',
          summary: 'A signed URL to upload a new file for the document directly to storage',
          tags: TAGS,
          response: schemas.DocumentUploadUrlResponse,
        }),
      },
      async (request) =>
        inTransaction(db, ({ trx }) =>
          issueUploadUrl(
            trx,
            ctx.storage,
            callerOf(request),
            request.params.document_id,
            ctx.config.signedUrlTtlSeconds,
            maxUploadBytes(ctx),
          ),
        ),
    );

    app.put(
      '/api/v0/documents/:document_id/upload-url',
      {
        schema: { params: DocumentIdParams, body: schemas.UpdateDocumentUrlRequest },
        config: op({
          operationId: 'update_document_upload_url',
          summary: 'Adopt the file uploaded to the signed URL and reprocess',
          tags: TAGS,
          response: schemas.DocumentPostResponse,
          body: { kind: 'json', schema: schemas.UpdateDocumentUrlRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.document_id;
        const stored = await inspectUploadedBlob(db, ctx.storage, caller, id, request.body.file_path, request.body.file_name, {
          maxBytes: maxUploadBytes(ctx),
          tmpDir: ctx.tmpDir,
          libreofficeAvailable: ctx.config.libreofficePath !== null,
        });
        const deleter = blobDeleter(ctx, request.log);
        const result = await commitOrDiscard(ctx.storage, stored.key, () =>
          inTransaction(db, async (uow) => {
            const out = await service.replaceFile(uow, caller, id, stored, deleter, ctx.jobs);
            await consumeUpload(uow, id, request.body.file_path, deleter);
            return out;
          }),
        );
        const [document] = await service.toWire(db, wireDeps, [result.document]);
        return { document_id: id, job_status_id: result.jobStatusId, document };
      },
    );
  };
}
