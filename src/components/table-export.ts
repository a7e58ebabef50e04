// A document's tables as data (GET /documents/{id}/tables/export): each table component's stored
// HTML (the extractor's, or a person's correction) parsed back into its grid, in page and reading
// order, with tables that continue on the next page merged when asked (pipeline/tables/merge.ts).
import type { Caller } from '../auth/caller.js';
import type { Db, DocumentsTable } from '../db/types.js';
import { getReadableDocument } from '../documents/access.js';
import { HtmlTableError, parseHtmlTable, type HtmlGrid } from '../pipeline/tables/index.js';
import { mergeContinued, type LinkedTable, type MergedTable } from '../pipeline/tables/merge.js';
import { parseJsonObject } from './model.js';
import * as repo from './repository.js';

export interface ExportedTable extends MergedTable {
  /** 1-based, in export order. */
  index: number;
  /** The first table's label (its caption, when one was found). */
  label: string;
}

export interface SkippedTable {
  component_id: string;
  page_number: number;
  status: string;
  reason: string;
}

export interface DocumentTables {
  document: DocumentsTable;
  tables: ExportedTable[];
  skipped: SkippedTable[];
}

/** The component id a continuation link names, or null. */
function linkTarget(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const id = (value as { component_id?: unknown }).component_id;
  return typeof id === 'string' ? id : null;
}

export async function documentTables(db: Db, caller: Caller, documentId: string, merge: boolean): Promise<DocumentTables> {
  const document = await getReadableDocument(db, caller, documentId);
  const visuals = await repo.listVisual(db, document.id, { types: ['table'] });
  const ids = [...new Set(visuals.map((v) => v.component_id))];
  const components = ids.length ? await db.selectFrom('components').select(['id', 'grounding']).where('id', 'in', ids).execute() : [];
  const groundingOf = new Map(components.map((c) => [c.id, parseJsonObject(c.grounding)]));

  const linked: LinkedTable[] = [];
  const labels = new Map<string, string>();
  const skipped: SkippedTable[] = [];
  for (const v of visuals) {
    if (labels.has(v.component_id)) continue; // a component shown in two regions is one table
    labels.set(v.component_id, v.label);
    const html = groundingOf.get(v.component_id)?.html_table;
    const skip = (reason: string) => skipped.push({ component_id: v.component_id, page_number: v.page_number, status: v.status, reason });
    if (typeof html !== 'string') {
      skip('no extracted structure');
      continue;
    }
    let grid: HtmlGrid;
    try {
      grid = parseHtmlTable(html);
    } catch (err) {
      if (!(err instanceof HtmlTableError)) throw err;
      skip(`stored HTML unreadable: ${err.message}`);
      continue;
    }
    const data = parseJsonObject(v.grounding_data);
    linked.push({
      componentId: v.component_id,
      pageNumber: v.page_number,
      grid,
      continuesFrom: linkTarget(data.continues_from),
      continuedBy: linkTarget(data.continued_by),
    });
  }
  const tables = mergeContinued(linked, merge).map((t, i) => ({ ...t, index: i + 1, label: labels.get(t.componentIds[0]!) ?? '' }));
  return { document, tables, skipped };
}
