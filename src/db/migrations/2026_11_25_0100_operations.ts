// Running on several machines (issue 21): maintenance_leases decides which one process runs each
// periodic maintenance task; idempotency_keys lets a client retry a creating POST and get the
// first answer back instead of a second record.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('maintenance_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // method and route: the same key on another endpoint is another request
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // null while the first request is still being answered
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'endpoint', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.dropTable('maintenance_leases').ifExists().execute();
}
