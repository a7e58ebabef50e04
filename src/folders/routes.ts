// HTTP for /api/v0/folders: create, list, get, rename / move, delete.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import * as schemas from './schemas.js';
import * as service from './service.js';

const TAGS = ['folders'];

export function folderRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;

  return async (app) => {
    app.post(
      '/api/v0/folders',
      {
        schema: { body: schemas.FolderCreateRequest },
        config: op({
          operationId: 'create_folder',
          summary: 'Create a folder, at the top level or inside another folder',
          tags: TAGS,
          response: schemas.Folder,
          body: { kind: 'json', schema: schemas.FolderCreateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async (uow) => {
          const folder = await service.createFolder(uow, caller, request.body);
          return service.toWireOne(uow.trx, caller, folder);
        });
      },
    );

    app.get(
      '/api/v0/folders',
      {
        schema: { querystring: schemas.ListFoldersQuery },
        config: op({
          operationId: 'list_folders',
          summary: "List the organization's folders, or the children of one folder",
          tags: TAGS,
          response: schemas.FolderListResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { rows, total } = await service.listFolders(db, caller, request.query);
        return {
          folders: await service.toWire(db, caller, rows),
          total,
          limit: request.query.limit,
          offset: request.query.offset,
        };
      },
    );

    app.get(
      '/api/v0/folders/:folder_id',
      {
        schema: { params: schemas.FolderIdParams },
        config: op({ operationId: 'get_folder', summary: 'Get a folder', tags: TAGS, response: schemas.Folder }),
      },
      async (request) => {
        const caller = callerOf(request);
        const folder = await service.getFolder(db, caller, request.params.folder_id);
        return service.toWireOne(db, caller, folder);
      },
    );

    app.put(
      '/api/v0/folders/:folder_id',
      {
        schema: { params: schemas.FolderIdParams, body: schemas.FolderUpdateRequest },
        config: op({
          operationId: 'update_folder',
          summary: 'Rename a folder or move it under another folder (or to the top level)',
          tags: TAGS,
          response: schemas.Folder,
          body: { kind: 'json', schema: schemas.FolderUpdateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        return inTransaction(db, async (uow) => {
          const folder = await service.updateFolder(uow, caller, request.params.folder_id, request.body);
          return service.toWireOne(uow.trx, caller, folder);
        });
      },
    );

    app.delete(
      '/api/v0/folders/:folder_id',
      {
        schema: { params: schemas.FolderIdParams },
        config: op({
          operationId: 'delete_folder',
          summary: 'Delete a folder and its subfolders; their documents stay, outside any folder',
          tags: TAGS,
          response: schemas.FolderDeleteResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.folder_id;
        await inTransaction(db, (uow) => service.deleteFolder(uow, caller, id));
        request.log.info({ folder_id: id }, 'folder deleted');
        return { id, deleted: true };
      },
    );
  };
}
