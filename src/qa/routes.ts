// HTTP for /api/v0/threads and /api/v0/questions (one domain: a question lives in a thread).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callerOf } from '../auth/plugin.js';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/tx.js';
import { op } from '../http/openapi.js';
import * as schemas from './schemas.js';
import * as service from './service.js';

export function qaRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx.database;
  const deps = { storage: ctx.storage, signedUrlTtlSeconds: ctx.config.signedUrlTtlSeconds };
  const THREADS = ['threads'];

  return async (app) => {
    app.post(
      '/api/v0/threads',
      {
        schema: { body: schemas.ThreadCreateRequest },
        config: op({ operationId: 'create_thread', summary: 'Create a thread (owned by the caller)', tags: THREADS, response: schemas.Thread, body: { kind: 'json', schema: schemas.ThreadCreateRequest } }),
      },
      async (request) => {
        const caller = callerOf(request);
        const thread = await inTransaction(db, (uow) => service.createThread(uow, caller, request.body.name));
        return service.threadToWire(db, caller, deps, thread);
      },
    );

    app.get(
      '/api/v0/threads',
      {
        schema: { querystring: schemas.ListThreadsQuery },
        config: op({ operationId: 'list_threads', summary: "The caller's own threads, most recently active first", tags: THREADS, response: schemas.ThreadListResponse }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { limit, offset } = request.query;
        const { rows, total } = await service.listThreads(db, caller, limit, offset);
        return { threads: rows.map(service.threadSummary), total, limit, offset };
      },
    );

    app.get(
      '/api/v0/threads/:thread_id',
      {
        schema: { params: schemas.ThreadIdParams },
        config: op({ operationId: 'get_thread', summary: 'A thread with its questions in order; owner only', tags: THREADS, response: schemas.Thread }),
      },
      async (request) => {
        const caller = callerOf(request);
        return service.threadToWire(db, caller, deps, await service.getThread(db, caller, request.params.thread_id));
      },
    );

    app.put(
      '/api/v0/threads/:thread_id',
      {
        schema: { params: schemas.ThreadIdParams, body: schemas.ThreadUpdateRequest },
        config: op({ operationId: 'rename_thread', summary: 'Rename a thread', tags: THREADS, response: schemas.Thread, body: { kind: 'json', schema: schemas.ThreadUpdateRequest } }),
      },
      async (request) => {
        const caller = callerOf(request);
        const thread = await inTransaction(db, (uow) => service.renameThread(uow, caller, request.params.thread_id, request.body.name));
        return service.threadToWire(db, caller, deps, thread);
      },
    );

    app.delete(
      '/api/v0/threads/:thread_id',
      {
        schema: { params: schemas.ThreadIdParams },
        config: op({ operationId: 'delete_thread', summary: 'Delete a thread, its questions and evidences; running answers are cancelled', tags: THREADS, response: schemas.ThreadDeleteResponse }),
      },
      async (request) => {
        const caller = callerOf(request);
        const id = request.params.thread_id;
        await inTransaction(db, (uow) => service.deleteThread(uow, caller, id, ctx.jobs));
        return { thread_id: id, deleted: true };
      },
    );

    app.post(
      '/api/v0/threads/:thread_id/questions',
      {
        schema: { params: schemas.ThreadIdParams, body: schemas.QuestionCreateRequest },
        config: op({
          operationId: 'ask_question',
          summary: 'Ask a question over documents (ids, a knowledge base or a folder); answered by a job',
          tags: THREADS,
          response: schemas.QuestionPostResponse,
          body: { kind: 'json', schema: schemas.QuestionCreateRequest },
        }),
      },
      async (request) => {
        const caller = callerOf(request);
        const { question, jobId } = await inTransaction(db, (uow) =>
          service.askQuestion(uow, caller, request.params.thread_id, request.body, { config: ctx.config, jobs: ctx.jobs }),
        );
        const [wire] = await service.questionsToWire(db, caller, deps, [question]);
        if (!wire) throw new Error('unreachable: question without wire form');
        return { question: wire, job_status_id: jobId };
      },
    );

    app.get(
      '/api/v0/questions/:question_id',
      {
        schema: { params: schemas.QuestionIdParams },
        config: op({ operationId: 'get_question', summary: 'A question with its plan, evidences and final answer; owner only', tags: ['questions'], response: schemas.Question }),
      },
      async (request) => {
        const caller = callerOf(request);
        const [wire] = await service.questionsToWire(db, caller, deps, [await service.getQuestion(db, caller, request.params.question_id)]);
        return wire;
      },
    );
  };
}
