// Search latency over 1M chunks, on SQLite (a file under /tmp) and PostgreSQL (a fresh schema of
// the `test` database, dropped afterwards). Chunks are generated straight into the database with
// a Zipf-distributed vocabulary (English function words at the head, then 50k pseudo-words), in
// big transactions; then random 1-3 word queries (content words drawn with the text's own Zipf
// frequencies) are timed through searchChunks (all documents as 10,000 ids, and as a query of the
// caller's readable documents; one document) and through the search service (visibility query,
// filters, ranking of documents). Build: tsc -p tsconfig.bench.json; run:
// node dist-bench/bench/search.js (make bench-search). BENCH_SEARCH_DBS=sqlite,postgres,
// BENCH_SEARCH_CHUNKS (1000000), BENCH_SEARCH_WORDS (words per chunk, 60), BENCH_SEARCH_QUERIES (300);
// BENCH_SEARCH_SQLITE_FILE / BENCH_SEARCH_PG_SCHEMA keep the generated data and reuse it next time.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { createUser } from '../src/auth/service.js';
import type { Caller } from '../src/auth/caller.js';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { readableDocuments } from '../src/documents/access.js';
import { searchChunks } from '../src/search/chunk-search.js';
import { runSearch } from '../src/search/service.js';
import { rng } from './rng.js';

const POSTGRES_URL = process.env.PAGELENS_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DBS = (process.env.BENCH_SEARCH_DBS ?? 'sqlite,postgres').split(',');
const CHUNKS = Number(process.env.BENCH_SEARCH_CHUNKS ?? 1_000_000);
const WORDS = Number(process.env.BENCH_SEARCH_WORDS ?? 60);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300);
const CHUNKS_PER_DOC = 100;
const VOCAB = 50_000;
const FUNCTION_WORDS = 'the of and to a in is that for it as was with be by on not he this are or his from at which but have an they you were her she there been one all we their has would when if so no will more can who what its than'.split(' ');

const SYLLABLES = 'ka ri to mu ne sa lo vi de pa ra me tu no si ga be lu fo ze ti ma ko re na di so ve pu la'.split(' ');
function pseudoWord(i: number): string {
  let w = '';
  let n = i + 1;
  while (n > 0) {
    w += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return `${w}x`; // a consonant ending keeps porter/english stemming from merging words
}

const vocabulary = [...FUNCTION_WORDS, ...Array.from({ length: VOCAB }, (_, i) => pseudoWord(i))];

/** Cumulative Zipf (s = 1) weights over ranks, for sampling by binary search. */
function zipfSampler(size: number, offset: number, random: () => number): () => string {
  const cum = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) cum[r] = total += 1 / (r + 1 + offset);
  return () => {
    const x = random() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocabulary[lo + offset]!;
  };
}

function textSampler(seed: number): () => string {
  const random = rng(seed);
  const word = zipfSampler(vocabulary.length, 0, random);
  return () => {
    const n = Math.max(5, Math.round(WORDS * (0.5 + random())));
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(word());
    return out.join(' ');
  };
}

function queries(): string[] {
  const random = rng(42);
  // Content words only (function words are dropped by the query parser anyway), text frequencies.
  const cum = zipfSampler(vocabulary.length - FUNCTION_WORDS.length, FUNCTION_WORDS.length, random);
  return Array.from({ length: QUERIES }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, cum).join(' '));
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const uuid = (prefix: number, i: number): string => `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

interface Setup {
  handle: DatabaseHandle;
  caller: Caller;
  documentIds: string[];
  cleanup(): Promise<void>;
}

async function seedUser(handle: DatabaseHandle): Promise<Caller> {
  const u = await createUser(handle.db, 'bench@example.com', { organization: 'bench' });
  return { userId: u.id, organizationId: u.organizationId, email: u.email, isAdmin: false, tokenId: 'bench' };
}

async function setupSqlite(): Promise<Setup> {
  // BENCH_SEARCH_SQLITE_FILE keeps the generated database (and reuses it when it exists).
  const kept = process.env.BENCH_SEARCH_SQLITE_FILE;
  const dir = mkdtempSync(path.join(tmpdir(), 'pagelens-bench-search-'));
  const file = kept ?? path.join(dir, 'bench.db');
  const reuse = kept !== undefined && existsSync(kept);
  const handle = openDatabase(`sqlite:${file}`);
  const docs = Math.ceil(CHUNKS / CHUNKS_PER_DOC);
  const documentIds = Array.from({ length: docs }, (_, i) => uuid(1, i));
  const cleanup = async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  };
  if (reuse) {
    const u = await handle.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    return { handle, caller: { userId: u.id, organizationId: u.organization_id, email: u.email, isAdmin: false, tokenId: 'bench' }, documentIds, cleanup };
  }
  await migrateToLatest(handle.db);
  const caller = await seedUser(handle);
  const now = new Date().toISOString();
  // Kysely over better-sqlite3 runs on one connection; raw statements in one transaction per 100k.
  const text = textSampler(7);
  await sql`begin`.execute(handle.db);
  for (const [i, id] of documentIds.entries()) {
    await sql`insert into documents (id, organization_id, owner_id, name, folder_id, file_path, file_type, mime_type, file_size, sha256,
      original_filename, summary, visibility, version, created_at, updated_at, page_count, processed_version)
      values (${id}, ${caller.organizationId}, ${caller.userId}, ${`doc ${i}`}, null, null, 'pdf', 'application/pdf', 1, 'x', 'x.pdf', '',
      'organization', 1, ${now}, ${now}, 10, 1)`.execute(handle.db);
  }
  await sql`commit`.execute(handle.db);
  const BATCH = 100_000;
  for (let start = 0; start < CHUNKS; start += BATCH) {
    await sql`begin`.execute(handle.db);
    for (let c = start; c < Math.min(CHUNKS, start + BATCH); c += 100) {
      const rows = [];
      for (let k = c; k < Math.min(CHUNKS, c + 100); k++) {
        rows.push(sql`(${uuid(2, k)}, ${documentIds[Math.floor(k / CHUNKS_PER_DOC)]!}, ${1 + Math.floor((k % CHUNKS_PER_DOC) / 10)}, ${k % 10}, 'text', ${text()}, '[[0,0,100,20]]', ${now})`);
      }
      await sql`insert into chunks (id, document_id, page_number, seq, kind, text, bboxes, created_at) values ${sql.join(rows)}`.execute(handle.db);
    }
    await sql`commit`.execute(handle.db);
    process.stdout.write(`\r  sqlite: ${Math.min(CHUNKS, start + BATCH)} chunks`);
  }
  process.stdout.write('\n');
  await sql`analyze`.execute(handle.db);
  return { handle, caller, documentIds, cleanup };
}

async function setupPostgres(): Promise<Setup> {
  // BENCH_SEARCH_PG_SCHEMA keeps the schema (and reuses it, migrating it to the latest, when it exists).
  const kept = process.env.BENCH_SEARCH_PG_SCHEMA;
  if (kept !== undefined && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('BENCH_SEARCH_PG_SCHEMA: lower-case letters, digits and _ only');
  const schema = kept ?? `bench_search_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const reuse = kept !== undefined && (await admin.query('select 1 from pg_namespace where nspname = $1', [kept])).rowCount === 1;
  if (!reuse) await admin.query(`create schema ${schema}`);
  const handle = openDatabase(`${POSTGRES_URL}?schema=${schema}`);
  await migrateToLatest(handle.db);
  const docs = Math.ceil(CHUNKS / CHUNKS_PER_DOC);
  const documentIds = Array.from({ length: docs }, (_, i) => uuid(1, i));
  const cleanup = async () => {
    await handle.close();
    if (kept === undefined) await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  };
  if (reuse) {
    const u = await handle.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    await sql`analyze`.execute(handle.db);
    return { handle, caller: { userId: u.id, organizationId: u.organization_id, email: u.email, isAdmin: false, tokenId: 'bench' }, documentIds, cleanup };
  }
  const caller = await seedUser(handle);
  const now = new Date().toISOString();
  const client = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query(
    `insert into documents (id, organization_id, owner_id, name, folder_id, file_path, file_type, mime_type, file_size, sha256,
      original_filename, summary, visibility, version, created_at, updated_at, page_count, processed_version)
     select id, $2, $3, 'doc', null, null, 'pdf', 'application/pdf', 1, 'x', 'x.pdf', '', 'organization', 1, $4, $4, 10, 1
     from unnest($1::text[]) as id`,
    [documentIds, caller.organizationId, caller.userId, now],
  );
  // Bulk load, then build the GIN index once (as a restore would).
  await client.query('drop index chunks_search_vector_idx');
  const text = textSampler(7);
  const BATCH = 10_000;
  for (let start = 0; start < CHUNKS; start += BATCH) {
    const ids: string[] = [];
    const docIds: string[] = [];
    const pages: number[] = [];
    const seqs: number[] = [];
    const texts: string[] = [];
    for (let k = start; k < Math.min(CHUNKS, start + BATCH); k++) {
      ids.push(uuid(2, k));
      docIds.push(documentIds[Math.floor(k / CHUNKS_PER_DOC)]!);
      pages.push(1 + Math.floor((k % CHUNKS_PER_DOC) / 10));
      seqs.push(k % 10);
      texts.push(text());
    }
    await client.query(
      `insert into chunks (id, document_id, page_number, seq, kind, text, bboxes, created_at)
       select i, d, p, s, 'text', t, '[[0,0,100,20]]', $6 from unnest($1::text[], $2::text[], $3::int[], $4::int[], $5::text[]) as x(i, d, p, s, t)`,
      [ids, docIds, pages, seqs, texts, now],
    );
    if ((start + BATCH) % 100_000 === 0) process.stdout.write(`\r  postgres: ${start + BATCH} chunks`);
  }
  process.stdout.write('\n');
  await client.query('create index chunks_search_vector_idx on chunks using gin (search_vector)');
  await client.query('vacuum analyze chunks');
  await client.end();
  return { handle, caller, documentIds, cleanup };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function measure(kind: 'sqlite' | 'postgres'): Promise<void> {
  const t0 = performance.now();
  const s = kind === 'sqlite' ? await setupSqlite() : await setupPostgres();
  const loadS = (performance.now() - t0) / 1000;
  try {
    const qs = queries();
    const { db } = s.handle;
    // Warm-up: a few queries to load pages into the cache.
    for (const q of qs.slice(0, 10)) await searchChunks(db, kind, { query: q, documentIds: s.documentIds, limit: 10 });
    const chunkTimes: number[] = [];
    const scopeTimes: number[] = [];
    const oneDocTimes: number[] = [];
    const serviceTimes: number[] = [];
    let hits = 0;
    // All documents as a query of the caller's readable documents (what the service passes).
    const everything = () => readableDocuments(db, s.caller).select('documents.id');
    for (const [i, q] of qs.entries()) {
      chunkTimes.push(
        await time(async () => {
          hits += (await searchChunks(db, kind, { query: q, documentIds: s.documentIds, limit: 10 })).length;
        }),
      );
      scopeTimes.push(await time(() => searchChunks(db, kind, { query: q, documentIds: everything(), limit: 10 })));
      const one = [s.documentIds[i % s.documentIds.length]!];
      oneDocTimes.push(await time(() => searchChunks(db, kind, { query: q, documentIds: one, limit: 10 })));
      serviceTimes.push(await time(() => runSearch(db, kind, s.caller, { query: q, limit: 20 })));
    }
    const fmt = (v: number[]) => `p50 ${pct(v, 50).toFixed(1)} ms, p95 ${pct(v, 95).toFixed(1)} ms, max ${Math.max(...v).toFixed(1)} ms`;
    console.log(`${kind}: ${CHUNKS} chunks (${WORDS} words avg) in ${s.documentIds.length} documents, loaded in ${loadS.toFixed(0)} s`);
    console.log(`  searchChunks, all ${s.documentIds.length} documents, limit 10: ${fmt(chunkTimes)} (avg ${(hits / qs.length).toFixed(1)} hits)`);
    console.log(`  searchChunks, all documents as a query, limit 10: ${fmt(scopeTimes)}`);
    console.log(`  searchChunks, one document:                     ${fmt(oneDocTimes)}`);
    console.log(`  search service (visibility + rank documents):   ${fmt(serviceTimes)}`);
  } finally {
    await s.cleanup();
  }
}

console.log(`loadavg before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
for (const kind of DBS) {
  if (kind === 'sqlite' || kind === 'postgres') await measure(kind);
}
console.log(`loadavg after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
