import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { createSimulatorGateway, registerSimulatorRoutes } from '../gateways/payments/index.ts';
import { registerIdentityProvider } from '../idp/index.ts';
import { registerModules } from '../modules/index.ts';
import { createHttpApp, serveWebApp } from './app.ts';
import { createTokenVerifier } from './auth.ts';
import { createDb, type Db } from './db.ts';
import { openDatabase } from './database.ts';
import type { Logger } from './logger.ts';
import { access } from './http.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';

export interface Services {
  config: Config;
  db: Db;
  app: FastifyInstance;
  stop(): Promise<void>;
}

/**
 * Builds the whole server (database, migrations, identity provider, API, web app) without
 * listening; main.ts listens, tests call app.listen on a free port or use app.inject.
 */
export async function startServices(config: Config, logger: Logger): Promise<Services> {
  const database = await openDatabase(config, logger);
  const { db } = createDb(database.url, config.databasePoolSize);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');

  const app = await createHttpApp({ config, logger, verifyToken: createTokenVerifier(config.oidc) });
  app.get('/readyz', { config: access.public }, async (_req, reply) => {
    try {
      const pending = await pendingMigrations(db);
      if (pending > 0) return reply.code(503).send({ status: 'migrating', pending });
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unreachable' });
    }
  });
  if (config.oidc.builtIn) await registerIdentityProvider(app, { config, db, logger });
  // The payment processor: the simulator (its own schema, gateway_sim) until a real adapter is configured.
  const payments = await createSimulatorGateway({ db, publicUrl: config.publicUrl });
  await registerSimulatorRoutes(app, payments);
  await registerModules(app, { config, db, logger, payments });
  await serveWebApp(app);

  return {
    config,
    db,
    app,
    async stop() {
      await app.close();
      await db.destroy();
      await database.stop();
    },
  };
}
