// Full-text search over chunks (page text, tables, chart data, component labels/descriptions):
// BM25 on SQLite FTS5, ts_rank on PostgreSQL, over indexes built by migration 0700.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../db/types.js';
import type { BBox } from '../pipeline/types.js';
import { queryTerms } from './terms.js';

export interface ChunkHit {
  chunkId: string;
  documentId: string;
  pageNumber: number;
  kind: string;
  text: string;
  /** Page-pixel boxes of the chunk's lines. */
  bboxes: BBox[];
  /** Higher is better; comparable within one call only. */
  score: number;
}

/**
 * The documents to search: their ids, or a query selecting `documents.id` (the search service
 * passes the caller's readable documents this way, so thousands of ids never travel to the
 * database and back).
 */
export type DocumentSet = string[] | SelectQueryBuilder<Database, 'documents', { id: string }>;

export interface ChunkSearchInput {
  query: string;
  /** Already visibility-checked by the caller. */
  documentIds: DocumentSet;
  limit: number;
  kinds?: string[];
}

interface Row {
  id: string;
  document_id: string;
  page_number: number;
  kind: string;
  text: string;
  bboxes: string;
  score: number;
}

const MAX_LIMIT = 1000;
/**
 * Ranking (BM25 / ts_rank) costs time per matching chunk, so a query whose words occur in more
 * than the cap ranks a bounded set of them: on SQLite the RANK_CAP most recently indexed
 * matches (redone over every match when that leaves fewer than `limit` hits among the wanted
 * documents), on PostgreSQL the first PG_RANK_CAP matches among the wanted documents in scan
 * order (RANK_CAP within at most FEW_DOCUMENTS documents). Queries matching fewer chunks, and on
 * SQLite searches within a few documents, are ranked exactly.
 */
export const RANK_CAP = 10_000;
/**
 * PostgreSQL reads each capped match's heap row (its tsvector) at a random place, about one page
 * per match, where FTS5 reads its index: a smaller cap keeps common words within the latency goal.
 */
export const PG_RANK_CAP = 2_000;
/** Up to this many documents, SQLite narrows the index walk to the span of their chunks' rowids. */
const FEW_DOCUMENTS = 20;
/**
 * Up to this many documents, PostgreSQL gets their ids as a constant and plans freely (it walks
 * their chunks or intersects the GIN matches with them); beyond, the planner's estimate per id
 * costs more than the search, and the matches are hash-joined with the documents instead.
 */
const PG_LISTED_DOCUMENTS = 1_000;

interface Query {
  terms: string[];
  /** Ids (deduplicated, non-empty) or a query selecting them. */
  documents: DocumentSet;
  limit: number;
  kinds: string[] | null;
}

/** A chunk's stored `bboxes` JSON; anything malformed reads as no boxes. */
export function parseBoxes(json: string): BBox[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v.filter((b) => Array.isArray(b) && b.length === 4) as BBox[]) : [];
  } catch {
    return [];
  }
}

/**
 * Free text in (never query syntax: terms are extracted and quoted), OR over its terms so a
 * question finds chunks sharing only some of its words; best first. [] documents or a query
 * without searchable terms returns [].
 */
export async function searchChunks(db: Db, dialect: 'sqlite' | 'postgres', input: ChunkSearchInput): Promise<ChunkHit[]> {
  const terms = queryTerms(input.query);
  const limit = Math.max(0, Math.min(MAX_LIMIT, Math.floor(input.limit)));
  const ids = Array.isArray(input.documentIds) ? [...new Set(input.documentIds)] : null;
  if (terms.length === 0 || ids?.length === 0 || limit === 0 || input.kinds?.length === 0) return [];
  const q: Query = { terms, documents: ids ?? input.documentIds, limit, kinds: input.kinds ?? null };
  const rows = dialect === 'sqlite' ? await searchSqlite(db, q) : await searchPostgres(db, q);
  return rows.map((r) => ({
    chunkId: r.id,
    documentId: r.document_id,
    pageNumber: Number(r.page_number),
    kind: r.kind,
    text: r.text,
    bboxes: parseBoxes(r.bboxes),
    score: Number(r.score),
  }));
}

async function searchSqlite(db: Db, query: Query): Promise<Row[]> {
  // SQLite reads the id list from one JSON parameter in a few milliseconds: a query is run first.
  const documentIds = Array.isArray(query.documents) ? query.documents : (await query.documents.execute()).map((r) => r.id);
  if (documentIds.length === 0) return [];
  const q = { ...query, documentIds };
  const match = q.terms.map((t) => `"${t}"`).join(' OR ');
  const docs = JSON.stringify(q.documentIds);
  const kindFilter = q.kinds ? sql`and k.kind in (select value from json_each(${JSON.stringify(q.kinds)}))` : sql``;
  const run = async (range: { lo: number; hi: number } | null): Promise<Row[]> => {
    const rangeFilter = range === null ? sql`` : sql`and chunks_fts.rowid between ${range.lo} and ${range.hi}`;
    // Rank over the index and the key table only; read chunk rows for the top `limit` alone.
    const result = await sql<Row>`
      select c.id, c.document_id, c.page_number, c.kind, c.text, c.bboxes, -top.rank as score
      from (
        select k.chunk_id, bm25(chunks_fts) as rank
        from chunks_fts join chunk_search_keys k on k.id = chunks_fts.rowid
        where chunks_fts match ${match}
          and k.document_id in (select value from json_each(${docs}))
          ${kindFilter} ${rangeFilter}
        order by rank limit ${q.limit}
      ) top join chunks c on c.id = top.chunk_id
      order by top.rank, c.id`.execute(db);
    return result.rows;
  };
  if (q.documentIds.length <= FEW_DOCUMENTS) {
    // A document's chunks are indexed together, so their index rowids lie close: the index walks
    // only the matches between the lowest and highest of them (exact, whatever their spread).
    const span = await sql<{ lo: number | null; hi: number | null }>`
      select min(id) as lo, max(id) as hi from chunk_search_keys where document_id in (select value from json_each(${docs}))`.execute(db);
    const { lo, hi } = span.rows[0] ?? { lo: null, hi: null };
    return lo === null || hi === null ? [] : run({ lo: Number(lo), hi: Number(hi) });
  }
  // Where do the newest RANK_CAP matches start? Walking the index without ranking is cheap.
  const edge = await sql<{ rowid: number }>`
    select rowid from chunks_fts where chunks_fts match ${match} order by rowid desc limit 1 offset ${RANK_CAP}`.execute(db);
  const floor = edge.rows[0]?.rowid;
  if (floor === undefined) return run(null);
  const capped = await run({ lo: Number(floor) + 1, hi: Number.MAX_SAFE_INTEGER });
  return capped.length >= q.limit ? capped : run(null);
}

interface Ranked {
  id: string;
  score: number;
}

async function searchPostgres(db: Db, q: Query): Promise<Row[]> {
  const tsquery = q.terms.map((t) => `'${t}'`).join(' | ');
  const kindFilter = q.kinds ? sql`and c.kind = any(${q.kinds}::text[])` : sql``;
  let documents = q.documents;
  if (!Array.isArray(documents)) {
    // A query selecting few documents becomes their ids so it plans as a list; whether it selects
    // more is asked first, so a caller who sees thousands of documents reads back one row.
    const beyond = await documents.offset(PG_LISTED_DOCUMENTS).limit(1).execute();
    if (beyond.length === 0) {
      documents = (await documents.execute()).map((r) => r.id);
      if (documents.length === 0) return [];
    }
  }
  const listed = Array.isArray(documents) && documents.length <= PG_LISTED_DOCUMENTS;
  // Within a few documents (questions over a document) the planner walks their chunks, so
  // ranking up to RANK_CAP of them stays cheap.
  const cap = Array.isArray(documents) && documents.length <= FEW_DOCUMENTS ? RANK_CAP : PG_RANK_CAP;
  // A long constant array costs the planner a selectivity estimate per element (tens of ms for
  // 10,000 ids): many ids are joined as a set instead, a query as a subquery.
  const docFilter = Array.isArray(documents)
    ? listed
      ? sql`c.document_id = any(${documents}::text[])`
      : sql`c.document_id in (select unnest(${documents}::text[]))`
    : sql`c.document_id in (${documents})`;
  // to_tsquery('english', constant) is folded at plan time, so the planner can weigh the GIN index.
  const tsq = sql`to_tsquery('english', ${tsquery})`;
  // The documents and kinds filter comes before the cap, so fewer matches than the cap among
  // the wanted documents are always ranked exactly. Only ids and tsvectors are ranked; the text
  // of the top `limit` is read afterwards.
  const rank = sql<Ranked>`
    select m.id, ts_rank(m.search_vector, ${tsq}) as score
    from (
      select c.id, c.search_vector from chunks c
      where c.search_vector @@ ${tsq} and ${docFilter} ${kindFilter}
      limit ${cap}
    ) m
    order by score desc, m.id limit ${q.limit}`;
  let top: Ranked[];
  if (listed || db.isTransaction) {
    top = (await rank.execute(db)).rows;
  } else {
    // With LIMIT over many documents the planner walks documents and probes each one's chunks
    // (seconds for a rare word); a hash join over the GIN matches is never that slow. Parallel
    // workers only add start-up time on small machines, and JIT compilation tens of ms.
    top = await db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_nestloop', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
        set_config('jit', 'off', true)`.execute(trx);
      return (await rank.execute(trx)).rows;
    });
  }
  if (top.length === 0) return [];
  const found = await sql<Omit<Row, 'score'>>`
    select c.id, c.document_id, c.page_number, c.kind, c.text, c.bboxes from chunks c where c.id = any(${top.map((t) => t.id)}::text[])`.execute(db);
  const byId = new Map(found.rows.map((r) => [r.id, r]));
  return top.flatMap((t) => {
    const r = byId.get(t.id);
    return r ? [{ ...r, score: t.score }] : [];
  });
}
