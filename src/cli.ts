// `pagelens`: serve, migrate, users, tokens, embeddings, retention, fsck, config. Results go to stdout, messages to stderr.
import { Command, InvalidArgumentError } from 'commander';
import { checkTopology, ConfigError, configWarnings, describeConfig, loadConfig, type Config } from './config.js';
import { closeRuntime, openRuntime } from './runtime.js';
import { AuthRuleError, createToken, createUser, listTokens, revokeToken } from './auth/service.js';
import { sweepExpired, type SweepLog } from './retention/sweeper.js';
import { queueMissingEmbeddings } from './search/embed-kind.js';
import { processFile } from './cli/process.js';
import { fsckCommand } from './cli/fsck.js';
import { serve } from './server.js';
import { pino } from 'pino';
import type { QueueName } from './jobs/kinds.js';
import { startJobWorker } from './jobs/runner.js';
import { startBackground } from './maintenance.js';
import { errorMessage } from './util.js';
import type { AppContext } from './context.js';

const say = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

/** The settings of a long-running process: refused when they cannot work, warned when half-set. */
function processConfig(): Config {
  for (const warning of configWarnings()) say(`warning: ${warning}`);
  const config = loadConfig();
  checkTopology(config);
  return config;
}

/** Closes what a failed start opened, then lets the error end the process. */
async function closeOnFailure<T>(ctx: AppContext, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    await closeRuntime(ctx).catch(() => undefined);
    throw err;
  }
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number of seconds');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number');
  return n;
}

/** Runs fn with an opened (and migrated) runtime, closing it afterwards. */
async function withRuntime<T>(fn: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await openRuntime();
  try {
    return await fn(ctx);
  } finally {
    await closeRuntime(ctx);
  }
}

export function buildCli(): Command {
  const program = new Command('pagelens')
    .description('PageLens document processing and question-answering service')
    .showHelpAfterError();

  program
    .command('serve')
    .description('migrate the database and start the API (with background workers unless --no-worker)')
    .option('--host <host>', 'address to listen on (default PAGELENS_HOST or 127.0.0.1)')
    .option('--port <port>', 'port to listen on (default PAGELENS_PORT or 8000)', port)
    .option('--no-worker', 'do not run background workers in this process')
    .action(async (opts: { host?: string; port?: number; worker: boolean }) => {
      const config = processConfig();
      const host = opts.host ?? config.host;
      const listenPort = opts.port ?? config.port;
      const ctx = await openRuntime({
        ...config,
        host,
        port: listenPort,
        publicUrl: process.env.PAGELENS_PUBLIC_URL ? config.publicUrl : `http://${host}:${listenPort}`,
      });
      const server = await closeOnFailure(ctx, () => serve(ctx, { host, port: listenPort, worker: opts.worker }));
      const shutdown = (signal: string): void => {
        server.app.log.info({ signal }, 'shutting down');
        void server.close().then(() => closeRuntime(ctx)).then(() => process.exit(0));
      };
      process.once('SIGINT', () => shutdown('SIGINT'));
      process.once('SIGTERM', () => shutdown('SIGTERM'));
    });

  program
    .command('migrate')
    .description('apply database migrations')
    .action(async () => {
      await withRuntime(async () => undefined);
      say('database is up to date');
    });

  const users = program.command('users').description('manage users');
  users
    .command('create <email>')
    .description('create a user (and its organization when it does not exist)')
    .option('--org <name>', 'organization name', 'default')
    .option('--admin', 'make the user an organization admin', false)
    .action(async (email: string, opts: { org: string; admin: boolean }) => {
      const created = await withRuntime((ctx) =>
        ctx.database.db.transaction().execute((trx) => createUser(trx, email, { organization: opts.org, admin: opts.admin })),
      );
      if (created.organizationCreated) say(`created organization ${created.organizationName}`);
      say(`created user ${created.email}${opts.admin ? ' (admin)' : ''} in ${created.organizationName}`);
      process.stdout.write(`${created.id}\n`);
    });

  const tokens = program.command('tokens').description('manage API tokens');
  tokens
    .command('create <email>')
    .description('create an API token; prints only the token on stdout')
    .option('--name <name>', 'a label for the token', 'cli')
    .option('--expires-days <n>', 'days until the token expires', positiveInt)
    .action(async (email: string, opts: { name: string; expiresDays?: number }) => {
      const created = await withRuntime((ctx) =>
        createToken(ctx.database.db, email, {
          name: opts.name,
          ...(opts.expiresDays !== undefined ? { expiresDays: opts.expiresDays } : {}),
        }),
      );
      say(`token ${created.id} for ${email}${created.expiresAt ? `, expires ${created.expiresAt}` : ''}`);
      process.stdout.write(`${created.token}\n`);
    });
  tokens
    .command('revoke <token-or-id>')
    .description('revoke a token by its id or its value')
    .action(async (idOrToken: string) => {
      const ok = await withRuntime((ctx) => revokeToken(ctx.database.db, idOrToken));
      if (!ok) throw new AuthRuleError('no active token matches');
      say('revoked');
    });
  tokens
    .command('list <email>')
    .description("list a user's tokens (never their values)")
    .action(async (email: string) => {
      const rows = await withRuntime((ctx) => listTokens(ctx.database.db, email));
      process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    });

  const embeddings = program.command('embeddings').description('semantic search vectors (PAGELENS_EMBEDDINGS_*)');
  embeddings
    .command('backfill')
    .description('queue the embedding of every document whose chunks lack vectors of the configured model; prints the job ids')
    .action(async () => {
      const jobs = await withRuntime(async (ctx) => {
        if (!ctx.config.embeddings.enabled) throw new ConfigError('embeddings are not configured (set PAGELENS_EMBEDDINGS_MODEL)');
        return queueMissingEmbeddings(ctx);
      });
      say(`queued ${jobs.length} embedding job(s); workers on the models queue run them`);
      process.stdout.write(`${JSON.stringify({ job_status_ids: jobs }, null, 2)}\n`);
    });

  const retention = program.command('retention').description('document retention');
  retention
    .command('sweep')
    .description('delete every document whose retention expired now; prints a JSON summary')
    .action(async () => {
      const log: SweepLog = {
        info: (obj, msg) => say(`${msg} ${JSON.stringify(obj)}`),
        warn: (obj, msg) => say(`warning: ${msg} ${JSON.stringify(obj)}`),
      };
      const summary = await withRuntime((ctx) => sweepExpired(ctx, new Date(), log));
      say(`deleted ${summary.deleted.length} document(s), ${summary.blobs} blob(s)`);
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    });

  program
    .command('fsck')
    .description('check the blob store against the database: orphan blobs, dangling records, crash leftovers; exit 0 clean, 1 problems, 2 error')
    .option('--repair', 'delete orphans and leftovers, run queued deletions, mark dangling records (docs/operations.md)', false)
    .option('--min-age <seconds>', 'count only what is older than this (0: everything; only with every process stopped)', seconds, 3600)
    .action(async (opts: { repair: boolean; minAge: number }) => {
      process.exitCode = await fsckCommand({ repair: opts.repair, minAgeSeconds: opts.minAge }, say);
    });

  program
    .command('worker')
    .description('run a job worker (PAGELENS_QUEUE selects the local database queue or BullMQ)')
    .option('--concurrency <n>', 'task runs at a time in this process (default PAGELENS_WORKER_CONCURRENCY)', positiveInt)
    .option('--queues <names>', 'comma-separated queues to take work from', 'cpu,models')
    .action(async (opts: { concurrency?: number; queues: string }) => {
      const queues = opts.queues.split(',').map((q) => q.trim());
      const valid = queues.filter((q): q is QueueName => q === 'cpu' || q === 'models');
      if (valid.length !== queues.length || valid.length === 0) throw new InvalidArgumentError('--queues takes cpu and/or models');
      const ctx = await openRuntime(processConfig());
      const log = pino({ level: ctx.config.logLevel });
      const worker = await closeOnFailure(ctx, () =>
        startJobWorker(ctx, log, {
          queues: valid,
          ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
        }),
      );
      // Workers forked by `serve` leave maintenance to it; a standalone worker takes its turn.
      const background = process.send ? null : startBackground(ctx, log);
      const shutdown = (): void => {
        void Promise.all([worker.stop(), background?.stop()])
          .then(() => closeRuntime(ctx))
          .then(() => process.exit(0));
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
      // Forked by `serve`: when the parent goes away (even by kill -9), go with it.
      if (process.send) process.once('disconnect', shutdown);
    });

  program
    .command('process <file>')
    .description('upload a file to a running server, show progress per page, then print a summary')
    .option('--url <url>', 'server base URL (default PAGELENS_URL or http://127.0.0.1:8000)')
    .option('--token <token>', 'API token (default PAGELENS_TOKEN)')
    .option('--name <name>', 'document name (default: the file name)')
    .option('--tags <tags>', 'comma-separated tags')
    .action(async (file: string, opts: { url?: string; token?: string; name?: string; tags?: string }) => {
      const token = opts.token ?? process.env.PAGELENS_TOKEN;
      if (!token) throw new AuthRuleError('give --token or set PAGELENS_TOKEN');
      const summary = await processFile(file, {
        url: opts.url ?? process.env.PAGELENS_URL ?? 'http://127.0.0.1:8000',
        token,
        ...(opts.name ? { name: opts.name } : {}),
        ...(opts.tags ? { tags: opts.tags } : {}),
      });
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      if (summary.status !== 'done') process.exitCode = 1;
    });

  program
    .command('config')
    .description('print the effective settings (secrets masked)')
    .action(() => {
      process.stdout.write(`${JSON.stringify(describeConfig(loadConfig()), null, 2)}\n`);
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (err) {
    // Exit now: a connection a failed start left open (Redis, a pool) must not keep a process
    // alive that a service manager believes is serving.
    if (err instanceof ConfigError || err instanceof AuthRuleError) {
      say(`error: ${err.message}`);
      process.exit(2);
    }
    say(`error: ${errorMessage(err)}`);
    process.exit(1);
  }
}
