// What route plugins and job steps are built from: settings, database, blob store, engines,
// extractors and the job system. Built by the composition root (src/runtime.ts), which also
// registers the job kinds (src/job-kinds.ts); nothing here reaches for a process-wide singleton.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { runBlobDeletion } from './documents/blob-deletions.js';
import type { BlobDeleter } from './documents/service.js';
import type { ExtractorRegistry } from './extractors/registry.js';
import { createQueue, type JobSystem } from './jobs/system.js';
import type { JobKindRegistry } from './jobs/kinds.js';
import type { Engines } from './providers/engines.js';
import type { BlobStore } from './storage/blob-store.js';

/**
 * The ports a job step gets: settings, database, blob store, the OCR/model/embeddings engines,
 * the component extractors and the job system (to queue follow-up jobs).
 */
export interface StepPorts {
  config: Config;
  database: DatabaseHandle;
  storage: BlobStore;
  engines: Engines;
  extractors: ExtractorRegistry;
  jobs: JobSystem<StepPorts>;
  tmpDir: string;
}

/** Routes get the same ports as steps. */
export type AppContext = StepPorts;

export interface ContextParts {
  config: Config;
  database: DatabaseHandle;
  storage: BlobStore;
  engines: Engines;
  extractors: ExtractorRegistry;
  kinds: JobKindRegistry<StepPorts>;
}

export function createContext(parts: ContextParts): AppContext {
  return {
    config: parts.config,
    database: parts.database,
    storage: parts.storage,
    engines: parts.engines,
    extractors: parts.extractors,
    jobs: { kinds: parts.kinds, queue: createQueue(parts.config, parts.database) },
    tmpDir: path.join(parts.config.dataDir, 'tmp'),
  };
}

export const maxUploadBytes = (ctx: AppContext): number => ctx.config.maxUploadMb * 1024 * 1024;

/** Deletes a committed blob prefix now; a failure is logged and left to the sweeper's retry. */
export function blobDeleter(ctx: AppContext, log: FastifyBaseLogger): BlobDeleter {
  return async (outboxId, prefix) => {
    try {
      const n = await runBlobDeletion(ctx.database.db, ctx.storage, outboxId, prefix);
      log.info({ prefix, blobs: n }, 'deleted blobs');
    } catch (err) {
      log.warn({ err, prefix }, 'blob deletion failed; the sweeper will retry');
    }
  };
}
