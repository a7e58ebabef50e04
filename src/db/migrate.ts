// Runs the migration set (dated names, applied in order) on either dialect.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import * as foundation from './migrations/2026_11_22_0001_foundation.js';

// Listed explicitly so the build needs no file-system scanning and order is obvious.
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
};

class StaticProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
