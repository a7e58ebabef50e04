// HTTP for /api/v0/job-statuses and /api/v0/queue-status.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import * as schemas from './schemas.js';
import * as service from './service.js';

const TAGS = ['jobs'];
const FINISHED = new Set(['done', 'error', 'cancelled']);

export function jobRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  return async (app) => {
    app.get(
      '/api/v0/job-statuses',
      {
        schema: { querystring: schemas.ListJobsQuery },
        config: op({
          operationId: 'list_job_statuses',
          summary: 'Jobs visible to the caller, newest first; filter by status, search document name and error',
          tags: TAGS,
          response: schemas.JobStatusListResponse,
        }),
      },
      async (request) => service.listJobs(db, callerOf(request), request.query),
    );

    app.get(
      '/api/v0/job-statuses/summary',
      {
        config: op({
          operationId: 'job_statuses_summary',
          summary: 'Per-status counts over every job visible to the caller',
          tags: TAGS,
          response: schemas.JobStatusSummaryResponse,
        }),
      },
      async (request) => service.summary(db, callerOf(request)),
    );

    app.get(
      '/api/v0/job-statuses/:job_status_id/page-runs',
      {
        schema: { params: schemas.JobIdParams },
        config: op({
          operationId: 'job_page_runs',
          summary: 'Per-page task runs, failures and degraded components of a document job',
          tags: TAGS,
          response: schemas.JobPageRunsResponse,
        }),
      },
      async (request) => service.pageRuns(db, callerOf(request), request.params.job_status_id),
    );

    app.get(
      '/api/v0/job-statuses/:job_status_id',
      {
        schema: { params: schemas.JobIdParams },
        config: op({ operationId: 'get_job_status', summary: 'One job', tags: TAGS, response: schemas.JobStatusGetResponse }),
      },
      async (request) => service.toWire(await service.getJob(db, callerOf(request), request.params.job_status_id)),
    );

    app.post(
      '/api/v0/job-statuses/:job_status_id/cancel',
      {
        schema: { params: schemas.JobIdParams },
        config: op({
          operationId: 'cancel_job_status',
          summary: 'Cancel a queued or running job',
          tags: TAGS,
          response: schemas.JobStatusGetResponse,
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const job = await inTransaction(db, (uow) => service.cancelJob(uow, caller, request.params.job_status_id, ctx.jobs.queue));
        return service.toWire(job);
      },
    );

    // Server-sent events: the job record each time it changes, until it finishes.
    app.get(
      '/api/v0/job-statuses/:job_status_id/events',
      {
        schema: { params: schemas.JobIdParams },
        config: op({
          operationId: 'job_status_events',
          summary: 'Server-sent events with the job record on every change, ending when it finishes',
          tags: TAGS,
          response: 'text',
        }),
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const id = request.params.job_status_id;
        let job = await service.getJob(db, caller, id);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
          'x-request-id': request.id,
        });
        let closed = false;
        request.raw.on('close', () => {
          closed = true;
        });
        let last = '';
        while (!closed) {
          const body = JSON.stringify(service.toWire(job));
          if (body !== last) {
            res.write(`event: status\ndata: ${body}\n\n`);
            last = body;
          }
          if (FINISHED.has(job.status)) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
          const next = await service.reloadJob(db, id);
          if (!next) break;
          job = next;
        }
        res.end();
      },
    );

    app.get(
      '/api/v0/queue-status',
      {
        schema: { querystring: schemas.QueueStatusQuery },
        config: op({
          operationId: 'queue_status',
          summary: 'Queued and running task runs (of jobs visible to the caller) and the workers',
          tags: TAGS,
          response: schemas.QueueStatusResponse,
        }),
      },
      async (request) => service.queueStatus(db, callerOf(request), request.query, ctx.jobs.queue, ctx.config),
    );
  };
}
