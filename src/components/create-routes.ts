// HTTP for creating standalone components: POST /api/v0/components (multipart, image optional) and
// the direct-to-storage upload of a component's image, GET/PUT /api/v0/components/{id}/upload-url.
// Extraction runs as a job: the response carries its job_status_id and the record (GET
// /components/{id} shows the result when the job is done).
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { blobDeleter, maxUploadBytes, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { commitOrDiscard } from '../documents/ingest.js';
import { receiveUpload, removeQuietly, type ReceivedFile } from '../documents/upload.js';
import { HttpError } from '../http/errors.js';
import { op } from '../http/openapi.js';
import { newId } from '../util.js';
import * as schemas from './create-schemas.js';
import {
  adoptComponentImage,
  createStandaloneComponent,
  creationMode,
  inspectComponentUpload,
  issueComponentUploadUrl,
  parseBaselineProvider,
  requireExtractor,
} from './create-service.js';
import { newSourceImageKey } from './keys.js';
import { ComponentIdParams } from './schemas.js';
import { checkComponentImage } from './source-image.js';
import { componentToWire } from './wire.js';

const TAGS = ['components'];

export function componentCreateRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const deps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  const limits = { maxPixels: ctx.config.maxPagePixels, maxPages: ctx.config.maxPages };

  return async (app) => {
    app.post(
      '/api/v0/components',
      {
        schema: { querystring: schemas.GenerateComponentQuery },
        config: op({
          operationId: 'generate_component_from_image',
          summary: 'Create a component from an image (tables: HTML and cell grid, extracted by a job), or an empty one to upload into',
          tags: TAGS,
          body: { kind: 'multipart', schema: schemas.Body_generate_component_from_image },
          response: schemas.ComponentPostResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const type = request.query.component_type;
        const options = { baselineProvider: parseBaselineProvider(request.query.baseline_provider), fixTextWithVlm: request.query.fix_text_with_vlm };
        const mode = creationMode(type, request.query.detect, options);
        if (mode === 'extract') requireExtractor(ctx.extractors, type, options, ctx.engines);
        let received: ReceivedFile | null = null;
        try {
          if (request.isMultipart()) {
            received = (await receiveUpload(request, { tmpDir: ctx.tmpDir, maxBytes: maxUploadBytes(ctx), fileField: 'image' })).file;
          } else if (request.body !== undefined && request.body !== null) {
            throw new HttpError(415, 'Expected a multipart/form-data body (the image in field "image") or no body');
          }
          const id = newId();
          let image = null;
          if (received) {
            const bytes = await readFile(received.tmpPath);
            const checked = await checkComponentImage(bytes, limits, ['body', 'image']);
            image = { key: newSourceImageKey(id, checked.extension), name: received.filename, width: checked.width, height: checked.height };
            await ctx.storage.putBuffer(image.key, bytes, checked.mime);
          }
          const commit = () => inTransaction(db, (uow) => createStandaloneComponent(uow, ctx.jobs, caller, { id, type, image, mode, options: { ...options, includeDescription: request.query.include_description } }));
          const result = image ? await commitOrDiscard(ctx.storage, image.key, commit) : await commit();
          request.log.info({ component_id: id, component_type: type, job_status_id: result.jobStatusId }, 'component created');
          return { component_id: id, job_status_id: result.jobStatusId, component: await componentToWire(deps, result.row) };
        } finally {
          await removeQuietly(received?.tmpPath);
        }
      },
    );

    app.get(
      '/api/v0/components/:component_id/upload-url',
      {
        schema: { params: ComponentIdParams },
        config: op({
          operationId: 'get_component_upload_url',
          summary: "A signed URL to upload a standalone component's image directly to storage",
          tags: TAGS,
          response: schemas.ComponentUploadUrlResponse,
        }),
      },
      async (request) =>
        inTransaction(db, ({ trx }) =>
          issueComponentUploadUrl(trx, ctx.storage, callerOf(request), request.params.component_id, {
            ttlSeconds: ctx.config.signedUrlTtlSeconds,
            maxBytes: maxUploadBytes(ctx),
          }),
        ),
    );

    app.put(
      '/api/v0/components/:component_id/upload-url',
      {
        schema: { params: ComponentIdParams, body: schemas.UpdateComponentUrlRequest },
        config: op({
          operationId: 'update_component_upload_url',
          summary: 'Adopt the image uploaded to the signed URL and start its extraction',
          tags: TAGS,
          body: { kind: 'json', schema: schemas.UpdateComponentUrlRequest },
          response: schemas.ComponentPostResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.component_id;
        const image = await inspectComponentUpload(db, ctx.storage, caller, id, request.body.file_path, request.body.file_name, {
          maxBytes: maxUploadBytes(ctx),
          tmpDir: ctx.tmpDir,
          limits,
        });
        const deleter = blobDeleter(ctx, request.log);
        const result = await commitOrDiscard(ctx.storage, image.key, () =>
          inTransaction(db, (uow) => adoptComponentImage(uow, ctx.jobs, caller, id, request.body.file_path, image, deleter)),
        );
        request.log.info({ component_id: result.row.id, job_status_id: result.jobStatusId }, 'component image adopted');
        return { component_id: result.row.id, job_status_id: result.jobStatusId, component: await componentToWire(deps, result.row) };
      },
    );
  };
}
