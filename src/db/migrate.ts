// Runs the migration set (dated names, applied in order) on either dialect.
import { Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import * as foundation from './migrations/2026_11_22_0001_foundation.js';
import * as jobs from './migrations/2026_11_22_0100_jobs.js';
import * as pages from './migrations/2026_11_22_0200_pages.js';
import * as search from './migrations/2026_11_23_0700_search.js';
import * as searchRecords from './migrations/2026_11_23_0701_search_records.js';
import * as qa from './migrations/2026_11_23_0710_qa.js';
import * as componentUploads from './migrations/2026_11_23_0720_component_uploads.js';
import * as chunkEmbeddings from './migrations/2026_11_23_0730_chunk_embeddings.js';
import * as operations from './migrations/2026_11_25_0100_operations.js';
import * as groundingRevisions from './migrations/2026_11_25_0800_grounding_revisions.js';

// Listed explicitly so the build needs no file-system scanning and order is obvious.
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0100_jobs': jobs,
  '2026_11_22_0200_pages': pages,
  '2026_11_23_0700_search': search,
  '2026_11_23_0701_search_records': searchRecords,
  '2026_11_23_0710_qa': qa,
  '2026_11_23_0720_component_uploads': componentUploads,
  '2026_11_23_0730_chunk_embeddings': chunkEmbeddings,
  '2026_11_25_0100_operations': operations,
  '2026_11_25_0800_grounding_revisions': groundingRevisions,
};

class StaticProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

/**
 * On PostgreSQL, the schema unqualified names resolve to. Kysely's Migrator otherwise looks for its
 * own tables in every schema, so one migrated schema makes another's first migration fail.
 */
async function currentSchema<T>(db: Kysely<T>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * Kysely's Migrator looks for its own table by listing the tables of every schema; a schema that
 * another client drops during that listing fails it with "schema … does not exist" (SQLSTATE
 * 3F000), or with "relation <other schema>.<table> does not exist" (42P01) when its tables go
 * first, although this database's own schema is untouched. Such a failure is tried again.
 */
function otherSchemaDropped(error: unknown, schema: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === '3F000') return true;
  return code === '42P01' && typeof message === 'string' && !message.includes(`"${schema}.`);
}
const MIGRATE_TRIES = 5;

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const schema = await currentSchema(db);
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    ...(schema !== undefined ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (error && schema !== undefined && otherSchemaDropped(error, schema) && attempt < MIGRATE_TRIES && (await currentSchema(db)) === schema) {
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      continue;
    }
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  }
}
