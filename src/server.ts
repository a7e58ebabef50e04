// `pagelens serve`: migrate, bootstrap the first admin, start background work and listen.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { bootstrapAdmin } from './auth/service.js';
import type { AppContext } from './context.js';
import { startBackground, type Background } from './worker.js';

export interface ServeOptions {
  host: string;
  port: number;
  worker: boolean;
}

export async function serve(ctx: AppContext, options: ServeOptions): Promise<FastifyInstance> {
  const app = await buildApp(ctx);
  const boot = await bootstrapAdmin(ctx.database.db, ctx.config.bootstrapToken);
  if (boot) {
    // First start: the only time this token is shown. stdout, so scripts can capture it.
    process.stdout.write(
      [
        '',
        'PageLens first start: created the admin user ' + boot.email,
        'API token (shown once; keep it): ',
        boot.token,
        'Try: curl -H "Authorization: Bearer <token>" http://' + `${options.host}:${options.port}/api/v0/documents`,
        'Lost it? bin/pagelens tokens create ' + boot.email,
        '',
      ].join('\n') + '\n',
    );
  }
  let background: Background | null = null;
  if (options.worker) background = startBackground(ctx, app.log);
  app.addHook('onClose', async () => {
    await background?.stop();
  });
  await app.listen({ host: options.host, port: options.port });
  return app;
}
