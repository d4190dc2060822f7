import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import type { Logger } from '../platform/logger.ts';
import { registerCustomerRoutes } from './customers/index.ts';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes.ts';
import { registerGeographyRoutes } from './geography/index.ts';
import { registerPlanRoutes } from './plans/index.ts';
import { registerSupportRoutes } from './support/index.ts';

export interface ModuleDeps {
  config: Config;
  db: Db;
  logger: Logger;
}

/** Every domain module's routes, under /api/v1. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(
    async (api) => {
      await registerCustomerRoutes(api, deps);
      await registerSupportRoutes(api, deps);
      await registerGeographyRoutes(api);
      await registerPlanRoutes(api, deps);
    },
    { prefix: '/api/v1' },
  );
  if (deps.config.devOutbox) await app.register(async (dev) => devOutboxRoutes(dev, deps));
}
