import type { Config } from '../config.ts';
import { type RunningDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';

export type { RunningDatabase };

import type { Logger } from './logger.ts';

/**
 * DATABASE_URL (the runtime role; DATABASE_OWNER_URL too when this process migrates) when given,
 * otherwise the embedded server under PRIA_DATA_DIR, which makes and hands out both roles.
 */
export async function openDatabase(config: Config, logger: Logger): Promise<RunningDatabase> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl, stop: async () => {} };
  }
  return startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
}
