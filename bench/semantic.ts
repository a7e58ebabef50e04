// Cost of brute-force semantic retrieval (src/search/semantic.ts nearestChunks): every stored
// vector of the candidate documents is read and scored per query. Seeds BENCH_SEMANTIC_CHUNKS
// chunks (default 10,000 = SEMANTIC_SCAN_CAP, the most a search scans) with random unit vectors of
// BENCH_SEMANTIC_DIMS dimensions (768) in 100-chunk documents, on SQLite (a file under /tmp) and
// PostgreSQL (a fresh schema of the `test` database, dropped afterwards), then times
// BENCH_SEMANTIC_QUERIES (30) random queries over all documents and within one document. The
// query's embedding call is not included (it is the service's time). Build: tsc -p
// tsconfig.bench.json; run: node dist-bench/bench/semantic.js. BENCH_SEMANTIC_DBS=sqlite,postgres.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createUser } from '../src/auth/service.js';
import { openDatabase, type DatabaseHandle } from '../src/db/connection.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { encodeVector, normalize } from '../src/providers/embeddings/index.js';
import { nearestChunks } from '../src/search/semantic.js';
import { rng } from './rng.js';

const POSTGRES_URL = process.env.PAGELENS_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DBS = (process.env.BENCH_SEMANTIC_DBS ?? 'sqlite,postgres').split(',');
const CHUNKS = Number(process.env.BENCH_SEMANTIC_CHUNKS ?? 10_000);
const DIMS = Number(process.env.BENCH_SEMANTIC_DIMS ?? 768);
const QUERIES = Number(process.env.BENCH_SEMANTIC_QUERIES ?? 30);
const PER_DOC = 100;
const MODEL = 'bench-embed';

const random = rng(11);
const vector = (): Float32Array => normalize(Float32Array.from({ length: DIMS }, () => random() * 2 - 1));
const uuid = (kind: number, i: number): string => `00000000-0000-4000-8${kind.toString(16).padStart(3, '0')}-${i.toString(16).padStart(12, '0')}`;

async function seed(handle: DatabaseHandle): Promise<string[]> {
  await migrateToLatest(handle.db);
  const user = await createUser(handle.db, 'bench@localhost', { organization: 'bench' });
  const now = new Date().toISOString();
  const docs = Array.from({ length: Math.ceil(CHUNKS / PER_DOC) }, (_, i) => uuid(1, i));
  for (const [i, id] of docs.entries()) {
    await handle.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('documents')
        .values({ id, organization_id: user.organizationId, owner_id: user.id, name: `doc ${i}`, folder_id: null, file_path: null, file_type: 'pdf', mime_type: 'application/pdf', file_size: 1, sha256: 'x', original_filename: 'x.pdf', summary: '', visibility: 'organization', version: 1, created_at: now, updated_at: now, page_count: 1, processed_version: 1 })
        .execute();
      const n = Math.min(PER_DOC, CHUNKS - i * PER_DOC);
      const chunkIds = Array.from({ length: n }, (_, k) => uuid(2, i * PER_DOC + k));
      await trx.insertInto('chunks').values(chunkIds.map((c, k) => ({ id: c, document_id: id, page_number: 1, seq: k, kind: 'text', text: `chunk ${c}`, bboxes: '[]', created_at: now }))).execute();
      for (let k = 0; k < n; k += 50) {
        await trx
          .insertInto('chunk_embeddings')
          .values(chunkIds.slice(k, k + 50).map((c) => ({ chunk_id: c, document_id: id, model: MODEL, dimensions: DIMS, vector: encodeVector(vector()), created_at: now })))
          .execute();
      }
    });
    if (i % 50 === 0) process.stdout.write(`\r  seeded ${Math.min(CHUNKS, (i + 1) * PER_DOC)} chunks`);
  }
  process.stdout.write('\n');
  return docs;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function measure(label: string, handle: DatabaseHandle, dialect: 'sqlite' | 'postgres', docs: string[]): Promise<void> {
  for (const [scope, ids] of [['all documents', docs], ['one document', docs.slice(0, 1)]] as const) {
    await nearestChunks(handle.db, dialect, { vector: vector(), model: MODEL, documentIds: ids, limit: 300 }); // warm-up
    const times: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const t0 = performance.now();
      const hits = await nearestChunks(handle.db, dialect, { vector: vector(), model: MODEL, documentIds: ids, limit: 300 });
      times.push(performance.now() - t0);
      if (hits.length === 0) throw new Error('no hits');
    }
    const scanned = Math.min(CHUNKS, ids.length * PER_DOC);
    console.log(`${label}: ${scope} (${scanned} vectors of ${DIMS} dims): p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
  }
}

async function main(): Promise<void> {
  console.log(`brute-force semantic retrieval, ${CHUNKS} chunks, ${DIMS} dims, ${QUERIES} queries; load ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  if (DBS.includes('sqlite')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'pagelens-bench-semantic-'));
    const handle = openDatabase(`sqlite:${path.join(dir, 'bench.db')}`);
    try {
      await measure('sqlite', handle, 'sqlite', await seed(handle));
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (DBS.includes('postgres')) {
    const schema = `bench_semantic_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const handle = openDatabase(`${POSTGRES_URL}?schema=${schema}`);
    try {
      await measure('postgres', handle, 'postgres', await seed(handle));
    } finally {
      await handle.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  }
  console.log(`load after ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

await main();
