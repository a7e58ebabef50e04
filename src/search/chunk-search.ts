// Full-text search over chunks (page text, tables, chart data, component labels/descriptions):
// BM25 on SQLite FTS5, ts_rank on PostgreSQL, over indexes built by migration 0700.
import { sql } from 'kysely';
import type { Db } from '../db/types.js';
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

export interface ChunkSearchInput {
  query: string;
  /** Already visibility-checked by the caller. */
  documentIds: string[];
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

function parseBoxes(json: string): BBox[] {
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
  if (terms.length === 0 || input.documentIds.length === 0 || limit === 0 || input.kinds?.length === 0) return [];
  const kinds = input.kinds ?? null;
  let rows: Row[];
  if (dialect === 'sqlite') {
    const match = terms.map((t) => `"${t}"`).join(' OR ');
    const docs = JSON.stringify([...new Set(input.documentIds)]);
    const kindFilter = kinds ? sql`and k.kind in (select value from json_each(${JSON.stringify(kinds)}))` : sql``;
    // Rank over the index and the key table only; read chunk rows for the top `limit` alone.
    const result = await sql<Row>`
      select c.id, c.document_id, c.page_number, c.kind, c.text, c.bboxes, -top.rank as score
      from (
        select k.chunk_id, bm25(chunks_fts) as rank
        from chunks_fts join chunk_search_keys k on k.id = chunks_fts.rowid
        where chunks_fts match ${match}
          and k.document_id in (select value from json_each(${docs}))
          ${kindFilter}
        order by rank limit ${limit}
      ) top join chunks c on c.id = top.chunk_id
      order by top.rank, c.id`.execute(db);
    rows = result.rows;
  } else {
    const tsquery = terms.map((t) => `'${t}'`).join(' | ');
    const kindFilter = kinds ? sql`and c.kind = any(${kinds}::text[])` : sql``;
    const result = await sql<Row>`
      select c.id, c.document_id, c.page_number, c.kind, c.text, c.bboxes, ts_rank(c.search_vector, q) as score
      from chunks c, to_tsquery('english', ${tsquery}) q
      where c.search_vector @@ q
        and c.document_id = any(${[...new Set(input.documentIds)]}::text[])
        ${kindFilter}
      order by score desc, c.id limit ${limit}`.execute(db);
    rows = result.rows;
  }
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
