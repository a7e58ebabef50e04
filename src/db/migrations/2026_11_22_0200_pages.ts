// Processing results: pages (image, text, layout), page descriptions, components and the visual
// components that place them on pages, text chunks for search, and model token usage.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('documents').addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('documents')
    .addColumn('processed_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('pages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('document_version', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('dpi', 'integer', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('thumbnail_key', 'text')
    .addColumn('text_source', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('words_key', 'text')
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('pages_document_page', ['document_id', 'page_number'])
    .execute();

  await db.schema
    .createTable('page_descriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('headings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('page_descriptions_document_page', ['document_id', 'page_number'])
    .execute();

  await db.schema
    .createTable('components')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('component_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .addColumn('grounding', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('description', 'text')
    .addColumn('error', 'text')
    .addColumn('tokens_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens_out', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('components_document_idx').on('components').column('document_id').execute();

  await db.schema
    .createTable('visual_components')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('component_id', 'text', (c) => c.notNull().references('components.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('component_type', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bbox', 'text', (c) => c.notNull())
    .addColumn('confidence', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('grounding_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visual_components_document_page_idx')
    .on('visual_components')
    .columns(['document_id', 'page_number'])
    .execute();

  await db.schema
    .createTable('chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('bboxes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chunks_document_page_idx').on('chunks').columns(['document_id', 'page_number']).execute();

  await db.schema
    .createTable('token_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.references('documents.id').onDelete('cascade'))
    .addColumn('question_id', 'integer')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('tokens_in', 'integer', (c) => c.notNull())
    .addColumn('tokens_out', 'integer', (c) => c.notNull())
    .addColumn('cost', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('token_usage_document_idx').on('token_usage').column('document_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['token_usage', 'chunks', 'visual_components', 'components', 'page_descriptions', 'pages']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('documents').dropColumn('processed_version').execute();
  await db.schema.alterTable('documents').dropColumn('page_count').execute();
}
