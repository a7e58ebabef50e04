// Rules for a component's grounding history: readable by whoever may read the component (404
// otherwise, as for the component itself); a restore writes the chosen revision's grounding back
// atomically and is itself kept as a new revision, so history only grows and a restore can be undone.
import type { Caller } from '../auth/caller.js';
import type { ComponentsTable, Db, GroundingRevisionsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { conflict, notFound } from '../http/errors.js';
import { UUID_RE } from '../util.js';
import { getReadableComponent } from './access.js';
import { writeGrounding } from './grounding-writes.js';
import { parseJsonObject } from './model.js';
import * as repo from './repository.js';
import { findRevision, listRevisions } from './revisions.js';

export async function listComponentRevisions(db: Db, caller: Caller, componentId: string, page: { limit: number; offset: number }) {
  const component = await getReadableComponent(db, caller, componentId);
  return listRevisions(db, component.id, page);
}

export async function restoreRevision(
  { trx }: UnitOfWork,
  caller: Caller,
  componentId: string,
  revisionId: string,
): Promise<{ component: ComponentsTable; revision: GroundingRevisionsTable }> {
  const found = await getReadableComponent(trx, caller, componentId);
  const revision = UUID_RE.test(revisionId) ? await findRevision(trx, found.id, revisionId.toLowerCase()) : undefined;
  if (!revision) throw notFound('Revision not found');
  if (!(await repo.lockComponent(trx, found.id))) throw notFound('Component not found');
  const component = await getReadableComponent(trx, caller, found.id);
  if (revision.component_type !== component.component_type) {
    throw conflict(`The revision holds a ${revision.component_type} grounding; the component is a ${component.component_type} now`);
  }
  const restored = await writeGrounding(
    trx,
    component.id,
    {
      grounding: parseJsonObject(revision.grounding),
      groundingData: revision.grounding_data === null ? null : parseJsonObject(revision.grounding_data),
      status: revision.status === 'degraded' ? 'degraded' : 'done',
      error: revision.status === 'degraded' ? revision.error : null,
    },
    { source: 'restore', userId: caller.userId, restoredFrom: revision.id },
  );
  const after = await getReadableComponent(trx, caller, component.id);
  return { component: after, revision: restored };
}
