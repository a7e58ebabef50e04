// The composition root: opens everything a process needs (config, migrated database, blob store,
// engines, extractors, job kinds) and closes it again.
import { loadConfig, type Config } from './config.js';
import { createContext, type AppContext } from './context.js';
import { openDatabase } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { createExtractors } from './extractors/index.js';
import { jobKinds } from './job-kinds.js';
import { createEngines, type Engines } from './providers/engines.js';
import { createBlobStore } from './storage/index.js';

export interface RuntimeOptions {
  migrate?: boolean;
  /** Engines to use instead of those the settings describe (tests give fakes). */
  engines?: Engines;
}

export async function openRuntime(config: Config = loadConfig(), options: RuntimeOptions = {}): Promise<AppContext> {
  const database = openDatabase(config.databaseUrl);
  try {
    if (options.migrate !== false) await migrateToLatest(database.db);
    return createContext({
      config,
      database,
      storage: createBlobStore(config),
      engines: options.engines ?? createEngines(config),
      extractors: createExtractors(),
      kinds: jobKinds(),
    });
  } catch (err) {
    await database.close();
    throw err;
  }
}

export async function closeRuntime(ctx: AppContext): Promise<void> {
  await ctx.engines.close();
  await ctx.jobs.queue.close();
  await ctx.database.close();
}
