// Queries for knowledge bases and their document memberships. Scoped to one organization.
import type { Caller } from '../auth/caller.js';
import type { Db, KnowledgeBasesTable } from '../db/types.js';
import { readableDocuments } from '../documents/access.js';
import { nowIso } from '../util.js';

export function organizationKnowledgeBases(db: Db, organizationId: string) {
  return db.selectFrom('knowledge_bases').where('knowledge_bases.organization_id', '=', organizationId);
}

export async function findKnowledgeBase(
  db: Db,
  organizationId: string,
  id: string,
): Promise<KnowledgeBasesTable | undefined> {
  return organizationKnowledgeBases(db, organizationId)
    .selectAll('knowledge_bases')
    .where('knowledge_bases.id', '=', id)
    .executeTakeFirst();
}

export async function listKnowledgeBases(
  db: Db,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: KnowledgeBasesTable[]; total: number }> {
  const base = organizationKnowledgeBases(db, organizationId);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('knowledge_bases')
    .orderBy('knowledge_bases.created_at', 'desc')
    .orderBy('knowledge_bases.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(countRow.n) };
}

/** How many member documents of each knowledge base the caller can see. */
export async function visibleDocumentCounts(db: Db, caller: Caller, kbIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (kbIds.length === 0) return out;
  const rows = await db
    .selectFrom('document_knowledge_bases')
    .select(['document_knowledge_bases.knowledge_base_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('document_knowledge_bases.knowledge_base_id', 'in', kbIds)
    .where('document_knowledge_bases.document_id', 'in', readableDocuments(db, caller).select('documents.id'))
    .groupBy('document_knowledge_bases.knowledge_base_id')
    .execute();
  for (const r of rows) out.set(r.knowledge_base_id, Number(r.n));
  return out;
}

/** How many of the given ids are documents the caller can see. */
export async function countVisibleDocuments(db: Db, caller: Caller, documentIds: string[]): Promise<number> {
  const row = await readableDocuments(db, caller)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('documents.id', 'in', documentIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Links the visible ones among the given documents; existing memberships are kept as they are. */
export async function addMembers(db: Db, caller: Caller, kbId: string, documentIds: string[]): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('document_knowledge_bases')
    .columns(['document_id', 'knowledge_base_id', 'created_at'])
    .expression(
      readableDocuments(db, caller)
        .select((eb) => ['documents.id', eb.val(kbId).as('knowledge_base_id'), eb.val(now).as('created_at')])
        .where('documents.id', 'in', documentIds),
    )
    .onConflict((oc) => oc.columns(['document_id', 'knowledge_base_id']).doNothing())
    .execute();
}

/** Unlinks one document the caller can see; false when it was not a (visible) member. */
export async function removeMember(db: Db, caller: Caller, kbId: string, documentId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('document_knowledge_bases')
    .where('knowledge_base_id', '=', kbId)
    .where('document_id', '=', documentId)
    .where('document_id', 'in', readableDocuments(db, caller).select('documents.id'))
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function insertKnowledgeBase(db: Db, row: KnowledgeBasesTable): Promise<void> {
  await db.insertInto('knowledge_bases').values(row).execute();
}

export async function updateKnowledgeBase(db: Db, id: string, changes: Partial<KnowledgeBasesTable>): Promise<void> {
  await db.updateTable('knowledge_bases').set(changes).where('id', '=', id).execute();
}

/** Memberships go with it (FK cascade); the documents themselves stay. */
export async function deleteKnowledgeBase(db: Db, id: string): Promise<void> {
  await db.deleteFrom('knowledge_bases').where('id', '=', id).execute();
}
