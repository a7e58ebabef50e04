// HTTP for a document's schematic bundles: GET/PUT /documents/{id}/schematic/archive (every
// schematic component's v1 graph plus a manifest; an import always creates new components) and
// GET /documents/{id}/schematic/coco-export (the schematic page images and their COCO
// annotations). The rules are in src/schematics/bundle-service.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { maxUploadBytes, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { validationError } from '../http/errors.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import { bundleStem, commitImport, discardImport, exportArchive, exportCoco, prepareImport } from '../schematics/bundle-service.js';
import * as schemas from '../schematics/schemas.js';
import { receiveUpload, removeQuietly } from './upload.js';

const TAGS = ['schematics'];

const zipReply = (name: string) => ({ 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${name}"` });

export function documentSchematicRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.get(
      '/api/v0/documents/:document_id/schematic/coco-export',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'export_document_schematic_coco',
          summary: 'Every schematic page image (rendered first where missing) and _annotations.coco.json: the symbols and arrows of the schematics as an object-detection dataset',
          tags: TAGS,
          response: 'zip',
        }),
      },
      async (request, reply) => {
        const { document, zip } = await exportCoco(ctx, callerOf(request), request.params.document_id);
        return reply.headers(zipReply(`${bundleStem(document.name)}-schematics-coco.zip`)).send(zip);
      },
    );

    app.get(
      '/api/v0/documents/:document_id/schematic/archive',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'export_document_schematic_archive',
          summary: "Every schematic component's v1 graph, its legend crops and a manifest (type, label, page, bbox, review flag): lossless",
          tags: TAGS,
          response: 'zip',
        }),
      },
      async (request, reply) => {
        const { document, zip } = await exportArchive(db, ctx.storage, callerOf(request), request.params.document_id);
        return reply.headers(zipReply(`${bundleStem(document.name)}-schematics.zip`)).send(zip);
      },
    );

    app.put(
      '/api/v0/documents/:document_id/schematic/archive',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'import_document_archive',
          summary: 'Create new schematic components on this document from an archive (same type, label, page, bbox and graph); a malformed or hostile archive is a 422 and creates nothing',
          tags: TAGS,
          body: { kind: 'multipart', schema: schemas.Body_import_document_archive },
          response: schemas.ImportArchiveResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const upload = await receiveUpload(request, { tmpDir: ctx.tmpDir, maxBytes: maxUploadBytes(ctx), fileField: 'file' });
        try {
          if (!upload.file) throw validationError(['body', 'file'], 'Field required', 'missing');
          const prepared = await prepareImport(db, ctx.storage, caller, request.params.document_id, upload.file.tmpPath);
          try {
            const result = await inTransaction(db, (uow) => commitImport(uow, caller, prepared));
            request.log.info({ document_id: result.document_id, components: result.components.length }, 'schematic archive imported');
            return result;
          } catch (err) {
            await discardImport(ctx.storage, prepared.written);
            throw err;
          }
        } finally {
          await removeQuietly(upload.file?.tmpPath);
        }
      },
    );
  };
}
