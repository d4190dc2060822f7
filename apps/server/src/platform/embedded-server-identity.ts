import { readFileSync, realpathSync } from 'node:fs';
import { endianness } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Whether the PostgreSQL server answering on the embedded port is this checkout's (issue 39): a
 * second clone whose data directory held a stale `postmaster.pid` found another clone's server on
 * the default port (every checkout's superuser is the same), joined it, and made its accounts
 * there, admins included. A process now joins only a server that serves this checkout's data
 * directory (`SHOW data_directory`) and the database cluster in it now (the system identifier
 * initdb wrote to `global/pg_control`), and says what it found otherwise. Read-only: the check
 * writes nothing, on either server.
 */
export class ForeignServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForeignServerError';
  }
}

export interface ServerFound {
  dataDirectory: string;
  systemIdentifier: string;
}

const advice = 'set PRIA_EMBEDDED_PG_PORT to a free port for this checkout, or stop that server';

/** A directory as the file system resolves it (symbolic links followed), or as given when unreadable. */
function resolved(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

/**
 * The cluster's system identifier from the data directory's `global/pg_control`: its first field,
 * a 64-bit integer in the machine's byte order. Null when it cannot be read (no cluster yet).
 */
export function readSystemIdentifier(databaseDir: string): string | null {
  let control: Buffer;
  try {
    control = readFileSync(path.join(databaseDir, 'global', 'pg_control'));
  } catch {
    return null;
  }
  if (control.length < 8) return null;
  return String(endianness() === 'LE' ? control.readBigUInt64LE(0) : control.readBigUInt64BE(0));
}

/** Why the server found is not this checkout's, in words; null when it is. */
export function foreignServerProblem(p: {
  port: number;
  databaseDir: string;
  ourSystemIdentifier: string | null;
  found: ServerFound;
}): string | null {
  const ours = resolved(p.databaseDir);
  const theirs = resolved(p.found.dataDirectory);
  if (theirs !== ours)
    return `The PostgreSQL server on port ${p.port} serves ${theirs}, not this checkout's ${ours}; ${advice}.`;
  if (p.ourSystemIdentifier !== p.found.systemIdentifier)
    return `The PostgreSQL server on port ${p.port} serves ${theirs}, but not the database cluster now in it (system identifier ${p.found.systemIdentifier}; the directory's is ${p.ourSystemIdentifier ?? 'unreadable'}): it was made again while an older server kept running; stop that server.`;
  return null;
}

/** What the server on the port serves, asked as the bootstrap superuser (read-only). */
async function askServer(adminUrl: string, port: number, databaseDir: string): Promise<ServerFound> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ dir: string; id: string }>(
      `select current_setting('data_directory') as dir, system_identifier::text as id from pg_control_system()`,
    );
    const row = rows[0];
    if (!row) throw new Error('no answer');
    return { dataDirectory: row.dir, systemIdentifier: row.id };
  } catch (err) {
    // This checkout's server knows its superuser and database (and lets it read the settings).
    const code = (err as { code?: string }).code ?? '';
    if (['28P01', '28000', '3D000', '42501'].includes(code))
      throw new ForeignServerError(
        `The PostgreSQL server on port ${port} refused this checkout's superuser (${(err as Error).message}), so it is not the server of ${resolved(databaseDir)}; ${advice}.`,
      );
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws ForeignServerError, saying what it found, unless the server on `port` is this checkout's. */
export async function assertOwnEmbeddedServer(opts: {
  adminUrl: string;
  port: number;
  databaseDir: string;
}): Promise<void> {
  const found = await askServer(opts.adminUrl, opts.port, opts.databaseDir);
  const problem = foreignServerProblem({
    port: opts.port,
    databaseDir: opts.databaseDir,
    ourSystemIdentifier: readSystemIdentifier(opts.databaseDir),
    found,
  });
  if (problem) throw new ForeignServerError(problem);
}
