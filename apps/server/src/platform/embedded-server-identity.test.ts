import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres.ts';
import {
  assertOwnEmbeddedServer,
  ForeignServerError,
  foreignServerProblem,
  readSystemIdentifier,
} from './embedded-server-identity.ts';
import { createLogger } from './logger.ts';

/**
 * Issue 39: a second checkout whose data directory held a stale postmaster.pid joined the server
 * another checkout runs on the same default port, and its CLI made accounts there. Two data
 * directories: "theirs" runs a server; "ours" is pointed at that server's port and must refuse,
 * saying what it found, and write nothing.
 */
const logger = createLogger('silent');
const root = mkdtempSync(path.join(tmpdir(), 'pria-two-checkouts-'));
// As root, PostgreSQL runs as a 'postgres' user, who must reach the directories below.
chmodSync(root, 0o755);
const theirs = path.join(root, 'theirs', '.data');
const ours = path.join(root, 'ours', '.data');
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let port: number;
let server: EmbeddedDatabase;

beforeAll(async () => {
  port = await freePort();
  server = await startEmbeddedPostgres({ dataDir: theirs, port, logger });
  // Our checkout's directory holds a postmaster.pid left by a server that is long gone.
  mkdirSync(path.join(ours, 'pg'), { recursive: true });
  writeFileSync(
    path.join(ours, 'pg', 'postmaster.pid'),
    `999999\n${path.join(ours, 'pg')}\n1700000000\n${port}\n/tmp\n127.0.0.1\n`,
  );
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** What a writer could have changed on their server: roles, databases, tables, accounts. */
async function theirState() {
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    const q = async (text: string) => (await client.query(text)).rows;
    return {
      roles: await q('select rolname, rolsuper, rolcreaterole from pg_roles order by rolname'),
      databases: await q('select datname, datdba from pg_database order by datname'),
      tables: await q(`select table_schema, table_name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
    };
  } finally {
    await client.end();
  }
}

const refusal = () =>
  `The PostgreSQL server on port ${port} serves ${realpathSync(path.join(theirs, 'pg'))}, not this checkout's ${realpathSync(path.join(ours, 'pg'))}; set PRIA_EMBEDDED_PG_PORT to a free port for this checkout, or stop that server.`;

describe("a process of another checkout pointed at this server's port", () => {
  it('is refused with what the server serves and what it should have served; nothing is written', async () => {
    const before = await theirState();
    const joining = startEmbeddedPostgres({ dataDir: ours, port, logger });
    await expect(joining).rejects.toThrow(ForeignServerError);
    await expect(joining).rejects.toThrow(refusal());
    expect(await theirState()).toEqual(before);
    // Nor did it make a cluster of its own in the directory.
    expect(existsSync(path.join(ours, 'pg', 'PG_VERSION'))).toBe(false);
  });

  it('is the CLI too: user:create makes no account (an admin) there, and says why', async () => {
    const before = await theirState();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PRIA_DATA_DIR: ours,
      PRIA_EMBEDDED_PG_PORT: String(port),
      LOG_LEVEL: 'error',
    };
    delete env.DATABASE_URL;
    delete env.DATABASE_OWNER_URL;
    const child = spawn(
      process.execPath,
      [
        path.join(serverRoot, 'src', 'cli.ts'),
        'user:create',
        '--email',
        'intruder@pria.test',
        '--password',
        'a long passphrase 7',
        '--role',
        'admin',
      ],
      { env, cwd: root },
    );
    let err = '';
    child.stderr.on('data', (b) => {
      err += b;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err.trim()).toBe(refusal());
    // No migration ran, no role or table was made, no account written.
    expect(await theirState()).toEqual(before);
  }, 60_000);

  it('is refused when the server does not take this checkout’s superuser, saying so', async () => {
    const url = new URL(server.adminUrl);
    url.password = 'another-checkouts-password';
    await expect(
      assertOwnEmbeddedServer({ adminUrl: url.toString(), port, databaseDir: path.join(ours, 'pg') }),
    ).rejects.toThrow(
      new RegExp(
        `^The PostgreSQL server on port ${port} refused this checkout's superuser .*set PRIA_EMBEDDED_PG_PORT`,
      ),
    );
  });
});

describe('a process of the same checkout', () => {
  it('joins its own server, and leaves it running when done', async () => {
    const joined = await startEmbeddedPostgres({ dataDir: theirs, port, logger });
    await joined.stop();
    expect((await theirState()).databases.map((d) => d.datname)).toContain('pria');
  });

  it('reads from its data directory the system identifier the server reports', async () => {
    const client = new pg.Client({ connectionString: server.adminUrl });
    await client.connect();
    const { rows } = await client.query('select system_identifier::text as id from pg_control_system()');
    await client.end();
    expect(readSystemIdentifier(path.join(theirs, 'pg'))).toBe(rows[0]?.id);
    expect(readSystemIdentifier(path.join(ours, 'pg'))).toBeNull();
  });

  it('is the same directory through a symbolic link, and another cluster at the same path is refused', () => {
    const dataDirectory = path.join(theirs, 'pg');
    const link = path.join(root, 'linked');
    symlinkSync(theirs, link);
    const found = { dataDirectory, systemIdentifier: '7301234567890123456' };
    expect(
      foreignServerProblem({
        port,
        databaseDir: path.join(link, 'pg'),
        ourSystemIdentifier: '7301234567890123456',
        found,
      }),
    ).toBeNull();
    // The directory was made again (a new initdb) while the old server kept running on it.
    expect(
      foreignServerProblem({
        port,
        databaseDir: dataDirectory,
        ourSystemIdentifier: '7309999999999999999',
        found,
      }),
    ).toBe(
      `The PostgreSQL server on port ${port} serves ${realpathSync(dataDirectory)}, but not the database cluster now in it (system identifier 7301234567890123456; the directory's is 7309999999999999999): it was made again while an older server kept running; stop that server.`,
    );
  });
});
