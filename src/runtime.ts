// Opens everything a process needs (config, migrated database, blob store) and closes it again.
import { loadConfig, type Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { closeHelperOcr } from './processing/helper-ocr.js';
import { closeOcrEngine } from './processing/ocr.js';
import { createBlobStore } from './storage/index.js';

export async function openRuntime(config: Config = loadConfig(), options: { migrate?: boolean } = {}): Promise<AppContext> {
  const database = openDatabase(config.databaseUrl);
  try {
    if (options.migrate !== false) await migrateToLatest(database.db);
    return createContext(config, database, createBlobStore(config));
  } catch (err) {
    await database.close();
    throw err;
  }
}

export async function closeRuntime(ctx: AppContext): Promise<void> {
  await closeOcrEngine();
  await closeHelperOcr();
  await ctx.jobs.queue.close();
  await ctx.database.close();
}
