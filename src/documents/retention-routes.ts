// HTTP for /api/v0/documents/{document_id}/retention-policies: attach, list and detach policies.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import {
  AttachRetentionPolicyQuery,
  DocumentRetentionPolicyAssociationGetResponse,
  DocumentRetentionPolicyParams,
} from '../retention/schemas.js';
import { attachPolicy, detachPolicy, listAssociations } from '../retention/service.js';

const TAGS = ['retention-policies'];

export function retentionLinkRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;

  return async (app) => {
    app.post(
      '/api/v0/documents/:document_id/retention-policies',
      {
        schema: { params: DocumentIdParams, querystring: AttachRetentionPolicyQuery },
        config: op({
          operationId: 'add_document_retention_policy',
          summary: 'Attach a retention policy to a document (idempotent; the shortest attached policy wins)',
          tags: TAGS,
          response: DocumentRetentionPolicyAssociationGetResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { document_id: documentId } = request.params;
        const { retention_policy_id: policyId } = request.query;
        const out = await inTransaction(db, ({ trx }) => attachPolicy(trx, caller, documentId, policyId));
        request.log.info({ document_id: documentId, retention_policy_id: policyId }, 'retention policy attached');
        return out;
      },
    );

    app.get(
      '/api/v0/documents/:document_id/retention-policies',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'list_document_retention_policies',
          summary: "A document's retention policies with the expiry each one implies",
          tags: TAGS,
          response: Type.Array(DocumentRetentionPolicyAssociationGetResponse),
        }),
      },
      async (request) => listAssociations(db, callerOf(request), request.params.document_id),
    );

    app.delete(
      '/api/v0/documents/:document_id/retention-policies/:retention_policy_id',
      {
        schema: { params: DocumentRetentionPolicyParams },
        config: op({
          operationId: 'remove_document_retention_policy',
          summary: 'Detach a retention policy from a document; returns the removed association',
          tags: TAGS,
          response: DocumentRetentionPolicyAssociationGetResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { document_id: documentId, retention_policy_id: policyId } = request.params;
        const out = await inTransaction(db, ({ trx }) => detachPolicy(trx, caller, documentId, policyId));
        request.log.info({ document_id: documentId, retention_policy_id: policyId }, 'retention policy detached');
        return out;
      },
    );
  };
}
