// Stored document searches (POST /documents/search) and their ranked documents. Results cascade
// away with their documents; GET re-checks visibility, so a document made private later is hidden.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('document_searches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_searches_user_idx').on('document_searches').column('user_id').execute();
  await db.schema
    .createTable('document_search_results')
    .addColumn('search_id', 'text', (c) => c.notNull().references('document_searches.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('matches', 'text', (c) => c.notNull().defaultTo('[]'))
    .addPrimaryKeyConstraint('document_search_results_pk', ['search_id', 'document_id'])
    .execute();
  await db.schema.createIndex('document_search_results_document_idx').on('document_search_results').column('document_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('document_search_results').ifExists().execute();
  await db.schema.dropTable('document_searches').ifExists().execute();
}
