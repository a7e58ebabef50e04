// Wire shapes of job statuses, page runs and the queue.
import { Type, type Static } from 'typebox';
import { named } from '../http/openapi.js';
import { Nullable, pageQuery, StringEnum, Timestamp, Uuid } from '../http/schemas.js';
import { JOB_STATES } from './states.js';

const jobStatusProps = {
    id: Uuid(),
    kind: Type.String(),
    status: StringEnum(JOB_STATES),
    progress: Type.Integer({ minimum: 0, maximum: 100, description: 'finished pages / pages, in percent' }),
    document_id: Nullable(Uuid()),
    document_name: Type.String(),
    error_message: Nullable(Type.String()),
    owner_id: Uuid(),
    total_pages: Type.Integer(),
    finished_pages: Type.Integer({ description: 'pages done or failed' }),
    failed_pages: Type.Integer(),
    attempts: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
    started_at: Nullable(Timestamp),
    finished_at: Nullable(Timestamp),
    duration_ms: Nullable(Type.Integer()),
};

export const JobStatus = named('JobStatus', Type.Object(jobStatusProps));
export type JobStatusWire = Static<typeof JobStatus>;

export const JobStatusGetResponse = named('JobStatusGetResponse', Type.Object(jobStatusProps));

export const JobStatusListResponse = named(
  'JobStatusListResponse',
  Type.Object({ job_statuses: Type.Array(JobStatus), total: Type.Integer(), limit: Type.Integer(), offset: Type.Integer() }),
);

export const JobStatusSummaryResponse = named(
  'JobStatusSummaryResponse',
  Type.Object({
    counts: Type.Object({
      queued: Type.Integer(),
      processing: Type.Integer(),
      done: Type.Integer(),
      error: Type.Integer(),
      cancelled: Type.Integer(),
    }),
    total: Type.Integer(),
  }),
);

export const PageRun = named(
  'PageRun',
  Type.Object({
    page_number: Type.Integer(),
    status: Type.String({ description: 'queued, running, done, error or cancelled' }),
    attempts: Type.Integer(),
    retry_count: Type.Integer(),
    worker_id: Nullable(Type.String()),
    started_at: Nullable(Timestamp),
    finished_at: Nullable(Timestamp),
    duration_ms: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    failures: Type.Array(Type.Object({ message: Type.String(), created_at: Timestamp })),
    degraded_components: Type.Array(Type.Object({ component_id: Type.String(), message: Type.String() })),
  }),
);

export const JobPageRunsResponse = named(
  'JobPageRunsResponse',
  Type.Object({
    job_status_id: Uuid(),
    total_pages: Type.Integer(),
    history_retained: Type.Boolean({
      description: 'false once task-run history is pruned; page_runs then lists only persisted failures',
    }),
    page_runs: Type.Array(PageRun),
  }),
);

export const ListJobsQuery = Type.Object({
  status: Type.Optional(StringEnum(JOB_STATES)),
  q: Type.Optional(Type.String({ maxLength: 500 })),
  ...pageQuery,
});
export type ListJobsFilters = Static<typeof ListJobsQuery>;

export const JobIdParams = Type.Object({ job_status_id: Uuid() });

export const QueueStatusQuery = Type.Object({
  tasks_offset: Type.Integer({ minimum: 0, default: 0 }),
  tasks_limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  workers_offset: Type.Integer({ minimum: 0, default: 0 }),
  workers_limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export type QueueStatusParams = Static<typeof QueueStatusQuery>;

const QueueTask = named(
  'QueueTask',
  Type.Object({
    id: Uuid(),
    job_status_id: Uuid(),
    kind: Type.String(),
    document_name: Type.String(),
    task: Type.String(),
    page_number: Nullable(Type.Integer()),
    status: Type.String(),
    queue: Type.String(),
    worker_id: Nullable(Type.String()),
    retry_count: Type.Integer(),
    created_at: Timestamp,
    started_at: Nullable(Timestamp),
  }),
);

const QueueWorker = named(
  'QueueWorker',
  Type.Object({
    id: Type.String(),
    host: Type.String(),
    pid: Type.Integer(),
    backend: Type.String(),
    queues: Type.Array(Type.String()),
    concurrency: Type.Integer(),
    current_task: Nullable(Type.String()),
    started_at: Timestamp,
    last_heartbeat: Timestamp,
    alive: Type.Boolean(),
  }),
);

export const QueueStatusResponse = named(
  'QueueStatusResponse',
  Type.Object({
    backend: Type.String(),
    backend_counts: Type.Object({ waiting: Type.Integer(), active: Type.Integer() }),
    tasks: Type.Object({ items: Type.Array(QueueTask), total: Type.Integer(), offset: Type.Integer(), limit: Type.Integer() }),
    workers: Type.Object({
      items: Type.Array(QueueWorker),
      total: Type.Integer(),
      offset: Type.Integer(),
      limit: Type.Integer(),
    }),
  }),
);
