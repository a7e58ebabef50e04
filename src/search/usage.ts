// Token usage and processing statistics aggregated over an explicit list of documents. The list
// is all-or-nothing: any id that is unknown or not visible to the caller is a 404, so a total never
// silently covers fewer documents than asked (and never reveals which ids exist elsewhere).
import type { Caller } from '../auth/caller.js';
import type { Db } from '../db/types.js';
import type { PriceTable } from '../providers/llm/prices.js';
import { newId, nowIso } from '../util.js';
import { readableDocuments } from '../documents/access.js';
import { notFound } from '../http/errors.js';
import { sumCosts } from '../providers/llm/prices.js';
import { pageType, type PageType } from './page-type.js';
import { PAGE_TYPES, type StatsWire, type TokenUsageWire } from './schemas.js';

export async function visibleDocumentIds(db: Db, caller: Caller, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const rows = await readableDocuments(db, caller).select('documents.id').where('documents.id', 'in', unique).execute();
  if (rows.length !== unique.length) throw notFound('Document not found');
  return unique;
}

interface Totals {
  calls: number;
  tokens_in: number;
  tokens_out: number;
  total_tokens: number;
  cost: string;
}

interface UsageRow {
  document_id: string | null;
  provider: string;
  model: string;
  purpose: string;
  tokens_in: number;
  tokens_out: number;
  cost: string;
}

function totals(rows: UsageRow[]): Totals {
  const tokensIn = rows.reduce((s, r) => s + Number(r.tokens_in), 0);
  const tokensOut = rows.reduce((s, r) => s + Number(r.tokens_out), 0);
  return { calls: rows.length, tokens_in: tokensIn, tokens_out: tokensOut, total_tokens: tokensIn + tokensOut, cost: sumCosts(rows.map((r) => r.cost)) };
}

function groupBy<K extends string>(rows: UsageRow[], key: (r: UsageRow) => K): Map<K, UsageRow[]> {
  const out = new Map<K, UsageRow[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * Every model call recorded against the documents: page descriptions, component descriptions and
 * questions (token_usage rows carry the document they were made for). Costs are summed exactly.
 */
export async function tokenUsage(db: Db, caller: Caller, ids: string[]): Promise<TokenUsageWire> {
  const docs = await visibleDocumentIds(db, caller, ids);
  const rows: UsageRow[] = await db
    .selectFrom('token_usage')
    .select(['document_id', 'provider', 'model', 'purpose', 'tokens_in', 'tokens_out', 'cost'])
    .where('document_id', 'in', docs)
    .where('organization_id', '=', caller.organizationId)
    .execute();
  const byDoc = groupBy(rows, (r) => r.document_id ?? '');
  const byModel = groupBy(rows, (r) => `${r.provider}\u0000${r.model}`);
  const byPurpose = groupBy(rows, (r) => r.purpose);
  return {
    document_count: docs.length,
    ...totals(rows),
    by_document: docs.map((id) => ({ document_id: id, ...totals(byDoc.get(id) ?? []) })),
    by_model: [...byModel.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, list]) => {
        const [provider = '', model = ''] = k.split('\u0000');
        return { provider, model, ...totals(list) };
      }),
    by_purpose: [...byPurpose.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([purpose, list]) => ({ purpose, ...totals(list) })),
  };
}

export async function documentStats(db: Db, caller: Caller, ids: string[]): Promise<StatsWire> {
  const docs = await visibleDocumentIds(db, caller, ids);
  const pages = await db.selectFrom('pages').select(['text_source', 'text', 'layout']).where('document_id', 'in', docs).execute();
  const pageTypes = Object.fromEntries(PAGE_TYPES.map((t) => [t, 0])) as Record<PageType, number>;
  for (const p of pages) pageTypes[pageType(p)] += 1;
  const components = await db
    .selectFrom('components')
    .select(['component_type', 'status'])
    .where('document_id', 'in', docs)
    .execute();
  const byType: Record<string, number> = {};
  for (const c of components) byType[c.component_type] = (byType[c.component_type] ?? 0) + 1;
  const placed = await db
    .selectFrom('visual_components')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('document_id', 'in', docs)
    .executeTakeFirstOrThrow();
  return {
    document_count: docs.length,
    page_count: pages.length,
    page_types: pageTypes,
    component_count: components.length,
    components_by_type: byType,
    degraded_components: components.filter((c) => c.status === 'degraded').length,
    visual_component_count: Number(placed.n),
  };
}

/** One model call's tokens, recorded even if what it produced is replaced later. */
export async function recordTokenUsage(
  db: Db,
  prices: PriceTable,
  call: { provider: string; model: string; tokensIn: number; tokensOut: number },
  target: { organizationId: string; purpose: string; documentId?: string | null; questionId?: number | null },
): Promise<void> {
  await db
    .insertInto('token_usage')
    .values({
      id: newId(),
      organization_id: target.organizationId,
      document_id: target.documentId ?? null,
      question_id: target.questionId ?? null,
      purpose: target.purpose,
      provider: call.provider,
      model: call.model,
      tokens_in: call.tokensIn,
      tokens_out: call.tokensOut,
      cost: prices.costOf(call.model, call.tokensIn, call.tokensOut),
      created_at: nowIso(),
    })
    .execute();
}
