// HTTP for /api/v0/documents (collection and single document). Tags, retention links and
// upload URLs live in their own files beside this one and are registered from here.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { blobDeleter, maxUploadBytes, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { validationError } from '../http/errors.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import { newId, UUID_RE } from '../util.js';
import { getReadableDocument, VISIBILITIES, type Visibility } from './access.js';
import { availableFormats } from './formats.js';
import { commitOrDiscard, storeUpload } from './ingest.js';
import * as schemas from './schemas.js';
import * as service from './service.js';
import { retentionLinkRoutes } from './retention-routes.js';
import { reprocessRoutes } from './reprocess-routes.js';
import { componentReprocessingRoutes } from './component-reprocessing-routes.js';
import { searchRoutes } from './search-routes.js';
import { usageRoutes } from './usage-routes.js';
import { tagRoutes } from './tag-routes.js';
import { receiveUpload, removeQuietly, singleField, type ReceivedFile } from './upload.js';
import { uploadUrlRoutes } from './upload-url-routes.js';
import { pageDescriptionRoutes } from './page-description-routes.js';
import { pageHelperRoutes } from './page-routes.js';
import { pageResponseRoutes } from './page-response-routes.js';
import { tableExportRoutes } from './table-export-routes.js';
import { documentSchematicRoutes } from './schematic-routes.js';
import { visualComponentResponseRoutes } from './visual-component-response-routes.js';
import { visualComponentRoutes } from './visual-component-routes.js';

const TAGS = ['documents'];

function requireFile(file: ReceivedFile | null): ReceivedFile {
  if (!file) throw validationError(['body', 'file'], 'Field required', 'missing');
  return file;
}

function optionalUuidField(fields: Map<string, string[]>, name: string): string | undefined {
  const value = singleField(fields, name);
  if (value === undefined || value === '') return undefined;
  if (!UUID_RE.test(value)) throw validationError(['body', name], 'Input should be a valid UUID', 'uuid_parsing');
  return value.toLowerCase();
}

function visibilityField(fields: Map<string, string[]>): Visibility | undefined {
  const value = singleField(fields, 'visibility');
  if (value === undefined || value === '') return undefined;
  const hit = VISIBILITIES.find((v) => v === value);
  if (!hit) throw validationError(['body', 'visibility'], `Input should be 'private' or 'organization'`, 'enum');
  return hit;
}

export function documentRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const wireDeps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  const libreoffice = ctx.config.libreofficePath !== null;

  return async (app) => {
    app.post(
      '/api/v0/documents',
      {
        config: op({
          operationId: 'process_document_post',
          summary: 'Upload a file, create the document and start processing',
          tags: TAGS,
          response: schemas.DocumentPostResponse,
          body: { kind: 'multipart', schema: schemas.Body_process_document_post },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { file, fields } = await receiveUpload(request, { tmpDir: ctx.tmpDir, maxBytes: maxUploadBytes(ctx) });
        let received: ReceivedFile | null = file;
        try {
          const name = singleField(fields, 'name');
          if (name !== undefined && name.length > 255) {
            throw validationError(['body', 'name'], 'String should have at most 255 characters', 'string_too_long');
          }
          const input = {
            folderId: optionalUuidField(fields, 'folder_id'),
            knowledgeBaseId: optionalUuidField(fields, 'knowledge_base_id'),
            visibility: visibilityField(fields),
            tags: service.normalizeTagNames(fields.get('tags') ?? [], ['body', 'tags']),
          };
          const id = newId();
          const stored = await storeUpload(ctx.storage, id, requireFile(file), libreoffice);
          received = null;
          const result = await commitOrDiscard(ctx.storage, stored.key, () =>
            inTransaction(db, (uow) =>
              service.createDocument(uow, caller, {
                id,
                file: stored,
                ...(name !== undefined && name.trim() !== '' ? { name } : {}),
                ...(input.folderId ? { folderId: input.folderId } : {}),
                ...(input.knowledgeBaseId ? { knowledgeBaseId: input.knowledgeBaseId } : {}),
                ...(input.visibility ? { visibility: input.visibility } : {}),
                tags: input.tags,
              }, ctx.jobs),
            ),
          );
          const [document] = await service.toWire(db, wireDeps, [result.document]);
          request.log.info({ document_id: id, file_type: stored.format.file_type, bytes: stored.size }, 'document created');
          return { document_id: id, job_status_id: result.jobStatusId, document };
        } finally {
          // Validation failed before the file was handed to storage: drop the temp file.
          await removeQuietly(received?.tmpPath);
        }
      },
    );

    app.get(
      '/api/v0/documents',
      {
        schema: { querystring: schemas.ListDocumentsQuery },
        config: op({
          operationId: 'list_documents',
          summary: 'List the documents visible to the caller',
          tags: TAGS,
          response: schemas.DocumentListResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { rows, total } = await service.listDocuments(db, caller, request.query);
        return {
          documents: await service.toWire(db, wireDeps, rows),
          total,
          limit: request.query.limit,
          offset: request.query.offset,
        };
      },
    );

    app.get(
      '/api/v0/documents/formats',
      {
        config: op({
          operationId: 'supported_formats',
          summary: 'Upload formats this server accepts now',
          tags: TAGS,
          response: schemas.SupportedFormatsResponse,
        }),
      },
      async () => {
        const formats = availableFormats(libreoffice);
        return {
          formats: formats.map((f) => ({
            file_type: f.file_type,
            mime_type: f.mime_type,
            extensions: f.extensions,
            kind: f.kind,
          })),
          extensions: formats.flatMap((f) => f.extensions.map((e) => `.${e}`)),
          mime_types: [...new Set(formats.map((f) => f.mime_type))],
          max_upload_bytes: maxUploadBytes(ctx),
        };
      },
    );

    app.get(
      '/api/v0/documents/:document_id',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'get_document',
          summary: 'Get a document with its tags',
          tags: TAGS,
          response: schemas.DocumentGetResponse,
        }),
      },
      async (request) => {
        const doc = await getReadableDocument(db, callerOf(request), request.params.document_id);
        return service.toWireWithTags(db, wireDeps, doc);
      },
    );

    app.put(
      '/api/v0/documents/:document_id',
      {
        schema: { params: DocumentIdParams, body: schemas.DocumentUpdateRequest },
        config: op({
          operationId: 'update_document',
          summary: "Update a document's name, folder, visibility or summary",
          tags: TAGS,
          response: schemas.DocumentGetResponse,
          body: { kind: 'json', schema: schemas.DocumentUpdateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async (uow) => {
          const doc = await service.updateDocument(uow, caller, request.params.document_id, request.body);
          return service.toWireWithTags(uow.trx, wireDeps, doc);
        });
      },
    );

    app.delete(
      '/api/v0/documents/:document_id',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'delete_document',
          summary: 'Delete a document, its blobs and every record derived from it',
          tags: TAGS,
          response: schemas.DocumentDeleteResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.document_id;
        await inTransaction(db, (uow) => service.deleteDocument(uow, caller, id, blobDeleter(ctx, request.log)));
        request.log.info({ document_id: id }, 'document deleted');
        return { id, deleted: true };
      },
    );

    app.put(
      '/api/v0/documents/:document_id/file',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'update_document_file',
          summary: 'Replace the file of a document (version + 1) and reprocess it',
          tags: TAGS,
          response: schemas.DocumentPostResponse,
          body: { kind: 'multipart', schema: schemas.Body_update_document_file },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.document_id;
        // Check visibility before reading the body, so an invisible document costs no upload.
        await getReadableDocument(db, caller, id);
        const { file } = await receiveUpload(request, { tmpDir: ctx.tmpDir, maxBytes: maxUploadBytes(ctx) });
        const stored = await storeUpload(ctx.storage, id, requireFile(file), libreoffice);
        const result = await commitOrDiscard(ctx.storage, stored.key, () =>
          inTransaction(db, (uow) => service.replaceFile(uow, caller, id, stored, blobDeleter(ctx, request.log), ctx.jobs)),
        );
        const [document] = await service.toWire(db, wireDeps, [result.document]);
        return { document_id: id, job_status_id: result.jobStatusId, document };
      },
    );

    await app.register(tagRoutes(ctx));
    await app.register(reprocessRoutes(ctx));
    await app.register(componentReprocessingRoutes(ctx));
    await app.register(retentionLinkRoutes(ctx));
    await app.register(uploadUrlRoutes(ctx));
    await app.register(visualComponentRoutes(ctx));
    await app.register(visualComponentResponseRoutes(ctx));
    await app.register(tableExportRoutes(ctx));
    await app.register(documentSchematicRoutes(ctx));
    await app.register(pageDescriptionRoutes(ctx));
    await app.register(pageHelperRoutes(ctx));
    await app.register(pageResponseRoutes(ctx));
    // Static paths (/documents/search, /token-usage, /stats) win over /documents/{document_id} in
    // Fastify's router whatever the registration order; no document route takes POST on /{id}.
    await app.register(searchRoutes(ctx));
    await app.register(usageRoutes(ctx));
  };
}
