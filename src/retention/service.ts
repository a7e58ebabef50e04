// Rules for retention policies: they belong to the organization (every member sees and attaches
// them), only their creator or an organization admin changes them, and attaching one to a
// document takes the right to manage that document. Functions take the transaction; never commit.
import type { Caller } from '../auth/caller.js';
import type { Db, DocumentsTable, RetentionPoliciesTable } from '../db/types.js';
import { assertCanManage, getReadableDocument } from '../documents/access.js';
import { forbidden, notFound, validationError } from '../http/errors.js';
import { newId, nowIso } from '../util.js';
import * as repo from './repository.js';
import type {
  AssociationWire,
  ListRetentionPolicies,
  RetentionPolicyCreate,
  RetentionPolicyUpdate,
  RetentionPolicyWire,
} from './schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a document created at `createdAt` expires under a policy keeping it `days` days. */
export function expiresAt(createdAt: string, days: number): Date {
  return new Date(Date.parse(createdAt) + days * DAY_MS);
}

export function toPolicyWire(row: RetentionPoliciesTable): RetentionPolicyWire {
  return {
    id: row.id,
    name: row.name,
    retain_days: Number(row.retain_days),
    action: row.action,
    owner_id: row.owner_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function cleanName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw validationError(['body', 'name'], 'String should have at least 1 character', 'string_too_short');
  return trimmed;
}

export async function getPolicy(db: Db, caller: Caller, id: string): Promise<RetentionPoliciesTable> {
  const row = await repo.policyInOrganization(db, caller.organizationId, id);
  if (!row) throw notFound('Retention policy not found');
  return row;
}

export async function listPolicies(db: Db, caller: Caller, page: ListRetentionPolicies) {
  const { rows, total } = await repo.listPolicies(db, caller.organizationId, page.limit, page.offset);
  return { retention_policies: rows.map(toPolicyWire), total, limit: page.limit, offset: page.offset };
}

export async function createPolicy(trx: Db, caller: Caller, input: RetentionPolicyCreate): Promise<RetentionPoliciesTable> {
  const now = nowIso();
  const row: RetentionPoliciesTable = {
    id: newId(),
    organization_id: caller.organizationId,
    owner_id: caller.userId,
    name: cleanName(input.name),
    retain_days: input.retain_days,
    action: input.action ?? 'delete',
    created_at: now,
    updated_at: now,
  };
  await repo.insertPolicy(trx, row);
  return row;
}

function assertCanChangePolicy(policy: RetentionPoliciesTable, caller: Caller, action: string): void {
  if (policy.owner_id !== caller.userId && !caller.isAdmin) {
    throw forbidden(`Only the policy's creator or an organization admin can ${action}`);
  }
}

export async function updatePolicy(
  trx: Db,
  caller: Caller,
  id: string,
  patch: RetentionPolicyUpdate,
): Promise<RetentionPoliciesTable> {
  const policy = await getPolicy(trx, caller, id);
  assertCanChangePolicy(policy, caller, 'change it');
  const changes: Partial<RetentionPoliciesTable> = {};
  if (patch.name !== undefined) changes.name = cleanName(patch.name);
  if (patch.retain_days !== undefined) changes.retain_days = patch.retain_days;
  if (patch.action !== undefined) changes.action = patch.action;
  if (Object.keys(changes).length === 0) return policy;
  changes.updated_at = nowIso();
  await repo.updatePolicy(trx, id, changes);
  return { ...policy, ...changes };
}

export async function deletePolicy(trx: Db, caller: Caller, id: string): Promise<void> {
  const policy = await getPolicy(trx, caller, id);
  assertCanChangePolicy(policy, caller, 'delete it');
  await repo.deletePolicy(trx, id);
}

function toAssociation(doc: DocumentsTable, link: repo.LinkRow, policy: RetentionPoliciesTable): AssociationWire {
  return {
    id: link.id,
    document_id: link.document_id,
    retention_policy_id: link.retention_policy_id,
    retention_policy: toPolicyWire(policy),
    created_at: link.created_at,
    expires_at: expiresAt(doc.created_at, Number(policy.retain_days)).toISOString(),
  };
}

/** Attaches the policy; attaching one already attached returns the existing association. */
export async function attachPolicy(trx: Db, caller: Caller, documentId: string, policyId: string): Promise<AssociationWire> {
  const doc = await getReadableDocument(trx, caller, documentId);
  const policy = await getPolicy(trx, caller, policyId);
  assertCanManage(doc, caller, 'change its retention');
  await repo.insertLink(trx, { id: newId(), document_id: doc.id, retention_policy_id: policy.id, created_at: nowIso() });
  const link = await repo.findLink(trx, doc.id, policy.id);
  if (!link) throw new Error('unreachable: retention link vanished inside its transaction');
  return toAssociation(doc, link, policy);
}

export async function listAssociations(db: Db, caller: Caller, documentId: string): Promise<AssociationWire[]> {
  const doc = await getReadableDocument(db, caller, documentId);
  const links = await repo.linksOfDocument(db, doc.id);
  const policies = await repo.policiesByIds(db, links.map((l) => l.retention_policy_id));
  return links.flatMap((link) => {
    const policy = policies.get(link.retention_policy_id);
    return policy ? [toAssociation(doc, link, policy)] : [];
  });
}

/** Detaches the policy and returns the association that was removed; 404 when it was not attached. */
export async function detachPolicy(trx: Db, caller: Caller, documentId: string, policyId: string): Promise<AssociationWire> {
  const doc = await getReadableDocument(trx, caller, documentId);
  assertCanManage(doc, caller, 'change its retention');
  const policy = await repo.policyInOrganization(trx, caller.organizationId, policyId);
  const link = policy ? await repo.findLink(trx, doc.id, policy.id) : undefined;
  if (!policy || !link) throw notFound('Retention policy not attached to this document');
  await repo.deleteLink(trx, link.id);
  return toAssociation(doc, link, policy);
}
