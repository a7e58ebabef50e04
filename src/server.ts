// `pagelens serve`: listen, bootstrap the first admin, then start background work: the
// maintenance tick (in every topology; a database lease picks the one process that runs the
// shared part) and, unless --no-worker, the job worker processes.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { bootstrapAdmin } from './auth/service.js';
import type { AppContext } from './context.js';
import { superviseWorkers, type Supervisor } from './jobs/supervisor.js';
import { startBackground, type Background } from './maintenance.js';

export interface ServeOptions {
  host: string;
  port: number;
  worker: boolean;
}

function printFirstStart(email: string, token: string, base: string): void {
  // The only time this token is shown; stdout, so scripts can capture it.
  process.stdout.write(
    [
      '',
      `PageLens first start: created the admin user ${email}`,
      'API token (shown once; keep it):',
      token,
      `Try: curl -H "Authorization: Bearer <token>" ${base}/api/v0/documents`,
      `Lost it? bin/pagelens tokens create ${email}`,
      '',
    ].join('\n') + '\n',
  );
}

export interface Server {
  app: FastifyInstance;
  /** Stops taking requests, then background work and worker processes. */
  close(): Promise<void>;
}

export async function serve(ctx: AppContext, options: ServeOptions): Promise<Server> {
  const app = await buildApp(ctx);
  await app.listen({ host: options.host, port: options.port });
  let boot;
  try {
    boot = await bootstrapAdmin(ctx.database.db, ctx.config.bootstrapToken);
  } catch (err) {
    await app.close();
    throw err;
  }
  if (boot) printFirstStart(boot.email, boot.token, `http://${options.host}:${options.port}`);
  const background: Background = startBackground(ctx, app.log);
  let workers: Supervisor | null = null;
  if (options.worker) {
    const entry = fileURLToPath(new URL('./main.js', import.meta.url));
    if (existsSync(entry)) workers = superviseWorkers(entry, ctx.config.workerConcurrency, app.log);
    else app.log.warn({ entry }, 'worker entry not built; no job workers started');
  }
  return {
    app,
    async close() {
      await app.close();
      await background.stop();
      await workers?.stop();
    },
  };
}
