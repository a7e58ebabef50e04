// Signed upload URLs handed out for a standalone component's image (GET /components/{id}/upload-url),
// until the upload is adopted (PUT) or expires. Separate from pending_uploads, whose rows belong to
// a document; these go with their component.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('component_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('component_id', 'text', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('component_uploads_component_idx').on('component_uploads').column('component_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('component_uploads').ifExists().execute();
}
