// Queries of grounding_revisions: the kept states of a component's grounding. A revision is a
// snapshot taken right after a write, in the writer's transaction, of what the component and its
// region hold then; writers hold the component's row lock (lockComponent, or their UPDATE of it),
// so `seq` is taken without a race.
import type { Db, GroundingRevisionsTable } from '../db/types.js';
import { newId, nowIso } from '../util.js';

export const REVISION_SOURCES = ['pipeline', 'edit', 'reextract', 'restore', 'import'] as const;
export type RevisionSource = (typeof REVISION_SOURCES)[number];

export interface RevisionWrite {
  componentId: string;
  source: RevisionSource;
  /** Who wrote it; null for the processing pipeline. */
  userId: string | null;
  jobStatusId?: string | null;
  restoredFrom?: string | null;
}

/** Records the component's current grounding (and its region's grounding_data) as its next revision. */
export async function recordRevision(trx: Db, w: RevisionWrite): Promise<GroundingRevisionsTable | undefined> {
  const component = await trx
    .selectFrom('components')
    .select(['component_type', 'status', 'error', 'grounding'])
    .where('id', '=', w.componentId)
    .executeTakeFirst();
  if (!component) return undefined;
  // Regions of one component are written together; the first stands for them.
  const visual = await trx
    .selectFrom('visual_components')
    .select('grounding_data')
    .where('component_id', '=', w.componentId)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  const last = await trx
    .selectFrom('grounding_revisions')
    .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
    .where('component_id', '=', w.componentId)
    .executeTakeFirst();
  const row: GroundingRevisionsTable = {
    id: newId(),
    component_id: w.componentId,
    seq: Number(last?.seq ?? 0) + 1,
    source: w.source,
    user_id: w.userId,
    job_status_id: w.jobStatusId ?? null,
    restored_from: w.restoredFrom ?? null,
    component_type: component.component_type,
    status: component.status,
    error: component.error,
    grounding: component.grounding,
    grounding_data: visual?.grounding_data ?? null,
    created_at: nowIso(),
  };
  await trx.insertInto('grounding_revisions').values(row).execute();
  return row;
}

/** A component's revisions, newest first, and how many it has. */
export async function listRevisions(db: Db, componentId: string, page: { limit: number; offset: number }) {
  const base = db.selectFrom('grounding_revisions').where('component_id', '=', componentId);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('seq', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(count.n) };
}

export async function findRevision(db: Db, componentId: string, revisionId: string): Promise<GroundingRevisionsTable | undefined> {
  return db
    .selectFrom('grounding_revisions')
    .selectAll()
    .where('component_id', '=', componentId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
}
