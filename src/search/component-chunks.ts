// Components as search chunks: one per region placed on a page (kind 'component'), holding its
// type, label and description, boxed by the region, so a search for "revenue chart" finds the
// page where the chart sits even when its words are not in the page text; and for tables one per
// body row (kind 'table'), each value with its own row and column header path
// (pipeline/tables/header-paths.ts), boxed by the row's cells, so that a question about one
// figure retrieves it with the headers it belongs to. Written inside the transaction that writes
// the regions, so the index never lags behind them.
import type { Db } from '../db/types.js';
import { HtmlTableError, parseHtmlTable } from '../pipeline/tables/html.js';
import { rowPaths } from '../pipeline/tables/header-paths.js';
import type { BBox } from '../pipeline/types.js';
import { componentLines } from '../qa/component-lines.js';
import { newId, nowIso } from '../util.js';

export const COMPONENT_CHUNK_KIND = 'component';
export const TABLE_CHUNK_KIND = 'table';
/** A chart's data, one value a chunk ("Beta, Staff: 45"): what `chunk_type=chart` searches. */
export const CHART_CHUNK_KIND = 'chart';
/** Most grounding lines of one component indexed (a large flowchart or schematic). */
const MAX_COMPONENT_LINES = 400;

type Box = [number, number, number, number];

function jsonOf(text: string | null): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Cell boxes of the extracted grid by "row:col" (a person's correction may have none). */
function cellBoxes(groundingData: string | null): Map<string, Box> {
  const out = new Map<string, Box>();
  const data = jsonOf(groundingData);
  const cells = data && typeof data === 'object' ? (data as { cells?: unknown }).cells : undefined;
  if (!Array.isArray(cells)) return out;
  for (const c of cells as Array<{ row?: unknown; col?: unknown; bbox?: unknown }>) {
    if (typeof c.row === 'number' && typeof c.col === 'number' && Array.isArray(c.bbox) && c.bbox.length === 4 && c.bbox.every((v) => typeof v === 'number')) {
      out.set(`${c.row}:${c.col}`, c.bbox as Box);
    }
  }
  return out;
}

/** Row texts of a table component's current HTML (the extractor's or a person's), with boxes. */
function tableRows(grounding: string | null, groundingData: string | null, region: string): Array<{ text: string; bboxes: string }> {
  const data = jsonOf(grounding);
  const html = data && typeof data === 'object' ? (data as { html_table?: unknown }).html_table : undefined;
  if (typeof html !== 'string') return [];
  let rows;
  try {
    rows = rowPaths(parseHtmlTable(html));
  } catch (err) {
    if (err instanceof HtmlTableError) return [];
    throw err;
  }
  const boxes = cellBoxes(groundingData);
  return rows.map((r) => {
    const own = r.values.map((v) => boxes.get(`${v.row}:${v.col}`)).filter((b): b is Box => !!b);
    return { text: r.text, bboxes: own.length ? JSON.stringify(own) : `[${region}]` };
  });
}

/** Replaces the page's component and table-row chunks by ones built from its current regions. */
export async function reindexPageComponents(trx: Db, documentId: string, pageNumber: number): Promise<void> {
  await trx
    .deleteFrom('chunks')
    .where('document_id', '=', documentId)
    .where('page_number', '=', pageNumber)
    .where('kind', 'in', [COMPONENT_CHUNK_KIND, TABLE_CHUNK_KIND, CHART_CHUNK_KIND])
    .execute();
  const regions = await trx
    .selectFrom('visual_components')
    .innerJoin('components', 'components.id', 'visual_components.component_id')
    .select(['visual_components.component_type', 'visual_components.label', 'visual_components.bbox', 'visual_components.grounding_data', 'components.description', 'components.grounding'])
    .where('visual_components.document_id', '=', documentId)
    .where('visual_components.page_number', '=', pageNumber)
    .orderBy('visual_components.created_at')
    .orderBy('visual_components.id')
    .execute();
  const now = nowIso();
  const texts: Array<{ kind: string; text: string; bboxes: string }> = [];
  for (const r of regions) {
    texts.push({ kind: COMPONENT_CHUNK_KIND, text: [r.component_type, r.label.trim(), (r.description ?? '').trim()].filter((s) => s !== '').join('\n'), bboxes: `[${r.bbox}]` });
    const label = r.label.trim();
    if (r.component_type !== 'table') {
      // A chart's values, a flowchart's steps and connections, a drawing's text: each line a
      // chunk under the component's label, boxed by its cell or node, so a question about one
      // value or step retrieves it and cites where it is drawn.
      const region = JSON.parse(r.bbox) as BBox;
      const kind = r.component_type === 'chart' ? CHART_CHUNK_KIND : COMPONENT_CHUNK_KIND;
      for (const line of componentLines('', null, [r.grounding_data ?? '', r.grounding ?? ''], region).slice(0, MAX_COMPONENT_LINES)) {
        // (a node placed by hand may carry an empty box: the region stands for it)
        const own = line.bbox && line.bbox[2] > line.bbox[0] && line.bbox[3] > line.bbox[1] ? line.bbox : region;
        const box = JSON.stringify(own);
        texts.push({ kind, text: label ? `${label}\n${line.text}` : line.text, bboxes: label ? `[${r.bbox},${box}]` : `[${box}]` });
      }
      continue;
    }
    for (const row of tableRows(r.grounding, r.grounding_data, r.bbox)) texts.push({ kind: TABLE_CHUNK_KIND, text: label ? `${label}\n${row.text}` : row.text, bboxes: row.bboxes });
  }
  const rows = texts.map((t, seq) => ({ id: newId(), document_id: documentId, page_number: pageNumber, seq, kind: t.kind, text: t.text, bboxes: t.bboxes, created_at: now }));
  for (let i = 0; i < rows.length; i += 50) await trx.insertInto('chunks').values(rows.slice(i, i + 50)).execute();
}

/** Rebuilds the component chunks of every page a component has a region on (after its grounding changed). */
export async function reindexComponentPages(trx: Db, componentId: string): Promise<void> {
  const pages = await trx.selectFrom('visual_components').select(['document_id', 'page_number']).distinct().where('component_id', '=', componentId).execute();
  for (const p of pages) await reindexPageComponents(trx, p.document_id, p.page_number);
}
