// Queries for folders. Every lookup is scoped to one organization.
import type { Caller } from '../auth/caller.js';
import type { Db, FoldersTable } from '../db/types.js';
import { readableDocuments } from '../documents/access.js';

export function organizationFolders(db: Db, organizationId: string) {
  return db.selectFrom('folders').where('folders.organization_id', '=', organizationId);
}

export async function findFolder(db: Db, organizationId: string, id: string): Promise<FoldersTable | undefined> {
  return organizationFolders(db, organizationId).selectAll('folders').where('folders.id', '=', id).executeTakeFirst();
}

export async function listFolders(
  db: Db,
  organizationId: string,
  page: { parentId?: string; limit: number; offset: number },
): Promise<{ rows: FoldersTable[]; total: number }> {
  let base = organizationFolders(db, organizationId);
  if (page.parentId !== undefined) base = base.where('folders.parent_id', '=', page.parentId);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('folders')
    .orderBy('folders.created_at', 'desc')
    .orderBy('folders.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(countRow.n) };
}

/** How many documents visible to the caller sit directly in each folder. */
export async function visibleDocumentCounts(db: Db, caller: Caller, folderIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (folderIds.length === 0) return out;
  const rows = await readableDocuments(db, caller)
    .select(['documents.folder_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('documents.folder_id', 'in', folderIds)
    .groupBy('documents.folder_id')
    .execute();
  for (const r of rows) if (r.folder_id !== null) out.set(r.folder_id, Number(r.n));
  return out;
}

/**
 * True when `folderId` is `candidateId` or one of its ancestors, i.e. moving `folderId` under
 * `candidateId` would make a cycle. UNION (not UNION ALL) ends the walk even on corrupt data.
 */
export async function isSelfOrAncestor(db: Db, folderId: string, candidateId: string): Promise<boolean> {
  const hit = await db
    .withRecursive('chain(id, parent_id)', (qb) =>
      qb
        .selectFrom('folders')
        .select(['folders.id', 'folders.parent_id'])
        .where('folders.id', '=', candidateId)
        .union(
          qb
            .selectFrom('folders')
            .innerJoin('chain', 'chain.parent_id', 'folders.id')
            .select(['folders.id', 'folders.parent_id']),
        ),
    )
    .selectFrom('chain')
    .select('chain.id')
    .where('chain.id', '=', folderId)
    .executeTakeFirst();
  return hit !== undefined;
}

/**
 * Serialises folder-tree writes within one organization until the transaction ends. Two moves
 * checked concurrently could each pass the cycle check and together form a loop, and a create
 * under a folder being deleted would fail its foreign key; a row lock on the organization (a
 * no-op update, which works on both dialects and does not block foreign-key checks) prevents both.
 */
export async function lockFolderTree(db: Db, organizationId: string): Promise<void> {
  await db
    .updateTable('organizations')
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', organizationId)
    .execute();
}

export async function insertFolder(db: Db, row: FoldersTable): Promise<void> {
  await db.insertInto('folders').values(row).execute();
}

export async function updateFolder(db: Db, id: string, changes: Partial<FoldersTable>): Promise<void> {
  await db.updateTable('folders').set(changes).where('id', '=', id).execute();
}

/** Subfolders go with it (FK cascade); documents stay, with folder_id set to null (FK set null). */
export async function deleteFolder(db: Db, id: string): Promise<void> {
  await db.deleteFrom('folders').where('id', '=', id).execute();
}
