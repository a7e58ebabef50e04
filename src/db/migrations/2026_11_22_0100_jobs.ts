// The job engine's tables: task runs (one per step and page), workers, persisted page failures.
import type { Kysely } from 'kysely';

type AnyDb = Kysely<Record<string, never>>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('job_statuses').addColumn('total_pages', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('job_statuses')
    .addColumn('finished_pages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('job_statuses').addColumn('failed_pages', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('job_statuses_owner_idx').on('job_statuses').columns(['owner_id', 'created_at']).execute();

  await db.schema
    .createTable('task_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('job_statuses.id').onDelete('cascade'))
    .addColumn('task', 'text', (c) => c.notNull())
    .addColumn('page_number', 'integer')
    // page_number or -1: lets one unique index forbid a second row for the same step.
    .addColumn('page_key', 'integer', (c) => c.notNull())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('worker_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('dispatched_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addUniqueConstraint('task_runs_step', ['job_id', 'task', 'page_key'])
    .execute();
  await db.schema.createIndex('task_runs_claim_idx').on('task_runs').columns(['status', 'queue', 'available_at']).execute();
  await db.schema.createIndex('task_runs_worker_idx').on('task_runs').columns(['worker_id', 'status']).execute();

  await db.schema
    .createTable('workers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('backend', 'text', (c) => c.notNull())
    .addColumn('queues', 'text', (c) => c.notNull())
    .addColumn('concurrency', 'integer', (c) => c.notNull())
    .addColumn('current_task', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .execute();

  await db.schema
    .createTable('page_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('job_id', 'text', (c) => c.notNull().references('job_statuses.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_failures_job_idx').on('page_failures').columns(['job_id', 'page_number']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('page_failures').ifExists().execute();
  await db.schema.dropTable('workers').ifExists().execute();
  await db.schema.dropTable('task_runs').ifExists().execute();
  await db.schema.dropIndex('job_statuses_owner_idx').ifExists().execute();
  for (const col of ['failed_pages', 'finished_pages', 'total_pages']) {
    await db.schema.alterTable('job_statuses').dropColumn(col).execute();
  }
}
