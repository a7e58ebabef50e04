// HTTP for /api/v0/documents/tags and /api/v0/documents/{document_id}/tags.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import { DocumentIdParams } from '../http/schemas.js';
import { getReadableDocument } from './access.js';
import { DocumentGetResponse } from './schemas.js';
import { toWireWithTags } from './service.js';
import { AddTagRequest, RemoveTagRequest, TagResponse } from './tag-schemas.js';
import { addTag, listTags, removeTag } from './tags.js';

const TAGS = ['tags'];

export function tagRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const wireDeps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };

  return async (app) => {
    app.get(
      '/api/v0/documents/tags',
      {
        config: op({
          operationId: 'list_all_tags',
          summary: 'All tags on documents the caller can see',
          tags: TAGS,
          response: Type.Array(TagResponse),
        }),
      },
      async (request) => listTags(db, callerOf(request)),
    );

    app.post(
      '/api/v0/documents/:document_id/tags',
      {
        schema: { params: DocumentIdParams, body: AddTagRequest },
        config: op({
          operationId: 'add_document_tag',
          summary: 'Tag a document (creates the tag if it does not exist)',
          tags: TAGS,
          response: DocumentGetResponse,
          body: { kind: 'json', schema: AddTagRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async ({ trx }) => {
          const doc = await getReadableDocument(trx, caller, request.params.document_id);
          await addTag(trx, caller, doc.id, request.body.name);
          return toWireWithTags(trx, wireDeps, doc);
        });
      },
    );

    app.get(
      '/api/v0/documents/:document_id/tags',
      {
        schema: { params: DocumentIdParams },
        config: op({
          operationId: 'list_document_tags',
          summary: "A document's tags",
          tags: TAGS,
          response: Type.Array(TagResponse),
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const doc = await getReadableDocument(db, caller, request.params.document_id);
        return listTags(db, caller, doc.id);
      },
    );

    app.delete(
      '/api/v0/documents/:document_id/tags',
      {
        schema: { params: DocumentIdParams, body: RemoveTagRequest },
        config: op({
          operationId: 'remove_document_tag',
          summary: 'Remove a tag from a document',
          tags: TAGS,
          response: DocumentGetResponse,
          body: { kind: 'json', schema: RemoveTagRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async ({ trx }) => {
          const doc = await getReadableDocument(trx, caller, request.params.document_id);
          await removeTag(trx, caller, doc.id, request.body.name);
          return toWireWithTags(trx, wireDeps, doc);
        });
      },
    );
  };
}
