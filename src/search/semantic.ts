// Semantic retrieval: the query is embedded once, compared by cosine with the stored vectors of
// the candidate documents' chunks (brute force: every candidate vector is read and scored, see
// SEMANTIC_SCAN_CAP), and the best chunks are fused with the full-text ones by reciprocal rank
// (fusion.ts). Candidates are always the visibility-checked document ids the caller passes in. A
// failing embeddings service never fails the search: it falls back to full text.
import { sql } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { Db } from '../db/types.js';
import type { PriceTable } from '../providers/llm/prices.js';
import { dotBytes, EMBEDDING_PURPOSE, normalize, type Embedder } from '../providers/embeddings/index.js';
import { errorMessage } from '../util.js';
import { parseBoxes, searchChunks, type ChunkHit, type ChunkSearchInput } from './chunk-search.js';
import { fuseByRank } from './fusion.js';
import { recordTokenUsage } from './usage.js';

/**
 * Brute force reads every candidate vector per query (about 3 KB each at 768 dimensions): past
 * this many embedded chunks among the candidates (default; PAGELENS_EMBEDDINGS_MAX_SCAN),
 * semantic retrieval is skipped and the search is full text only, so a search over a large
 * collection stays fast. An ANN index (pgvector, sqlite-vec) would lift this.
 */
export const SEMANTIC_SCAN_CAP = 10_000;
/** Each list offers at least this many chunks to the fusion, so a chunk ranked well in both lists can beat one ranked first in one. */
const MIN_POOL = 50;
const MAX_POOL = 1000;
/** A query embedding waits at most this long (a search is interactive) and is retried once. */
const QUERY_TIMEOUT_MS = 10_000;

export type SemanticOutcome =
  | { status: 'off' }
  | { status: 'used'; tokensIn: number; model: string; provider: string }
  /** Skipped: more candidate vectors than SEMANTIC_SCAN_CAP. The query was not embedded. */
  | { status: 'skipped' }
  | { status: 'failed'; error: string };

export interface RetrievedChunks {
  hits: ChunkHit[];
  semantic: SemanticOutcome;
}

interface VectorRow {
  chunk_id: string;
  vector: Uint8Array;
}

interface ChunkRow {
  id: string;
  document_id: string;
  page_number: number;
  kind: string;
  text: string;
  bboxes: string;
}

function documentFilter(dialect: Dialect, ids: string[]) {
  return dialect === 'sqlite' ? sql`e.document_id in (select value from json_each(${JSON.stringify(ids)}))` : sql`e.document_id = any(${ids}::text[])`;
}

function kindFilter(dialect: Dialect, kinds: string[] | undefined) {
  if (!kinds) return sql``;
  return dialect === 'sqlite' ? sql`and c.kind in (select value from json_each(${JSON.stringify(kinds)}))` : sql`and c.kind = any(${kinds}::text[])`;
}

/** How many of the candidates' chunks have a vector of this model. */
export async function countEmbedded(db: Db, dialect: Dialect, model: string, documentIds: string[]): Promise<number> {
  if (documentIds.length === 0) return 0;
  const r = await sql<{ n: number }>`select count(*) as n from chunk_embeddings e where e.model = ${model} and ${documentFilter(dialect, documentIds)}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/** The chunks most similar to the (unnormalized) query vector, best first; only positive similarities. */
export async function nearestChunks(
  db: Db,
  dialect: Dialect,
  input: { vector: Float32Array; model: string; documentIds: string[]; limit: number; kinds?: string[] },
): Promise<ChunkHit[]> {
  const ids = [...new Set(input.documentIds)];
  if (ids.length === 0 || input.limit <= 0 || input.kinds?.length === 0) return [];
  const query = normalize(input.vector);
  const join = input.kinds ? sql`join chunks c on c.id = e.chunk_id` : sql``;
  const rows = await sql<VectorRow>`
    select e.chunk_id, e.vector from chunk_embeddings e ${join}
    where e.model = ${input.model} and e.dimensions = ${query.length} and ${documentFilter(dialect, ids)} ${kindFilter(dialect, input.kinds)}`.execute(db);
  const scored: Array<{ id: string; score: number }> = [];
  for (const r of rows.rows) {
    const score = dotBytes(r.vector, query);
    if (score > 0) scored.push({ id: r.chunk_id, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const top = scored.slice(0, input.limit);
  if (top.length === 0) return [];
  const chunks = await db
    .selectFrom('chunks')
    .select(['id', 'document_id', 'page_number', 'kind', 'text', 'bboxes'])
    .where('id', 'in', top.map((t) => t.id))
    .execute();
  const byId = new Map<string, ChunkRow>(chunks.map((c) => [c.id, c]));
  return top.flatMap((t) => {
    const c = byId.get(t.id);
    return c ? [{ chunkId: c.id, documentId: c.document_id, pageNumber: Number(c.page_number), kind: c.kind, text: c.text, bboxes: parseBoxes(c.bboxes), score: t.score }] : [];
  });
}

/**
 * Full-text chunks, fused with the semantically nearest ones when an embedder is configured.
 * input.documentIds must already be the caller's visible candidates. The query's token usage
 * comes back in `semantic` for the caller to record in its own transaction.
 */
export async function retrieveChunks(
  db: Db,
  dialect: Dialect,
  input: ChunkSearchInput,
  embedder: Embedder | null,
  options: { signal?: AbortSignal; scanCap?: number } = {},
): Promise<RetrievedChunks> {
  if (!embedder) return { hits: await searchChunks(db, dialect, input), semantic: { status: 'off' } };
  const pool = Math.min(MAX_POOL, Math.max(MIN_POOL, input.limit));
  const fullText = await searchChunks(db, dialect, { ...input, limit: pool });
  if (input.query.trim() === '' || input.kinds?.length === 0) return { hits: fullText.slice(0, input.limit), semantic: { status: 'off' } };
  // The brute-force scan filters vectors by id; a search passes its candidates as a query.
  const documentIds = Array.isArray(input.documentIds) ? input.documentIds : (await input.documentIds.execute()).map((r) => r.id);
  if (documentIds.length === 0) return { hits: fullText.slice(0, input.limit), semantic: { status: 'off' } };
  const stored = await countEmbedded(db, dialect, embedder.model, documentIds);
  // No vectors among the candidates (not embedded yet): no point in embedding the query.
  if (stored === 0) return { hits: fullText.slice(0, input.limit), semantic: { status: 'off' } };
  if (stored > (options.scanCap ?? SEMANTIC_SCAN_CAP)) return { hits: fullText.slice(0, input.limit), semantic: { status: 'skipped' } };
  // Only the service call may fail softly; a database error fails the search as it would without embeddings.
  let vector: Float32Array | undefined;
  let tokensIn = 0;
  try {
    const embedded = await embedder.embed([input.query], { maxRetries: 1, retryDelayMs: 200, timeoutMs: QUERY_TIMEOUT_MS, ...(options.signal ? { signal: options.signal } : {}) });
    vector = embedded.vectors[0];
    tokensIn = embedded.tokensIn;
  } catch (err) {
    return { hits: fullText.slice(0, input.limit), semantic: { status: 'failed', error: errorMessage(err) } };
  }
  if (!vector) return { hits: fullText.slice(0, input.limit), semantic: { status: 'failed', error: 'no vector for the query' } };
  const semantic = await nearestChunks(db, dialect, { vector, model: embedder.model, documentIds, limit: pool, ...(input.kinds ? { kinds: input.kinds } : {}) });
  const outcome: SemanticOutcome = { status: 'used', tokensIn, model: embedder.model, provider: embedder.provider };
  return { hits: fuseByRank([fullText, semantic], input.limit), semantic: outcome };
}

/** Records an embeddings call's input tokens and cost (purpose 'embedding'), like any model call. */
export async function recordEmbeddingUsage(
  db: Db,
  prices: PriceTable,
  call: { provider: string; model: string; tokensIn: number },
  target: { organizationId: string; documentId?: string | null; questionId?: number | null },
): Promise<void> {
  await recordTokenUsage(db, prices, { ...call, tokensOut: 0 }, { ...target, purpose: EMBEDDING_PURPOSE });
}

/** What a search needs to add semantic retrieval: the embedder, the price table, and where to report a fallback. */
export interface SearchSemantics {
  embedder: Embedder;
  prices: PriceTable;
  /** PAGELENS_EMBEDDINGS_MAX_SCAN; SEMANTIC_SCAN_CAP when absent. */
  scanCap?: number;
  /** Told when the embeddings service failed and the search fell back to full text. */
  onFallback?: (error: string) => void;
}

/** retrieveChunks for a caller's search: records the query's token usage against their organization. */
export async function retrieveForSearch(
  db: Db,
  dialect: Dialect,
  organizationId: string,
  input: ChunkSearchInput,
  semantics: SearchSemantics | null,
): Promise<ChunkHit[]> {
  const { hits, semantic } = await retrieveChunks(db, dialect, input, semantics?.embedder ?? null, semantics?.scanCap !== undefined ? { scanCap: semantics.scanCap } : {});
  if (semantic.status === 'used' && semantics) await recordEmbeddingUsage(db, semantics.prices, semantic, { organizationId });
  if (semantic.status === 'failed') semantics?.onFallback?.(semantic.error);
  return hits;
}
