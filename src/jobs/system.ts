// The job system of a process: the registered kinds and the configured queue backend.
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { BullmqQueue } from './bullmq.js';
import { JobKindRegistry } from './kinds.js';
import { LocalQueue } from './local.js';
import type { QueueBackend } from './queue.js';
import { processDocumentKind } from '../processing/kind.js';
import { renderPageKind } from '../processing/render-kind.js';
import { extractComponentKind } from '../processing/component-kind.js';
import { syntheticKind } from './synthetic.js';
import { answerQuestionKind } from '../qa/kind.js';
import { embedChunksKind } from '../search/embed-kind.js';

export interface JobSystem {
  kinds: JobKindRegistry;
  queue: QueueBackend;
}

/** Job kinds that records in the database may name; start-up fails if one lacks a handler. */
export const CREATABLE_KINDS = ['process_document', 'render_page', 'synthetic', 'answer_question', 'extract_component', 'embed_chunks'] as const;

export function builtinKinds(): JobKindRegistry {
  const kinds = new JobKindRegistry();
  kinds.register(processDocumentKind);
  kinds.register(renderPageKind);
  kinds.register(syntheticKind);
  kinds.register(answerQuestionKind);
  kinds.register(extractComponentKind);
  kinds.register(embedChunksKind);
  kinds.assertHandles(CREATABLE_KINDS);
  return kinds;
}

export function createQueue(config: Config, database: DatabaseHandle): QueueBackend {
  switch (config.queue) {
    case 'local':
      return new LocalQueue(database, config.workerPollMs);
    case 'bullmq':
      return new BullmqQueue(database, {
        redisUrl: config.redisUrl,
        prefix: config.bullmqPrefix,
        lockMs: config.bullmqLockMs,
      });
  }
}

export function createJobSystem(config: Config, database: DatabaseHandle, kinds = builtinKinds()): JobSystem {
  return { kinds, queue: createQueue(config, database) };
}
