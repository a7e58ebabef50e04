// The job system of a process: the registered kinds and the configured queue backend. The kinds
// are registered by the composition root (src/job-kinds.ts); this module knows none of them.
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { BullmqQueue } from './bullmq.js';
import type { JobKindRegistry } from './kinds.js';
import { LocalQueue } from './local.js';
import type { QueueBackend } from './queue.js';

export interface JobSystem<Ports = unknown> {
  kinds: JobKindRegistry<Ports>;
  queue: QueueBackend;
}

export type QueueSettings = Pick<Config, 'queue' | 'workerPollMs' | 'redisUrl' | 'bullmqPrefix' | 'bullmqLockMs' | 'redisTimeoutMs'>;

export function createQueue(config: QueueSettings, database: DatabaseHandle): QueueBackend {
  switch (config.queue) {
    case 'local':
      return new LocalQueue(database, config.workerPollMs);
    case 'bullmq':
      return new BullmqQueue(database, {
        redisUrl: config.redisUrl,
        prefix: config.bullmqPrefix,
        lockMs: config.bullmqLockMs,
        timeoutMs: config.redisTimeoutMs,
      });
  }
}
