// Queries for retention policies and their document links. Policies are always looked up within
// one organization; the sweeper's queries are the only ones that span organizations.
import type { Db, RetentionPoliciesTable } from '../db/types.js';

export async function insertPolicy(db: Db, row: RetentionPoliciesTable): Promise<void> {
  await db.insertInto('retention_policies').values(row).execute();
}

export async function policyInOrganization(
  db: Db,
  organizationId: string,
  id: string,
): Promise<RetentionPoliciesTable | undefined> {
  return db
    .selectFrom('retention_policies')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export async function listPolicies(db: Db, organizationId: string, limit: number, offset: number) {
  const base = db.selectFrom('retention_policies').where('organization_id', '=', organizationId);
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(countRow.n) };
}

export async function updatePolicy(db: Db, id: string, changes: Partial<RetentionPoliciesTable>): Promise<void> {
  await db.updateTable('retention_policies').set(changes).where('id', '=', id).execute();
}

/** Links go with it through the foreign key's ON DELETE CASCADE. */
export async function deletePolicy(db: Db, id: string): Promise<void> {
  await db.deleteFrom('retention_policies').where('id', '=', id).execute();
}

export interface LinkRow {
  id: string;
  document_id: string;
  retention_policy_id: string;
  created_at: string;
}

/** Inserts the link unless the pair exists already (a concurrent attach is not an error). */
export async function insertLink(db: Db, link: LinkRow): Promise<void> {
  await db
    .insertInto('document_retention_policies')
    .values(link)
    .onConflict((oc) => oc.columns(['document_id', 'retention_policy_id']).doNothing())
    .execute();
}

export async function findLink(db: Db, documentId: string, policyId: string): Promise<LinkRow | undefined> {
  return db
    .selectFrom('document_retention_policies')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('retention_policy_id', '=', policyId)
    .executeTakeFirst();
}

export async function linksOfDocument(db: Db, documentId: string): Promise<LinkRow[]> {
  return db
    .selectFrom('document_retention_policies')
    .selectAll()
    .where('document_id', '=', documentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function deleteLink(db: Db, linkId: string): Promise<void> {
  await db.deleteFrom('document_retention_policies').where('id', '=', linkId).execute();
}

export async function policiesByIds(db: Db, ids: string[]): Promise<Map<string, RetentionPoliciesTable>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('retention_policies').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The shortest retain_days over all links, or null when no document has a policy. */
export async function shortestRetainDays(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('document_retention_policies')
    .innerJoin('retention_policies', 'retention_policies.id', 'document_retention_policies.retention_policy_id')
    .select((eb) => eb.fn.min<number>('retention_policies.retain_days').as('days'))
    .executeTakeFirst();
  return row?.days === null || row?.days === undefined ? null : Number(row.days);
}

export interface RetentionCandidate {
  id: string;
  name: string;
  organization_id: string;
  created_at: string;
  days: number;
}

/**
 * Documents created at or before `createdBefore` with their shortest retain_days. Dates are ISO
 * strings of one fixed format, so comparing them as text is portable; the final "is it expired"
 * test with date arithmetic happens in TypeScript.
 */
export async function retentionCandidates(
  db: Db,
  createdBefore: string,
  documentId?: string,
): Promise<RetentionCandidate[]> {
  let q = db
    .selectFrom('documents')
    .innerJoin('document_retention_policies', 'document_retention_policies.document_id', 'documents.id')
    .innerJoin('retention_policies', 'retention_policies.id', 'document_retention_policies.retention_policy_id')
    .select(['documents.id', 'documents.name', 'documents.organization_id', 'documents.created_at'])
    .select((eb) => eb.fn.min<number>('retention_policies.retain_days').as('days'))
    .where('documents.created_at', '<=', createdBefore)
    .groupBy(['documents.id', 'documents.name', 'documents.organization_id', 'documents.created_at'])
    .orderBy('documents.created_at')
    .orderBy('documents.id');
  if (documentId !== undefined) q = q.where('documents.id', '=', documentId);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, days: Number(r.days) }));
}

/** The document's policy with the shortest retain_days (the one that expires it), for the log. */
export async function shortestPolicyOf(db: Db, documentId: string): Promise<RetentionPoliciesTable | undefined> {
  return db
    .selectFrom('retention_policies')
    .innerJoin('document_retention_policies', 'document_retention_policies.retention_policy_id', 'retention_policies.id')
    .selectAll('retention_policies')
    .where('document_retention_policies.document_id', '=', documentId)
    .orderBy('retention_policies.retain_days')
    .orderBy('retention_policies.id')
    .executeTakeFirst();
}
