// Threads, questions and evidences. Their ids are integers (the spec's path parameters are), so
// the key column differs by dialect: SQLite `integer primary key autoincrement` (ids never
// reused), PostgreSQL `serial`.
import { PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

function withIntegerKey<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey());
  }
  return table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

export async function up(db: AnyDb): Promise<void> {
  await withIntegerKey(db, db.schema.createTable('threads'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of question ids in the thread's display order.
    .addColumn('question_positions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('threads_owner_idx').on('threads').columns(['owner_id', 'updated_at']).execute();

  await withIntegerKey(db, db.schema.createTable('questions'))
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_text', 'text', (c) => c.notNull())
    // JSON: the scope as asked ({document_ids} | {knowledge_base_id} | {folder_id}) and the ids it resolved to.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('document_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('plan', 'text')
    .addColumn('final_answer', 'text')
    .addColumn('answer_mode', 'text', (c) => c.notNull())
    .addColumn('llm_provider', 'text', (c) => c.notNull())
    .addColumn('chunk_type', 'text', (c) => c.notNull())
    .addColumn('num_chunks', 'integer', (c) => c.notNull())
    .addColumn('num_chunks_processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_state', 'text', (c) => c.notNull())
    .addColumn('job_status_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_thread_idx').on('questions').column('thread_id').execute();

  await withIntegerKey(db, db.schema.createTable('evidences'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('evidence', 'text', (c) => c.notNull())
    .addColumn('reasoning', 'text', (c) => c.notNull())
    .addColumn('sequence_number', 'integer', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_number', 'integer')
    .addColumn('bboxes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('evidences_question_idx').on('evidences').columns(['question_id', 'sequence_number']).execute();
  await db.schema.createIndex('token_usage_question_idx').on('token_usage').column('question_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('token_usage_question_idx').execute();
  for (const table of ['evidences', 'questions', 'threads']) await db.schema.dropTable(table).ifExists().execute();
}
