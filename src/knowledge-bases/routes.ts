// HTTP for /api/v0/knowledge-bases: CRUD and document membership.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import * as schemas from './schemas.js';
import * as service from './service.js';

const TAGS = ['knowledge-bases'];

export function knowledgeBaseRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;

  return async (app) => {
    app.post(
      '/api/v0/knowledge-bases',
      {
        schema: { body: schemas.KnowledgeBaseCreateRequest },
        config: op({
          operationId: 'create_knowledge_base',
          summary: 'Create a knowledge base',
          tags: TAGS,
          response: schemas.KnowledgeBase,
          body: { kind: 'json', schema: schemas.KnowledgeBaseCreateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async (uow) => {
          const kb = await service.createKnowledgeBase(uow, caller, request.body);
          return service.toWireOne(uow.trx, caller, kb);
        });
      },
    );

    app.get(
      '/api/v0/knowledge-bases',
      {
        schema: { querystring: schemas.ListKnowledgeBasesQuery },
        config: op({
          operationId: 'list_knowledge_bases',
          summary: "List the organization's knowledge bases",
          tags: TAGS,
          response: schemas.KnowledgeBaseListResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { rows, total } = await service.listKnowledgeBases(db, caller, request.query);
        return {
          knowledge_bases: await service.toWire(db, caller, rows),
          total,
          limit: request.query.limit,
          offset: request.query.offset,
        };
      },
    );

    app.get(
      '/api/v0/knowledge-bases/:knowledge_base_id',
      {
        schema: { params: schemas.KnowledgeBaseIdParams },
        config: op({
          operationId: 'get_knowledge_base',
          summary: 'Get a knowledge base',
          tags: TAGS,
          response: schemas.KnowledgeBase,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const kb = await service.getKnowledgeBase(db, caller, request.params.knowledge_base_id);
        return service.toWireOne(db, caller, kb);
      },
    );

    app.put(
      '/api/v0/knowledge-bases/:knowledge_base_id',
      {
        schema: { params: schemas.KnowledgeBaseIdParams, body: schemas.KnowledgeBaseUpdateRequest },
        config: op({
          operationId: 'update_knowledge_base',
          summary: "Change a knowledge base's name or description",
          tags: TAGS,
          response: schemas.KnowledgeBase,
          body: { kind: 'json', schema: schemas.KnowledgeBaseUpdateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async (uow) => {
          const kb = await service.updateKnowledgeBase(uow, caller, request.params.knowledge_base_id, request.body);
          return service.toWireOne(uow.trx, caller, kb);
        });
      },
    );

    app.delete(
      '/api/v0/knowledge-bases/:knowledge_base_id',
      {
        schema: { params: schemas.KnowledgeBaseIdParams },
        config: op({
          operationId: 'delete_knowledge_base',
          summary: 'Delete a knowledge base; its documents stay',
          tags: TAGS,
          response: schemas.KnowledgeBaseDeleteResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.knowledge_base_id;
        await inTransaction(db, (uow) => service.deleteKnowledgeBase(uow, caller, id));
        request.log.info({ knowledge_base_id: id }, 'knowledge base deleted');
        return { id, deleted: true };
      },
    );

    app.post(
      '/api/v0/knowledge-bases/:knowledge_base_id/documents',
      {
        schema: { params: schemas.KnowledgeBaseIdParams, body: schemas.KnowledgeBaseDocumentsRequest },
        config: op({
          operationId: 'add_knowledge_base_documents',
          summary: 'Add documents to a knowledge base (all or none)',
          tags: TAGS,
          response: schemas.KnowledgeBase,
          body: { kind: 'json', schema: schemas.KnowledgeBaseDocumentsRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async (uow) => {
          const kb = await service.addDocuments(uow, caller, request.params.knowledge_base_id, request.body.document_ids);
          return service.toWireOne(uow.trx, caller, kb);
        });
      },
    );

    app.delete(
      '/api/v0/knowledge-bases/:knowledge_base_id/documents/:document_id',
      {
        schema: { params: schemas.KnowledgeBaseDocumentParams },
        config: op({
          operationId: 'remove_knowledge_base_document',
          summary: 'Remove a document from a knowledge base (the document stays)',
          tags: TAGS,
          response: schemas.KnowledgeBase,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { knowledge_base_id: id, document_id: documentId } = request.params;
        return inTransaction(db, async (uow) => {
          const kb = await service.removeDocument(uow, caller, id, documentId);
          return service.toWireOne(uow.trx, caller, kb);
        });
      },
    );
  };
}
