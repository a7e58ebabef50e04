// What route plugins and jobs are built from: settings, database, blob store.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import type { BlobDeleter } from './documents/service.js';
import { createJobSystem, type JobSystem } from './jobs/system.js';
import type { BlobStore } from './storage/blob-store.js';
import { runBlobDeletion } from './storage/gc.js';

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: BlobStore;
  jobs: JobSystem;
  tmpDir: string;
}

export function createContext(config: Config, database: DatabaseHandle, storage: BlobStore): AppContext {
  return {
    config,
    database,
    storage,
    jobs: createJobSystem(config, database),
    tmpDir: path.join(config.dataDir, 'tmp'),
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
