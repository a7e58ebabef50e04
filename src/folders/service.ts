// Rules for folders: they belong to the organization, every member sees and uses them, and only
// their creator or an organization admin renames, moves or deletes them. Services never commit.
import type { Caller } from '../auth/caller.js';
import type { Db, FoldersTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { forbidden, notFound, validationError } from '../http/errors.js';
import { newId, nowIso } from '../util.js';
import * as repo from './repository.js';
import type { FolderCreate, FolderUpdate, FolderWire, ListFoldersFilters } from './schemas.js';

export async function getFolder(db: Db, caller: Caller, id: string): Promise<FoldersTable> {
  const folder = await repo.findFolder(db, caller.organizationId, id);
  if (!folder) throw notFound('Folder not found');
  return folder;
}

function assertCanManage(folder: FoldersTable, caller: Caller, action: string): void {
  if (folder.owner_id !== caller.userId && !caller.isAdmin) {
    throw forbidden(`Only the folder's creator or an organization admin can ${action}`);
  }
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  return trimmed;
}

async function assertParentExists(db: Db, caller: Caller, parentId: string): Promise<void> {
  if (!(await repo.findFolder(db, caller.organizationId, parentId))) throw notFound('Parent folder not found');
}

export async function toWire(db: Db, caller: Caller, rows: FoldersTable[]): Promise<FolderWire[]> {
  const counts = await repo.visibleDocumentCounts(
    db,
    caller,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    parent_id: r.parent_id,
    owner_id: r.owner_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    document_count: counts.get(r.id) ?? 0,
  }));
}

export async function toWireOne(db: Db, caller: Caller, row: FoldersTable): Promise<FolderWire> {
  const [wire] = await toWire(db, caller, [row]);
  if (!wire) throw new Error('unreachable: toWire returned nothing');
  return wire;
}

/** An unknown parent_id lists nothing, as the documents list does for an unknown folder_id. */
export async function listFolders(db: Db, caller: Caller, q: ListFoldersFilters) {
  return repo.listFolders(db, caller.organizationId, {
    ...(q.parent_id !== undefined ? { parentId: q.parent_id } : {}),
    limit: q.limit,
    offset: q.offset,
  });
}

export async function createFolder({ trx }: UnitOfWork, caller: Caller, input: FolderCreate): Promise<FoldersTable> {
  const name = cleanName(input.name);
  const parentId = input.parent_id?.toLowerCase() ?? null;
  await repo.lockFolderTree(trx, caller.organizationId);
  if (parentId !== null) await assertParentExists(trx, caller, parentId);
  const now = nowIso();
  const folder: FoldersTable = {
    id: newId(),
    organization_id: caller.organizationId,
    owner_id: caller.userId,
    parent_id: parentId,
    name,
    created_at: now,
    updated_at: now,
  };
  await repo.insertFolder(trx, folder);
  return folder;
}

export async function updateFolder(
  { trx }: UnitOfWork,
  caller: Caller,
  id: string,
  patch: FolderUpdate,
): Promise<FoldersTable> {
  await repo.lockFolderTree(trx, caller.organizationId);
  const folder = await getFolder(trx, caller, id);
  assertCanManage(folder, caller, 'rename or move it');
  const changes: Partial<FoldersTable> = {};
  if (patch.name !== undefined) changes.name = cleanName(patch.name);
  // Stored ids are lowercase; a UUID in capitals names the same folder.
  const parentId = patch.parent_id?.toLowerCase() ?? patch.parent_id;
  if (parentId !== undefined && parentId !== folder.parent_id) {
    if (parentId !== null) {
      if (parentId === folder.id) {
        throw validationError(['body', 'parent_id'], 'A folder cannot be moved under itself', 'folder_cycle');
      }
      await assertParentExists(trx, caller, parentId);
      if (await repo.isSelfOrAncestor(trx, folder.id, parentId)) {
        throw validationError(['body', 'parent_id'], 'A folder cannot be moved under one of its descendants', 'folder_cycle');
      }
    }
    changes.parent_id = parentId;
  }
  if (Object.keys(changes).length === 0) return folder;
  changes.updated_at = nowIso();
  await repo.updateFolder(trx, folder.id, changes);
  return { ...folder, ...changes };
}

export async function deleteFolder({ trx }: UnitOfWork, caller: Caller, id: string): Promise<void> {
  await repo.lockFolderTree(trx, caller.organizationId);
  const folder = await getFolder(trx, caller, id);
  assertCanManage(folder, caller, 'delete it');
  await repo.deleteFolder(trx, folder.id);
}
