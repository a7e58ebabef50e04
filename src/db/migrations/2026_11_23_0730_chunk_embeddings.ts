// Chunk embeddings for semantic retrieval (PAGELENS_EMBEDDINGS_*): one vector per chunk and model,
// little-endian float32 in a BLOB (SQLite) / bytea (PostgreSQL). They cascade away with their chunk
// (a reprocessed page gets new chunks) and with their document. document_id is kept beside the
// chunk id so a search reads only the candidate documents' vectors.
import { PostgresAdapter, type Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('chunk_embeddings')
    .addColumn('chunk_id', 'text', (c) => c.notNull().references('chunks.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('dimensions', 'integer', (c) => c.notNull())
    .addColumn('vector', binary, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chunk_embeddings_pk', ['chunk_id', 'model'])
    .execute();
  await db.schema.createIndex('chunk_embeddings_document_idx').on('chunk_embeddings').columns(['document_id', 'model']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('chunk_embeddings').ifExists().execute();
}
