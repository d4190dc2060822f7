import { Kysely, type KyselyConfig, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './db-schema.ts';

// NOTE: bigint (int8) columns hold money in cents and counts; they always fit in a JS number
// for our ranges, and parsing them keeps arithmetic exact without strings leaking out.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export function createDb(
  url: string,
  poolSize: number,
  log?: KyselyConfig['log'],
): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped connection (e.g. the server restarting) must not crash the process. The pool's
  // 'error' covers idle clients only; a client checked out (mid-transaction, between queries)
  // emits 'error' on itself, which without a listener is an uncaught exception. The query in
  // flight is rejected anyway and the broken client is discarded on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return { db, pool };
}
