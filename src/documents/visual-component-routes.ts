// HTTP for /api/v0/documents/{document_id}/visual-components[/{component_id}] and
// /api/v0/documents/{document_id}/components. Registered from src/documents/routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import { blobDeleter, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import type { BlobStore } from '../storage/blob-store.js';
import * as schemas from '../components/schemas.js';
import { listDocumentComponents } from '../components/service.js';
import * as visual from '../components/visual-service.js';
import { componentToWire, visualToWire } from '../components/wire.js';

const TAGS = ['visual-components'];

/** Runs the commit; if it fails, the crop prepared for it is deleted again. */
async function discardOnFailure<T>(storage: BlobStore, key: string | null, commit: () => Promise<T>): Promise<T> {
  try {
    return await commit();
  } catch (err) {
    if (key) await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

export function visualComponentRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const deps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };

  return async (app) => {
    app.get(
      '/api/v0/documents/:document_id/visual-components',
      {
        schema: { params: DocumentIdParams, querystring: schemas.ListVisualComponentsQuery },
        config: op({
          operationId: 'list_document_visual_components',
          summary: "A document's visual components, by page; filter by page and types",
          tags: TAGS,
          response: Type.Array(schemas.DocumentVisualComponentGetResponse),
        }),
      },
      async (request) => {
        const rows = await visual.listVisualComponents(db, callerOf(request), request.params.document_id, request.query);
        return Promise.all(rows.map((r) => visualToWire(deps, r, request.query.include_metadata)));
      },
    );

    app.post(
      '/api/v0/documents/:document_id/visual-components',
      {
        schema: { params: DocumentIdParams, body: schemas.VisualComponentCreateRequest },
        config: op({
          operationId: 'create_document_visual_component',
          summary: 'Draw a region on a page: creates a manual visual component and its component record',
          tags: TAGS,
          response: schemas.DocumentVisualComponentGetResponse,
          body: { kind: 'json', schema: schemas.VisualComponentCreateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const prepared = await visual.prepareCreate(db, ctx.storage, caller, request.params.document_id, request.body);
        const row = await discardOnFailure(ctx.storage, prepared.cropKey, () =>
          inTransaction(db, (uow) => visual.createVisualComponent(uow, caller, prepared)),
        );
        request.log.info({ document_id: row.document_id, visual_component_id: row.id }, 'visual component created');
        return visualToWire(deps, row);
      },
    );

    app.get(
      '/api/v0/documents/:document_id/visual-components/:component_id',
      {
        schema: { params: schemas.VisualComponentParams },
        config: op({
          operationId: 'get_document_visual_component',
          summary: 'One visual component by its public ID, with its grounding data',
          tags: TAGS,
          response: schemas.DocumentVisualComponentGetResponse,
        }),
      },
      async (request) => {
        const { document_id: documentId, component_id: id } = request.params;
        return visualToWire(deps, await visual.getVisualComponent(db, callerOf(request), documentId, id));
      },
    );

    app.put(
      '/api/v0/documents/:document_id/visual-components/:component_id',
      {
        schema: { params: schemas.VisualComponentPutParams, body: schemas.VisualComponentUpdateRequest },
        config: op({
          operationId: 'update_document_visual_component',
          summary: "Change a region's bbox, type, label or grounding data (written atomically)",
          tags: TAGS,
          response: schemas.DocumentVisualComponentGetResponse,
          body: { kind: 'json', schema: schemas.VisualComponentUpdateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { document_id: documentId, component_id: id } = request.params;
        const prepared = await visual.prepareUpdate(db, ctx.storage, caller, documentId, id, request.body);
        const row = await discardOnFailure(ctx.storage, prepared.recrop?.cropKey ?? null, () =>
          inTransaction(db, (uow) => visual.updateVisualComponent(uow, caller, prepared, blobDeleter(ctx, request.log))),
        );
        return visualToWire(deps, row);
      },
    );

    app.delete(
      '/api/v0/documents/:document_id/visual-components/:component_id',
      {
        schema: { params: schemas.VisualComponentParams },
        config: op({
          operationId: 'delete_document_visual_component',
          summary: 'Delete a visual component, its component record and their stored images',
          tags: TAGS,
          response: schemas.VisualComponentDeleteResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { document_id: documentId, component_id: id } = request.params;
        const result = await inTransaction(db, (uow) =>
          visual.deleteVisualComponent(uow, caller, documentId, id, blobDeleter(ctx, request.log)),
        );
        request.log.info({ document_id: documentId, visual_component_id: result.id }, 'visual component deleted');
        return result;
      },
    );

    app.get(
      '/api/v0/documents/:document_id/components',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'list_document_components',
          summary: "Every component record of a document (the extractions behind its visual components)",
          tags: ['components'],
          response: Type.Array(schemas.ComponentGetResponse),
        }),
      },
      async (request) => {
        const rows = await listDocumentComponents(db, callerOf(request), request.params.document_id);
        return Promise.all(rows.map((r) => componentToWire(deps, r)));
      },
    );
  };
}
