// Builds a real app over a real database (a fresh SQLite file, or a fresh schema in the local
// PostgreSQL `test` database) and a real blob store in a temp dir. One per test file or suite.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { createToken, createUser } from '../../src/auth/service.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { closeRuntime, openRuntime } from '../../src/runtime.js';
import { createBlobStore } from '../../src/storage/index.js';

export type DbKind = 'sqlite' | 'postgres';

/** Both by default; PAGELENS_TEST_DATABASES=sqlite narrows a local run. */
export const DB_KINDS: DbKind[] = (process.env.PAGELENS_TEST_DATABASES ?? 'sqlite,postgres')
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is DbKind => s === 'sqlite' || s === 'postgres');

export const POSTGRES_URL = process.env.PAGELENS_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  organizationId: string;
  auth: { authorization: string };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  kind: DbKind;
  /** Where the app listens (and PAGELENS_PUBLIC_URL), when started with { listen: true }. */
  baseUrl: string | null;
  user(email: string, options?: { org?: string; admin?: boolean }): Promise<TestUser>;
  close(): Promise<void>;
}

async function createSchema(): Promise<string> {
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`create schema ${schema}`);
  } finally {
    await client.end();
  }
  return schema;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

export interface TestAppOptions {
  /** Listen on a free local port that is also PAGELENS_PUBLIC_URL, so signed local URLs work with fetch. */
  listen?: boolean;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startTestApp(kind: DbKind, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pagelens-test-'));
  let schema: string | null = null;
  let databaseUrl = `sqlite:${path.join(dataDir, 'pagelens.db')}`;
  if (kind === 'postgres') {
    schema = await createSchema();
    databaseUrl = `${POSTGRES_URL}?schema=${schema}`;
  }
  const port = options.listen ? await freePort() : null;
  const fullEnv = {
    PAGELENS_DATA_DIR: dataDir,
    PAGELENS_DATABASE_URL: databaseUrl,
    PAGELENS_LOG_LEVEL: 'silent',
    PAGELENS_PUBLIC_URL: port === null ? 'http://127.0.0.1:1' : `http://127.0.0.1:${port}`,
    PATH: process.env.PATH ?? '',
    ...env,
  };
  const config = loadConfig(fullEnv);
  const ctx = await openRuntime(config);
  // The store reads S3 credentials from the environment it is given: the test's, not process.env.
  ctx.storage = createBlobStore(config, fullEnv);
  const app = await buildApp(ctx, { logger: false, checkResponses: true });
  await app.ready();
  if (port !== null) await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    ctx,
    dataDir,
    kind,
    baseUrl: port === null ? null : `http://127.0.0.1:${port}`,
    async user(email, options = {}) {
      const created = await createUser(ctx.database.db, email, {
        organization: options.org ?? 'acme',
        admin: options.admin ?? false,
      });
      const { token } = await createToken(ctx.database.db, email, { name: 'test' });
      return {
        id: created.id,
        email: created.email,
        token,
        organizationId: created.organizationId,
        auth: { authorization: `Bearer ${token}` },
      };
    },
    async close() {
      await app.close();
      await closeRuntime(ctx);
      if (schema) await dropSchema(schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
