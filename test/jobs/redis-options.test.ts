// The Redis URL is read by ioredis: TLS for rediss://, credentials, database and query options.
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { redisOptions } from '../../src/jobs/bullmq.js';

describe('redisOptions', () => {
  it('asks for TLS with rediss:// and keeps the credentials, database and query options', () => {
    const o = redisOptions('rediss://worker:p%40ss@redis.example.com:6380/3?family=6');
    expect(o.tls).toBeTruthy();
    expect(o).toMatchObject({ host: 'redis.example.com', port: 6380, db: 3, username: 'worker', password: 'p@ss', family: 6 });
    expect(o.maxRetriesPerRequest).toBeNull(); // BullMQ workers need it
    expect(o.lazyConnect).toBeUndefined(); // BullMQ's connections connect (and reconnect) by themselves
  });

  it('uses no TLS with redis:// and takes the defaults for what the URL leaves out', () => {
    const o = redisOptions('redis://:secret@127.0.0.1');
    expect(o.tls).toBeUndefined();
    expect(o).toMatchObject({ host: '127.0.0.1', port: 6379, db: 0, password: 'secret' });
  });

  it('connects to the real Redis with what it reads', async () => {
    const client = new Redis({ ...redisOptions('redis://127.0.0.1:6379/0'), lazyConnect: true });
    try {
      await client.connect();
      expect(await client.ping()).toBe('PONG');
    } finally {
      client.disconnect();
    }
  });
});
