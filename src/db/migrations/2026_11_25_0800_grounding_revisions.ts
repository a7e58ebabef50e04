// Grounding history: every write of a component's grounding (pipeline extraction, a person's edit,
// a re-extraction, a restore) keeps the state it wrote as one revision, in the same transaction.
// `seq` orders a component's revisions (timestamps may tie); JSON is text as everywhere else.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('grounding_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('component_id', 'text', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('job_status_id', 'text')
    .addColumn('restored_from', 'text')
    .addColumn('component_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('grounding', 'text', (c) => c.notNull())
    .addColumn('grounding_data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('grounding_revisions_component_seq_key', ['component_id', 'seq'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('grounding_revisions').ifExists().execute();
}
