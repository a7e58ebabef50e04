// Components as search chunks (kind 'component'): one per region placed on a page, holding its
// type, label and description, boxed by the region, so a search for "revenue chart" finds the
// page where the chart sits even when its words are not in the page text. Written inside the
// transaction that writes the regions, so the index never lags behind them.
import type { Db } from '../db/types.js';
import { newId, nowIso } from '../util.js';

export const COMPONENT_CHUNK_KIND = 'component';

/** Replaces the page's component chunks by ones built from its current regions. */
export async function reindexPageComponents(trx: Db, documentId: string, pageNumber: number): Promise<void> {
  await trx
    .deleteFrom('chunks')
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .where('kind', '=', COMPONENT_CHUNK_KIND)
    .execute();
  const regions = await trx
    .selectFrom('visual_components')
    .innerJoin('components', 'components.id', 'visual_components.component_id')
    .select(['visual_components.component_type', 'visual_components.label', 'visual_components.bbox', 'components.description'])
    .where('visual_components.document_id', '=', documentId)
    .where('visual_components.page_number', '=', pageNumber)
    .orderBy('visual_components.created_at')
    .orderBy('visual_components.id')
    .execute();
  const now = nowIso();
  const rows = regions.map((r, seq) => ({
    id: newId(),
    document_id: documentId,
    page_number: pageNumber,
    seq,
    kind: COMPONENT_CHUNK_KIND,
    text: [r.component_type, r.label.trim(), (r.description ?? '').trim()].filter((s) => s !== '').join('\n'),
    bboxes: `[${r.bbox}]`,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 50) await trx.insertInto('chunks').values(rows.slice(i, i + 50)).execute();
}
