// Shared by the job tests: backends to run against, synthetic jobs, polling.
import { pino } from 'pino';
import { inTransaction } from '../../src/db/tx.js';
import { createJob } from '../../src/jobs/create.js';
import type { AppContext } from '../../src/context.js';
import type { TestApp, TestUser } from '../helpers/app.js';

export type QueueKind = 'local' | 'bullmq';
export const QUEUE_KINDS: QueueKind[] = (process.env.PAGELENS_TEST_QUEUES ?? 'local,bullmq')
  .split(',')
  .filter((q): q is QueueKind => q === 'local' || q === 'bullmq');

export const silentLog = pino({ level: 'silent' });

/** Settings for a test app on the given backend; BullMQ gets a prefix of its own per app. */
export function queueEnv(queue: QueueKind, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PAGELENS_QUEUE: queue,
    PAGELENS_BULLMQ_PREFIX: `pltest-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    PAGELENS_WORKER_POLL_MS: '50',
    PAGELENS_WORKER_HEARTBEAT_S: '1',
    PAGELENS_WORKER_STALE_S: '3',
    ...extra,
  };
}

export interface SyntheticOptions {
  pages: number;
  page_ms?: number;
  fail_pages?: number[];
  fail_prepare?: boolean;
  name?: string;
}

export function createSynthetic(ctx: AppContext, user: TestUser, options: SyntheticOptions): Promise<string> {
  const { name, ...payload } = options;
  return inTransaction(ctx.database.db, (uow) =>
    createJob(uow, ctx.jobs, {
      kind: 'synthetic',
      documentId: null,
      organizationId: user.organizationId,
      ownerId: user.id,
      documentName: name ?? `synthetic ${options.pages} pages`,
      payload,
    }),
  );
}

export interface JobBody {
  id: string;
  status: string;
  progress: number;
  error_message: string | null;
  total_pages: number;
  finished_pages: number;
  failed_pages: number;
}

export async function getJob(t: TestApp, user: TestUser, id: string): Promise<JobBody> {
  const res = await t.app.inject({ url: `/api/v0/job-statuses/${id}`, headers: user.auth });
  if (res.statusCode !== 200) throw new Error(`GET job ${id}: ${res.statusCode} ${res.body}`);
  return res.json<JobBody>();
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const FINISHED = ['done', 'error', 'cancelled'];
