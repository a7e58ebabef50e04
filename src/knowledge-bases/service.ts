// Rules for knowledge bases: they belong to the organization, every member sees them and adds or
// removes documents they can see; only the creator or an organization admin edits or deletes one.
import type { Caller } from '../auth/caller.js';
import type { Db, KnowledgeBasesTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { forbidden, notFound, validationError } from '../http/errors.js';
import { newId, nowIso } from '../util.js';
import * as repo from './repository.js';
import type {
  KnowledgeBaseCreate,
  KnowledgeBaseUpdate,
  KnowledgeBaseWire,
  ListKnowledgeBasesFilters,
} from './schemas.js';

export async function getKnowledgeBase(db: Db, caller: Caller, id: string): Promise<KnowledgeBasesTable> {
  const kb = await repo.findKnowledgeBase(db, caller.organizationId, id);
  if (!kb) throw notFound('Knowledge base not found');
  return kb;
}

function assertCanManage(kb: KnowledgeBasesTable, caller: Caller, action: string): void {
  if (kb.owner_id !== caller.userId && !caller.isAdmin) {
    throw forbidden(`Only the knowledge base's creator or an organization admin can ${action}`);
  }
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  return trimmed;
}

export async function toWire(db: Db, caller: Caller, rows: KnowledgeBasesTable[]): Promise<KnowledgeBaseWire[]> {
  const counts = await repo.visibleDocumentCounts(
    db,
    caller,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    owner_id: r.owner_id,
    document_count: counts.get(r.id) ?? 0,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

export async function toWireOne(db: Db, caller: Caller, row: KnowledgeBasesTable): Promise<KnowledgeBaseWire> {
  const [wire] = await toWire(db, caller, [row]);
  if (!wire) throw new Error('unreachable: toWire returned nothing');
  return wire;
}

export async function listKnowledgeBases(db: Db, caller: Caller, q: ListKnowledgeBasesFilters) {
  return repo.listKnowledgeBases(db, caller.organizationId, q);
}

export async function createKnowledgeBase(
  { trx }: UnitOfWork,
  caller: Caller,
  input: KnowledgeBaseCreate,
): Promise<KnowledgeBasesTable> {
  const now = nowIso();
  const kb: KnowledgeBasesTable = {
    id: newId(),
    organization_id: caller.organizationId,
    owner_id: caller.userId,
    name: cleanName(input.name),
    description: input.description ?? '',
    created_at: now,
    updated_at: now,
  };
  await repo.insertKnowledgeBase(trx, kb);
  return kb;
}

export async function updateKnowledgeBase(
  { trx }: UnitOfWork,
  caller: Caller,
  id: string,
  patch: KnowledgeBaseUpdate,
): Promise<KnowledgeBasesTable> {
  const kb = await getKnowledgeBase(trx, caller, id);
  assertCanManage(kb, caller, 'edit it');
  const changes: Partial<KnowledgeBasesTable> = {};
  if (patch.name !== undefined) changes.name = cleanName(patch.name);
  if (patch.description !== undefined) changes.description = patch.description;
  if (Object.keys(changes).length === 0) return kb;
  changes.updated_at = nowIso();
  await repo.updateKnowledgeBase(trx, id, changes);
  return { ...kb, ...changes };
}

export async function deleteKnowledgeBase({ trx }: UnitOfWork, caller: Caller, id: string): Promise<void> {
  const kb = await getKnowledgeBase(trx, caller, id);
  assertCanManage(kb, caller, 'delete it');
  await repo.deleteKnowledgeBase(trx, kb.id);
}

/** All or nothing: one id that is not a document visible to the caller is a 404 and adds none. */
export async function addDocuments(
  { trx }: UnitOfWork,
  caller: Caller,
  id: string,
  documentIds: string[],
): Promise<KnowledgeBasesTable> {
  const kb = await getKnowledgeBase(trx, caller, id);
  const unique = [...new Set(documentIds.map((d) => d.toLowerCase()))];
  if ((await repo.countVisibleDocuments(trx, caller, unique)) !== unique.length) throw notFound('Document not found');
  await repo.addMembers(trx, caller, kb.id, unique);
  return kb;
}

export async function removeDocument(
  { trx }: UnitOfWork,
  caller: Caller,
  id: string,
  documentId: string,
): Promise<KnowledgeBasesTable> {
  const kb = await getKnowledgeBase(trx, caller, id);
  if (!(await repo.removeMember(trx, caller, kb.id, documentId))) {
    throw notFound('Document not found in this knowledge base');
  }
  return kb;
}
