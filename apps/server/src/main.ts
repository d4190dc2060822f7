import { type Config, ConfigError, loadConfig } from './config.ts';
import { ForeignServerError } from './platform/embedded-server-identity.ts';
import { createLogger } from './platform/logger.ts';
import { startServices } from './services.ts';

/** Composition root: config -> database -> modules -> HTTP. Ctrl-C stops everything cleanly. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = createLogger(config.logLevel);
  const services = await startServices(config, logger);
  if (config.role === 'worker') {
    logger.info('Pria worker is running (jobs only, no HTTP)');
  } else {
    await services.app.listen({ port: config.port, host: config.host });
    logger.info(`Pria is running on ${config.publicUrl}`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await services.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  // Another checkout's PostgreSQL on the port: what it serves, in one sentence (issue 39).
  console.error(err instanceof ForeignServerError ? err.message : err);
  process.exit(1);
});
