// HTTP for /api/v0/components/{component_id}: read, correct (PUT html_table) and delete a component
// record. Creation from an image and uploads: create-routes.ts; a component's schematic: schematic-routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import { blobDeleter, type AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { componentCreateRoutes } from './create-routes.js';
import { componentResponseRoutes } from './response-routes.js';
import { componentRevisionRoutes } from './revision-routes.js';
import { componentSchematicRoutes } from './schematic-routes.js';
import * as schemas from './schemas.js';
import { updateComponentGrounding } from './grounding-service.js';
import * as service from './service.js';
import { componentToWire } from './wire.js';

const TAGS = ['components'];

export function componentRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const deps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };

  return async (app) => {
    app.get(
      '/api/v0/components/:component_id',
      {
        schema: { params: schemas.ComponentIdParams },
        config: op({
          operationId: 'get_component',
          summary: 'A component record: type, status, source image, grounding, description, token usage',
          tags: TAGS,
          response: schemas.ComponentGetResponse,
        }),
      },
      async (request) => componentToWire(deps, await service.getComponent(db, callerOf(request), request.params.component_id)),
    );

    app.put(
      '/api/v0/components/:component_id',
      {
        schema: { params: schemas.ComponentIdParams, body: schemas.GroundingUpdateRequest },
        config: op({
          operationId: 'update_component',
          summary: "Store a corrected extraction: html_table for tables and charts (validated; malformed HTML is a 422)",
          tags: TAGS,
          body: { kind: 'json', schema: schemas.GroundingUpdateRequest },
          response: schemas.ComponentUpdateResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await inTransaction(db, (uow) => updateComponentGrounding(uow, ctx.extractors, caller, request.params.component_id, request.body));
        request.log.info({ component_id: row.id }, 'component grounding updated');
        return componentToWire(deps, row);
      },
    );

    app.delete(
      '/api/v0/components/:component_id',
      {
        schema: { params: schemas.ComponentUuidParams },
        config: op({
          operationId: 'delete_component',
          summary: 'Delete a component, the visual components that point to it and its stored files',
          tags: TAGS,
          response: schemas.ComponentDeleteResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const result = await inTransaction(db, (uow) =>
          service.deleteComponent(uow, caller, request.params.component_id, blobDeleter(ctx, request.log)),
        );
        request.log.info({ component_id: result.id }, 'component deleted');
        return result;
      },
    );
    await app.register(componentCreateRoutes(ctx));
    await app.register(componentResponseRoutes(ctx));
    await app.register(componentRevisionRoutes(ctx));
    await app.register(componentSchematicRoutes(ctx));
  };
}
