// Table components: the links between a table and its continuation on the next page (set when a
// document's processing finishes). What the table extractor writes is src/extractors/table.ts's.
import type { Db } from '../db/types.js';
import { continues, shapeOf, type GroundingCell, type TableGrid } from '../pipeline/tables/index.js';
import type { BBox } from '../pipeline/types.js';
import { parseBbox, parseJsonObject, type JsonObject } from './model.js';

function gridOf(data: JsonObject, bbox: BBox): TableGrid | undefined {
  const cells = data.cells;
  const colEdges = data.col_edges;
  if (!Array.isArray(cells) || !Array.isArray(colEdges) || typeof data.cols !== 'number') return undefined;
  const cs = cells as GroundingCell[];
  return {
    bbox,
    rows: typeof data.rows === 'number' ? data.rows : 0,
    cols: data.cols,
    headerRows: typeof data.header_rows === 'number' ? data.header_rows : 0,
    cells: cs.map((c) => ({ row: c.row, col: c.col, rowspan: c.row_span, colspan: c.col_span, text: c.text, bbox: c.bbox ?? bbox, header: c.header })),
    rowEdges: [],
    colEdges: colEdges.filter((v): v is number => typeof v === 'number'),
  };
}

/**
 * Links each pipeline table that continues the last table of the page before (same columns,
 * see pipeline/tables continues()): grounding_data.continues_from on the continuation and
 * continued_by on the table before, both { component_id, page_number }. Links are recomputed
 * from scratch on every run; tables people edited keep their grounding untouched.
 */
export async function linkTableContinuations(trx: Db, documentId: string): Promise<number> {
  const rows = await trx
    .selectFrom('visual_components as v')
    .innerJoin('pages as p', (j) => j.onRef('p.document_id', '=', 'v.document_id').onRef('p.page_number', '=', 'v.page_number'))
    .select(['v.id', 'v.component_id', 'v.page_number', 'v.bbox', 'v.grounding_data', 'v.origin', 'p.height'])
    .where('v.document_id', '=', documentId)
    .where('v.component_type', '=', 'table')
    .orderBy('v.page_number')
    .orderBy('v.id')
    .execute();
  const tables = rows
    .filter((r) => r.origin === 'pipeline')
    .map((r) => {
      const bbox = parseBbox(r.bbox);
      const data = parseJsonObject(r.grounding_data);
      const grid = gridOf(data, bbox);
      return { ...r, bbox, data, shape: grid ? shapeOf(grid, r.height) : undefined };
    })
    .filter((t) => t.data.source === 'pipeline');
  const byPage = new Map<number, typeof tables>();
  for (const t of tables) byPage.set(t.page_number, [...(byPage.get(t.page_number) ?? []), t]);
  for (const list of byPage.values()) list.sort((a, b) => a.bbox[1] - b.bbox[1]);
  const links = new Map<string, JsonObject>();
  for (const t of tables) links.set(t.id, { ...t.data, continues_from: null, continued_by: null });
  let count = 0;
  for (const [page, list] of byPage) {
    const before = byPage.get(page - 1);
    const prev = before?.[before.length - 1];
    const next = list[0]!;
    if (!prev?.shape || !next.shape || !continues(prev.shape, next.shape)) continue;
    links.get(next.id)!.continues_from = { component_id: prev.component_id, page_number: prev.page_number };
    links.get(prev.id)!.continued_by = { component_id: next.component_id, page_number: next.page_number };
    count++;
  }
  for (const t of tables) {
    await trx.updateTable('visual_components').set({ grounding_data: JSON.stringify(links.get(t.id)) }).where('id', '=', t.id).execute();
  }
  return count;
}
