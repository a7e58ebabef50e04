// HTTP for a component's grounding history (beyond the spec): GET /components/{id}/revisions
// (newest first, paginated) and POST /components/{id}/revisions/{revision_id}/restore.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import type { GroundingRevisionsTable } from '../db/types.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { parseJsonObject, storedComponentType } from './model.js';
import { listComponentRevisions, restoreRevision } from './revision-service.js';
import * as schemas from './revision-schemas.js';
import { REVISION_SOURCES, type RevisionSource } from './revisions.js';
import { ComponentUuidParams } from './schemas.js';
import { componentToWire } from './wire.js';

const TAGS = ['components'];

function sourceOf(value: string): RevisionSource {
  const hit = REVISION_SOURCES.find((s) => s === value);
  if (!hit) throw new Error(`stored revision source is unknown: ${value}`);
  return hit;
}

function revisionToWire(r: GroundingRevisionsTable): Static<typeof schemas.GroundingRevision> {
  return {
    id: r.id,
    component_id: r.component_id,
    sequence: Number(r.seq),
    source: sourceOf(r.source),
    created_by: r.user_id,
    job_status_id: r.job_status_id,
    restored_from: r.restored_from,
    component_type: storedComponentType(r.component_type),
    status: r.status,
    error: r.error,
    grounding: parseJsonObject(r.grounding),
    grounding_data: r.grounding_data === null ? null : parseJsonObject(r.grounding_data),
    created_at: r.created_at,
  };
}

export function componentRevisionRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const deps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  return async (app) => {
    app.get(
      '/api/v0/components/:component_id/revisions',
      {
        schema: { params: ComponentUuidParams, querystring: schemas.RevisionListQuery },
        config: op({
          operationId: 'list_component_revisions',
          summary: "The kept states of a component's grounding, newest first",
          tags: TAGS,
          response: schemas.GroundingRevisionListResponse,
        }),
      },
      async (request) => {
        const { limit, offset } = request.query;
        const { rows, total } = await listComponentRevisions(db, callerOf(request), request.params.component_id, { limit, offset });
        return { revisions: rows.map(revisionToWire), total, limit, offset };
      },
    );

    app.post(
      '/api/v0/components/:component_id/revisions/:revision_id/restore',
      {
        schema: { params: schemas.RevisionParams },
        config: op({
          operationId: 'restore_component_revision',
          summary: "Write a kept grounding back to the component (recorded as a new revision); 409 when the component's type has changed since",
          tags: TAGS,
          response: schemas.GroundingRevisionRestoreResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { component_id: componentId, revision_id: revisionId } = request.params;
        const result = await inTransaction(db, (uow) => restoreRevision(uow, caller, componentId, revisionId));
        request.log.info({ component_id: result.component.id, restored_from: revisionId }, 'component grounding restored');
        return { component: await componentToWire(deps, result.component), revision: revisionToWire(result.revision) };
      },
    );
  };
}
