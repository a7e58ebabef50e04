// Writes a whole new grounding of a component (a re-extraction, a restore) with its revision, in
// the caller's transaction, so the component, its regions and its history change together.
import type { Db } from '../db/types.js';
import { nowIso } from '../util.js';
import { parseJsonObject, type JsonObject } from './model.js';
import * as repo from './repository.js';
import { recordRevision, type RevisionWrite } from './revisions.js';
import { reindexComponentPages } from '../search/component-chunks.js';

/**
 * Links to the neighbouring pages' parts of a table (components/tables.ts): derived from the
 * other regions, not from this one's pixels, so a new grounding of this region keeps them.
 */
const LINK_KEYS = ['continues_from', 'continued_by'] as const;

export interface NewGrounding {
  grounding: JsonObject;
  /** The regions' grounding_data; null leaves them as they are (a component without a region). */
  groundingData: JsonObject | null;
  status: 'done' | 'degraded';
  error: string | null;
  /** A new crop of the region, when the write comes with one. */
  imageKey?: string | null;
}

export async function writeGrounding(trx: Db, componentId: string, g: NewGrounding, revision: Omit<RevisionWrite, 'componentId'>) {
  const now = nowIso();
  await trx
    .updateTable('components')
    .set({
      grounding: JSON.stringify(g.grounding),
      status: g.status,
      error: g.error,
      updated_at: now,
      ...(g.imageKey !== undefined ? { image_key: g.imageKey } : {}),
    })
    .where('id', '=', componentId)
    .execute();
  if (g.groundingData) {
    const visuals = await trx.selectFrom('visual_components').select(['id', 'grounding_data']).where('component_id', '=', componentId).execute();
    for (const v of visuals) {
      const current = parseJsonObject(v.grounding_data);
      const links = Object.fromEntries(LINK_KEYS.filter((k) => k in current).map((k) => [k, current[k]]));
      await trx
        .updateTable('visual_components')
        .set({ grounding_data: JSON.stringify({ ...g.groundingData, ...links }), updated_at: now })
        .where('id', '=', v.id)
        .execute();
    }
  }
  await reindexComponentPages(trx, componentId);
  const row = await recordRevision(trx, { ...revision, componentId });
  if (!row) throw new Error(`writeGrounding: component ${componentId} is gone`);
  return row;
}

/** What re-extracting one region produced: a grounding, or only a reason it could not. */
export type ReextractOutcome =
  | { kind: 'extracted'; grounding: JsonObject; groundingData: JsonObject; status: 'done' | 'degraded'; error: string | null; /** The new crop of the region; null keeps the old one. */ cropKey: string | null }
  | { kind: 'failed'; error: string };

/**
 * Stores a re-extraction of the region `visualId`, read at `bbox` as a `type`, unless the region
 * changed meanwhile (moved, retyped or deleted: a person's newer edit wins, and the region stays
 * pending for the next run). Returns false then; else the replaced crop to delete after commit.
 */
export async function writeReextraction(
  trx: Db,
  target: { documentId: string; visualId: string; componentId: string; bbox: string; type: string },
  outcome: ReextractOutcome,
  revision: Omit<RevisionWrite, 'componentId' | 'source'>,
): Promise<{ written: false } | { written: true; staleCrop: string | null }> {
  if (!(await repo.lockComponent(trx, target.componentId))) return { written: false };
  const now = await repo.findVisual(trx, target.documentId, target.visualId);
  if (!now || now.component_id !== target.componentId || now.bbox !== target.bbox || now.component_type !== target.type) return { written: false };
  if (outcome.kind === 'failed') {
    await repo.setComponentStatus(trx, [target.componentId], 'degraded', outcome.error);
    return { written: true, staleCrop: null };
  }
  await writeGrounding(
    trx,
    target.componentId,
    { grounding: outcome.grounding, groundingData: outcome.groundingData, status: outcome.status, error: outcome.error, ...(outcome.cropKey ? { imageKey: outcome.cropKey } : {}) },
    { ...revision, source: 'reextract' },
  );
  const staleCrop = outcome.cropKey && now.image_key && now.image_key !== outcome.cropKey ? now.image_key : null;
  return { written: true, staleCrop };
}
