// Liveness and readiness probes (no token needed; they reveal nothing about tenants).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { ping } from '../db/connection.js';
import { errorMessage } from '../util.js';

export function opsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => ({ status: 'ok' }));

    app.get('/readyz', async (request, reply) => {
      const checks: Record<string, string> = {};
      let ready = true;
      for (const [name, probe] of [
        ['database', () => ping(ctx.database.db)],
        ['storage', () => ctx.storage.check()],
        ['queue', () => ctx.jobs.queue.check()],
      ] as const) {
        try {
          await probe();
          checks[name] = 'ok';
        } catch (err) {
          ready = false;
          checks[name] = 'unavailable';
          request.log.warn({ err: errorMessage(err), check: name }, 'readiness check failed');
        }
      }
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    });
  };
}
