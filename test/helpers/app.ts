// Builds a real app over a real database (a fresh SQLite file, or a fresh schema in the local
// PostgreSQL `test` database) and a real blob store in a temp dir. One per test file or suite.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { createToken, createUser } from '../../src/auth/service.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { closeRuntime, openRuntime } from '../../src/runtime.js';

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

export async function startTestApp(kind: DbKind, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pagelens-test-'));
  let schema: string | null = null;
  let databaseUrl = `sqlite:${path.join(dataDir, 'pagelens.db')}`;
  if (kind === 'postgres') {
    schema = await createSchema();
    databaseUrl = `${POSTGRES_URL}?schema=${schema}`;
  }
  const config = loadConfig({
    PAGELENS_DATA_DIR: dataDir,
    PAGELENS_DATABASE_URL: databaseUrl,
    PAGELENS_LOG_LEVEL: 'silent',
    PAGELENS_PUBLIC_URL: 'http://127.0.0.1:1',
    PATH: process.env.PATH ?? '',
    ...env,
  });
  const ctx = await openRuntime(config);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    dataDir,
    kind,
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
