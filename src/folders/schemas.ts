// Wire shapes of the folders domain (not in the spec; named in its style).
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, pageQuery, Timestamp, Uuid } from '../http/schemas.js';

const folderName = Type.String({ minLength: 1, maxLength: 255 });

export const FolderIdParams = Type.Object({ folder_id: Uuid() });

export const Folder = named(
  'Folder',
  Type.Object({
    id: Uuid(),
    name: Type.String(),
    parent_id: Nullable(Uuid()),
    owner_id: Uuid(),
    created_at: Timestamp,
    updated_at: Timestamp,
    document_count: Type.Integer({ description: 'documents directly in this folder that are visible to the caller' }),
  }),
);
export type FolderWire = Static<typeof Folder>;

export const FolderCreateRequest = named(
  'FolderCreateRequest',
  Type.Object({
    name: folderName,
    parent_id: Type.Optional(Nullable(Uuid('the parent folder; null or absent for a top-level folder'))),
  }),
);
export type FolderCreate = Static<typeof FolderCreateRequest>;

export const FolderUpdateRequest = named(
  'FolderUpdateRequest',
  Type.Object({
    name: Type.Optional(folderName),
    parent_id: Type.Optional(Nullable(Uuid('move under this folder; null moves it to the top level'))),
  }),
);
export type FolderUpdate = Static<typeof FolderUpdateRequest>;

export const FolderListResponse = named(
  'FolderListResponse',
  Type.Object({
    folders: Type.Array(Folder),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
);

export const FolderDeleteResponse = named(
  'FolderDeleteResponse',
  Type.Object({ id: Uuid(), deleted: Type.Boolean() }),
);

export const ListFoldersQuery = Type.Object({
  ...pageQuery,
  parent_id: Type.Optional(Uuid('only the direct children of this folder; omit for every folder of the organization')),
});
export type ListFoldersFilters = Static<typeof ListFoldersQuery>;
