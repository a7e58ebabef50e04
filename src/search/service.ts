// Document search: runs within the request (full-text over chunks is fast enough, see
// docs/benchmarks.md), stores the search record with its ranked documents, and reads it back
// for its user, showing only documents still visible to them.
import type { Caller } from '../auth/caller.js';
import type { Dialect } from '../db/connection.js';
import type { Db, DocumentsTable } from '../db/types.js';
import { readableDocuments } from '../documents/access.js';
import { filteredReadable } from '../documents/repository.js';
import { notFound } from '../http/errors.js';
import { newId, nowIso } from '../util.js';
import type { ChunkHit } from './chunk-search.js';
import type { DocumentSearchRequestWire, SearchMatchWire } from './schemas.js';
import { snippetOf } from './snippet.js';
import { retrieveForSearch, type SearchSemantics } from './semantic.js';

/** Chunks ranked per search: documents are ranked by their best chunk among these. */
const CHUNK_POOL = 300;
const MATCHES_PER_DOCUMENT = 3;
const DEFAULT_LIMIT = 20;

export interface RankedDocument {
  documentId: string;
  score: number;
  matches: SearchMatchWire[];
}

/** The documents the caller may search, narrowed by the request's filters, as a query of their ids. */
export function candidateDocumentQuery(db: Db, caller: Caller, f: DocumentSearchRequestWire) {
  let q = filteredReadable(db, caller, {
    ...(f.folder_id !== undefined ? { folder_id: f.folder_id } : {}),
    ...(f.owner_id !== undefined ? { owner_id: f.owner_id } : {}),
    ...(f.knowledge_base_id !== undefined ? { knowledge_base_id: f.knowledge_base_id } : {}),
    ...(f.tag_names ? { tag_names: f.tag_names } : {}),
  });
  if (f.document_ids) q = q.where('documents.id', 'in', f.document_ids);
  if (f.file_types) q = q.where('documents.file_type', 'in', f.file_types.map((t) => t.toLowerCase()));
  return q.select('documents.id');
}

/** Groups chunk hits by document: a document's score is its best chunk's. */
export function rankDocuments(hits: ChunkHit[], query: string, limit: number): RankedDocument[] {
  const byDoc = new Map<string, RankedDocument>();
  for (const h of hits) {
    let d = byDoc.get(h.documentId);
    if (!d) {
      d = { documentId: h.documentId, score: h.score, matches: [] };
      byDoc.set(h.documentId, d);
    }
    if (d.matches.length < MATCHES_PER_DOCUMENT) {
      d.matches.push({ page_number: h.pageNumber, kind: h.kind, snippet: snippetOf(h.text, query), bboxes: h.bboxes, score: h.score });
    }
  }
  // Hits arrive best first, so insertion order is rank order.
  return [...byDoc.values()].slice(0, limit);
}

/** Full text, fused with semantic retrieval when `semantics` is given (embeddings configured). */
export async function runSearch(db: Db, dialect: Dialect, caller: Caller, req: DocumentSearchRequestWire, semantics: SearchSemantics | null = null): Promise<RankedDocument[]> {
  // Visibility is joined inside the search query: a caller who sees 10,000 documents costs no id list.
  const documentIds = candidateDocumentQuery(db, caller, req);
  const hits = await retrieveForSearch(db, dialect, caller.organizationId, { query: req.query, documentIds, limit: CHUNK_POOL }, semantics);
  return rankDocuments(hits, req.query, req.limit ?? DEFAULT_LIMIT);
}

/**
 * Runs the search and stores it: 'done' with its results, or 'error' with the message when the
 * search itself failed (the record is written either way, in one transaction each).
 */
export async function createSearch(db: Db, dialect: Dialect, caller: Caller, req: DocumentSearchRequestWire, semantics: SearchSemantics | null = null): Promise<string> {
  const id = newId();
  const { query, ...filters } = req;
  let ranked: RankedDocument[] = [];
  let error: string | null = null;
  try {
    ranked = await runSearch(db, dialect, caller, req, semantics);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('document_searches')
      .values({
        id,
        organization_id: caller.organizationId,
        user_id: caller.userId,
        query,
        filters: JSON.stringify(filters),
        status: error === null ? 'done' : 'error',
        error_message: error,
        created_at: nowIso(),
      })
      .execute();
    for (let i = 0; i < ranked.length; i += 100) {
      await trx
        .insertInto('document_search_results')
        .values(
          ranked.slice(i, i + 100).map((r, j) => ({
            search_id: id,
            document_id: r.documentId,
            rank: i + j,
            score: r.score,
            matches: JSON.stringify(r.matches),
          })),
        )
        .execute();
    }
  });
  return id;
}

export interface StoredSearch {
  id: string;
  user_id: string;
  query: string;
  status: string;
  error_message: string | null;
  created_at: string;
  documents: DocumentsTable[];
  results: Array<{ document_id: string; score: number; matches: SearchMatchWire[] }>;
}

/** A search of the caller's own; documents no longer visible to them are left out. */
export async function getSearch(db: Db, caller: Caller, id: string): Promise<StoredSearch> {
  const search = await db
    .selectFrom('document_searches')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!search) throw notFound('Search not found');
  const visible = readableDocuments(db, caller).select('documents.id');
  const results = await db
    .selectFrom('document_search_results')
    .selectAll()
    .where('search_id', '=', id)
    .where('document_id', 'in', visible)
    .orderBy('rank')
    .execute();
  const docs = results.length
    ? await readableDocuments(db, caller).selectAll('documents').where('documents.id', 'in', results.map((r) => r.document_id)).execute()
    : [];
  const byId = new Map(docs.map((d) => [d.id, d]));
  const kept = results.filter((r) => byId.has(r.document_id));
  return {
    id: search.id,
    user_id: search.user_id,
    query: search.query,
    status: search.status,
    error_message: search.error_message,
    created_at: search.created_at,
    documents: kept.map((r) => byId.get(r.document_id)!),
    results: kept.map((r) => ({ document_id: r.document_id, score: Number(r.score), matches: JSON.parse(r.matches) as SearchMatchWire[] })),
  };
}
