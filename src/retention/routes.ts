// HTTP for /api/v0/retention-policies (organization-wide policy CRUD; not shown in the spec).
// Attaching policies to documents lives in src/documents/retention-routes.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import * as schemas from './schemas.js';
import * as service from './service.js';

const TAGS = ['retention-policies'];

export function retentionPolicyRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;

  return async (app) => {
    app.post(
      '/api/v0/retention-policies',
      {
        schema: { body: schemas.RetentionPolicyCreateRequest },
        config: op({
          operationId: 'create_retention_policy',
          summary: "Create a retention policy in the caller's organization",
          tags: TAGS,
          response: schemas.RetentionPolicy,
          body: { kind: 'json', schema: schemas.RetentionPolicyCreateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await inTransaction(db, ({ trx }) => service.createPolicy(trx, caller, request.body));
        request.log.info({ retention_policy_id: row.id, retain_days: row.retain_days }, 'retention policy created');
        return service.toPolicyWire(row);
      },
    );

    app.get(
      '/api/v0/retention-policies',
      {
        schema: { querystring: schemas.ListRetentionPoliciesQuery },
        config: op({
          operationId: 'list_retention_policies',
          summary: "The organization's retention policies",
          tags: TAGS,
          response: schemas.RetentionPolicyListResponse,
        }),
      },
      async (request) => service.listPolicies(db, callerOf(request), request.query),
    );

    app.get(
      '/api/v0/retention-policies/:retention_policy_id',
      {
        schema: { params: schemas.RetentionPolicyIdParams },
        config: op({
          operationId: 'get_retention_policy',
          summary: 'Get a retention policy',
          tags: TAGS,
          response: schemas.RetentionPolicy,
        }),
      },
      async (request) =>
        service.toPolicyWire(await service.getPolicy(db, callerOf(request), request.params.retention_policy_id)),
    );

    app.put(
      '/api/v0/retention-policies/:retention_policy_id',
      {
        schema: { params: schemas.RetentionPolicyIdParams, body: schemas.RetentionPolicyUpdateRequest },
        config: op({
          operationId: 'update_retention_policy',
          summary: "Change a retention policy's name, days or action (its creator or an admin)",
          tags: TAGS,
          response: schemas.RetentionPolicy,
          body: { kind: 'json', schema: schemas.RetentionPolicyUpdateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const row = await inTransaction(db, ({ trx }) =>
          service.updatePolicy(trx, caller, request.params.retention_policy_id, request.body),
        );
        return service.toPolicyWire(row);
      },
    );

    app.delete(
      '/api/v0/retention-policies/:retention_policy_id',
      {
        schema: { params: schemas.RetentionPolicyIdParams },
        config: op({
          operationId: 'delete_retention_policy',
          summary: 'Delete a retention policy and detach it from every document (its creator or an admin)',
          tags: TAGS,
          response: schemas.RetentionPolicyDeleteResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.retention_policy_id;
        await inTransaction(db, ({ trx }) => service.deletePolicy(trx, caller, id));
        request.log.info({ retention_policy_id: id }, 'retention policy deleted');
        return { id, deleted: true };
      },
    );
  };
}
