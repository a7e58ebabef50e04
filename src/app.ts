// The Fastify app factory: error shape, request ids, auth, OpenAPI and every domain's routes.
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { registerBearerAuth } from './auth/plugin.js';
import { registerIdempotency } from './http/idempotency.js';
import { componentRoutes } from './components/routes.js';
import { maxUploadBytes, type AppContext } from './context.js';
import { documentRoutes } from './documents/routes.js';
import { jobRoutes } from './jobs/routes.js';
import { qaRoutes } from './qa/routes.js';
import { folderRoutes } from './folders/routes.js';
import { HttpError } from './http/errors.js';
import { knowledgeBaseRoutes } from './knowledge-bases/routes.js';
import { OpenApiCollector } from './http/openapi.js';
import { attachResponseSchema, checkResponses } from './http/responses.js';
import { toValidationIssues } from './http/validation.js';
import { validatorCompiler } from './http/validator.js';
import { opsRoutes } from './ops/routes.js';
import { retentionPolicyRoutes } from './retention/routes.js';
import { createMetrics } from './ops/metrics.js';
import { signingSecret } from './storage/index.js';
import { storageRoutes } from './storage/routes.js';

export const API_TITLE = 'PageLens: Document Processing and Question-Answering Service';
export const API_VERSION = '0.1.0';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export interface BuildOptions {
  logger?: boolean | { level: string };
  /** Validate every JSON reply against its route's declared schema before sending it (tests). */
  checkResponses?: boolean;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  const collector = new OpenApiCollector();
  app.addHook('onRoute', collector.onRoute);
  app.addHook('onRoute', attachResponseSchema);
  if (options.checkResponses) checkResponses(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
    }
    if (error.validation) {
      const detail = toValidationIssues(error.validation, error.validationContext ?? 'body');
      return reply.code(422).send({ detail });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ detail: `Unsupported media type: ${request.headers['content-type'] ?? 'none'}` });
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ detail: 'Request body too large' });
    }
    if (status === 400 || error.code?.startsWith('FST_ERR_CTP') === true) {
      // Malformed JSON and friends: FastAPI reports these as 422 on the body.
      return reply.code(422).send({ detail: [{ loc: ['body'], msg: error.message, type: 'json_invalid' }] });
    }
    if (status < 500) return reply.code(status).send({ detail: error.message });
    // A concurrent request deleted what this one referenced, or created the same thing first.
    const dbCode = (error as { code?: string }).code;
    if (dbCode === '23503' || dbCode === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      return reply.code(404).send({ detail: 'A referenced resource no longer exists' });
    }
    if (dbCode === '23505' || dbCode === 'SQLITE_CONSTRAINT_UNIQUE' || dbCode === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      return reply.code(409).send({ detail: 'Conflicting concurrent change; retry the request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal Server Error' });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not Found' }));

  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadMb * 1024 * 1024, files: 2, fields: 50, fieldSize: 64 * 1024, parts: 60 },
  });
  registerBearerAuth(app, ctx.database.db);
  registerIdempotency(app, ctx.database.db);
  createMetrics(app);

  await app.register(opsRoutes(ctx));
  await app.register(
    storageRoutes({ store: ctx.storage, secret: signingSecret(ctx.config), maxUploadBytes: maxUploadBytes(ctx), tmpDir: ctx.tmpDir }),
  );
  await app.register(documentRoutes(ctx));
  await app.register(jobRoutes(ctx));
  await app.register(folderRoutes(ctx));
  await app.register(knowledgeBaseRoutes(ctx));
  await app.register(retentionPolicyRoutes(ctx));
  await app.register(componentRoutes(ctx));
  await app.register(qaRoutes(ctx));

  app.get('/openapi.json', { config: { openapi: undefined } }, async () =>
    collector.document({ title: API_TITLE, version: API_VERSION }),
  );
  return app;
}
