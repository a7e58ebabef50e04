// PUT /components/{id}: a person's correction of a component's extraction. html_table (tables and
// charts' data tables) is parsed strictly; malformed HTML is a 422 naming the problem. The
// component is stored 'done' with the canonical HTML, and its regions get the new cell grid and
// become 'manual', so reprocessing the page keeps the correction. The new state is kept as a
// revision (revisions.ts) in the same transaction.
import type { Caller } from '../auth/caller.js';
import type { ComponentsTable } from '../db/types.js';
import type { UnitOfWork } from '../db/tx.js';
import { notFound, validationError } from '../http/errors.js';
import { HtmlTableError, parseHtmlTable, tableToHtml, type GroundingCell } from '../pipeline/tables/index.js';
import { nowIso } from '../util.js';
import { getReadableComponent } from './access.js';
import { parseJsonObject } from './model.js';
import * as repo from './repository.js';
import { recordRevision } from './revisions.js';
import type { GroundingUpdate } from './schemas.js';

const HTML_TYPES = new Set(['table', 'chart']);

export async function updateComponentGrounding({ trx }: UnitOfWork, caller: Caller, id: string, body: GroundingUpdate): Promise<ComponentsTable> {
  const row = await getReadableComponent(trx, caller, id);
  if (body.html_table === undefined && body.intermediate_json === undefined) throw validationError(['body'], 'give html_table or intermediate_json');
  if (body.intermediate_json !== undefined) {
    throw validationError(['body', 'intermediate_json'], 'intermediate_json (flowcharts) cannot be applied in this version; tables and charts take html_table');
  }
  if (!HTML_TYPES.has(row.component_type)) throw validationError(['body', 'html_table'], `html_table applies to table and chart components, not ${row.component_type}`);
  let grid;
  try {
    grid = parseHtmlTable(body.html_table ?? '');
  } catch (err) {
    if (err instanceof HtmlTableError) throw validationError(['body', 'html_table'], `malformed table: ${err.message}`);
    throw err;
  }
  if (!(await repo.lockComponent(trx, row.id))) throw notFound('Component not found');
  const html = tableToHtml(grid);
  const now = nowIso();
  const table = { html_table: html, rows: grid.rows, cols: grid.cols, header_rows: grid.headerRows, source: 'manual' };
  // A cell keeps its box when the corrected grid has a cell of the same place and span.
  const cellsAfter = (data: Record<string, unknown>): GroundingCell[] => {
    const old = Array.isArray(data.cells) ? (data.cells as GroundingCell[]) : [];
    return grid.cells.map((c) => ({
      row: c.row,
      col: c.col,
      row_span: c.rowspan,
      col_span: c.colspan,
      text: c.text,
      bbox: old.find((o) => o.row === c.row && o.col === c.col && o.row_span === c.rowspan && o.col_span === c.colspan)?.bbox ?? null,
      header: c.header,
    }));
  };
  // A standalone component holds its cell grid in its own grounding (it has no region): it is corrected too.
  const before = parseJsonObject(row.grounding);
  const grounding = JSON.stringify({ ...before, ...table, ...(Array.isArray(before.cells) ? { cells: cellsAfter(before) } : {}) });
  await trx.updateTable('components').set({ grounding, status: 'done', error: null, updated_at: now }).where('id', '=', row.id).execute();

  const visuals = await trx.selectFrom('visual_components').select(['id', 'grounding_data']).where('component_id', '=', row.id).execute();
  for (const v of visuals) {
    const data = parseJsonObject(v.grounding_data);
    await trx
      .updateTable('visual_components')
      .set({ grounding_data: JSON.stringify({ ...data, ...table, cells: cellsAfter(data) }), origin: 'manual', updated_at: now })
      .where('id', '=', v.id)
      .execute();
  }
  await recordRevision(trx, { componentId: row.id, source: 'edit', userId: caller.userId });
  return { ...row, grounding, status: 'done', error: null, updated_at: now };
}
