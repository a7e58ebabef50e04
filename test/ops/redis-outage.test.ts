// An unreachable Redis (BullMQ backend, PostgreSQL): readiness says so, an upload answers at once
// and is sent from the outbox once Redis is back, a worker fails to start instead of hanging, and
// a worker handed a task its database does not know says so and leaves it for another worker.
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue } from '../../src/jobs/system.js';
import { reconcile } from '../../src/jobs/reconciler.js';
import { redisOptions } from '../../src/jobs/bullmq.js';
import { startJobWorker } from '../../src/jobs/runner.js';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { queueEnv, silentLog, waitFor } from '../jobs/helpers.js';

const REDIS_URL = process.env.PAGELENS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const kinds = DB_KINDS.filter((k) => k === 'postgres');

describe.runIf(kinds.length > 0)('Redis unreachable (postgres, bullmq)', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp('postgres', queueEnv('bullmq', { PAGELENS_REDIS_URL: 'redis://127.0.0.1:1', PAGELENS_REDIS_TIMEOUT_MS: '500' }));
    user = await t.user('redis.down@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the queue as unavailable in /readyz', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', storage: 'ok', queue: 'unavailable' } });
  });

  it('answers an upload without waiting for Redis and sends it from the outbox later', async () => {
    const body = multipart({}, [{ filename: 'a.txt', content: Buffer.from('outbox test\n'), contentType: 'text/plain' }]);
    const started = Date.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/v0/documents', headers: { ...user.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(20_000); // a bound, not a timing: it hung before
    const jobId = res.json<{ job_status_id: string }>().job_status_id;
    const runs = () => t.ctx.database.db.selectFrom('task_runs').selectAll().where('job_id', '=', jobId).execute();
    expect((await runs()).map((r) => r.dispatched_at)).toEqual([null]);
    // Redis is back (a queue on the real server, same prefix): the reconciler hands the run over.
    const healthy = createQueue({ ...t.ctx.config, redisUrl: REDIS_URL }, t.ctx.database);
    try {
      await t.ctx.database.db.updateTable('task_runs').set({ available_at: new Date(Date.now() - 10_000).toISOString() }).where('job_id', '=', jobId).execute();
      const report = await reconcile(t.ctx.database.db, t.ctx.config, healthy);
      expect(report.redispatched).toBeGreaterThanOrEqual(1);
      expect((await runs())[0]?.dispatched_at).not.toBeNull();
      expect((await healthy.inspect()).waiting).toBeGreaterThanOrEqual(1);
    } finally {
      await healthy.close();
    }
  });

  it('fails to start a worker within the Redis timeout instead of hanging', async () => {
    // A clean error naming Redis and why (vitest also fails the file on any unhandled rejection).
    await expect(startJobWorker(t.ctx, silentLog, { concurrency: 1 })).rejects.toThrow(/Redis at redis:\/\/127\.0\.0\.1:1 is unreachable: .*ECONNREFUSED/);
  });
});

/** A port nothing listens on (yet). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

describe.runIf(kinds.length > 0)('Redis that comes back (postgres, bullmq)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('postgres', queueEnv('bullmq', { PAGELENS_REDIS_TIMEOUT_MS: '500' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('is used again by a queue that started while it was away', async () => {
    const port = await freePort();
    const queue = createQueue({ ...t.ctx.config, redisUrl: `redis://127.0.0.1:${port}` }, t.ctx.database);
    let server: ReturnType<typeof spawn> | undefined;
    try {
      await expect(queue.check()).rejects.toThrow(/Redis did not answer|Connection is closed/);
      // Redis starts only now: the queue's connections reconnect by themselves.
      server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      const ok = await waitFor(
        () => queue.check().then(() => true, () => false),
        (up) => up,
        20_000,
      );
      expect(ok).toBe(true);
    } finally {
      await queue.close();
      server?.kill('SIGKILL');
    }
  });
});

describe.runIf(kinds.length > 0)('a task run this database does not know (postgres, bullmq)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp('postgres', queueEnv('bullmq', { PAGELENS_REDISPATCH_AFTER_S: '5' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('is logged as an error and left in Redis for another worker', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const foreign = new Queue('cpu', { connection: redisOptions(REDIS_URL), prefix: t.ctx.config.bullmqPrefix });
    const worker = await startJobWorker(t.ctx, log, { concurrency: 1, queues: ['cpu'] });
    try {
      const job = await foreign.add('task', { taskRunId: '00000000-0000-4000-8000-000000000000' }, { jobId: 'foreign-1' });
      await waitFor(async () => lines.join(''), (text) => /does not know/.test(text), 15_000);
      const state = await waitFor(() => job.getState(), (s) => s === 'delayed' || s === 'waiting', 10_000);
      expect(['delayed', 'waiting']).toContain(state);
      expect(await foreign.getJob('foreign-1')).toBeDefined();
      expect(lines.join('')).toMatch(/PAGELENS_DATABASE_URL/);
    } finally {
      await worker.stop();
      await foreign.obliterate({ force: true }).catch(() => undefined);
      await foreign.close();
    }
  });

  it('takes the redispatch interval from PAGELENS_REDISPATCH_AFTER_S', () => {
    expect(t.ctx.config.redispatchAfterSeconds).toBe(5);
  });
});
