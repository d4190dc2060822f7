import type { Config } from '../config.ts';
import { type RunningDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';
import type { Logger } from './logger.ts';

/** DATABASE_URL when given, otherwise the embedded server under PRIA_DATA_DIR. */
export async function openDatabase(config: Config, logger: Logger): Promise<RunningDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
}
