import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './db-schema.ts';

// NOTE: bigint (int8) columns hold money in cents and counts; they always fit in a JS number
// for our ranges, and parsing them keeps arithmetic exact without strings leaking out.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export function createDb(
  url: string,
  poolSize: number,
  log?: ConstructorParameters<typeof Kysely>[0]['log'],
): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped connection (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return { db, pool };
}
