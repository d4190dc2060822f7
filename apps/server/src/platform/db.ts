import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  type KyselyConfig,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';
import pg from 'pg';
import type { Database } from './db-schema.ts';

// NOTE: bigint (int8) columns hold money in cents and counts; they always fit in a JS number
// for our ranges, and parsing them keeps arithmetic exact without strings leaking out.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

/** SQL text -> statement name, for the queries declared with `namedStatement`. */
const namedStatements = new Map<string, string>();

/**
 * A hot query as a named (prepared) statement: each connection parses and plans it once, then
 * only binds and executes it (PostgreSQL's planning cost several times the execution of a
 * one-row lookup), and the SQL text is written once instead of built by Kysely per call.
 * NOTE: name its columns (no `*`): a prepared statement whose result columns change (a column
 * added by a migration while the process runs) fails with "cached plan must not change result
 * type", where a listed column set keeps working. Needs session pooling (or a pooler that
 * tracks prepared statements) between us and PostgreSQL.
 */
export function namedStatement<Row>(name: string, text: string) {
  const taken = [...namedStatements].find(([t, n]) => n === name && t !== text);
  if (taken) throw new Error(`statement name ${name} is already used by another query`);
  namedStatements.set(text, name);
  return async (db: Pick<Db, 'executeQuery'>, parameters: readonly unknown[]): Promise<Row[]> =>
    (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
}

/** Compiles fragments to text, without a connection. */
const textCompiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * A fragment built once elsewhere (a rule shared by many queries) as the text a `namedStatement`
 * embeds. Only a fragment without parameters: the statement's own are numbered by its text.
 */
export function sqlText(fragment: RawBuilder<unknown>): string {
  const compiled = fragment.compile(textCompiler);
  if (compiled.parameters.length > 0)
    throw new Error('sqlText: a fragment with parameters cannot be embedded');
  return compiled.sql;
}

type QueryFn = (...args: unknown[]) => unknown;

/** Runs the registered SQL texts as named statements on this connection; everything else as before. */
function prepareNamedStatements(client: pg.PoolClient) {
  const query = client.query as unknown as QueryFn;
  const patched: QueryFn = function (this: pg.PoolClient, ...args) {
    const [text, values, callback] = args;
    const name = typeof text === 'string' ? namedStatements.get(text) : undefined;
    if (name === undefined) return query.apply(this, args);
    return query.call(this, { name, text, values }, callback);
  };
  (client as unknown as { query: QueryFn }).query = patched;
}

export function createDb(
  url: string,
  poolSize: number,
  log?: KyselyConfig['log'],
): { db: Db; pool: pg.Pool } {
  const pool = createPool({ connectionString: url, max: poolSize });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return { db, pool };
}

/**
 * A connection pool that survives dropped connections and runs the `namedStatement` queries as
 * named statements (createDb's, and the simulator's own).
 */
export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // A dropped connection (e.g. the server restarting) must not crash the process. The pool's
  // 'error' covers idle clients only; a client checked out (mid-transaction, between queries)
  // emits 'error' on itself, which without a listener is an uncaught exception. The query in
  // flight is rejected anyway and the broken client is discarded on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    prepareNamedStatements(client);
  });
  return pool;
}

// Socket-level codes seen when the database cannot be reached or drops the connection.
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL: 57P01-57P03 (shutting down, crashed, starting up), and every class 08 connection exception.
const unreachableSqlState = /^(57P0[1-3]|08...)$/;
const droppedConnection =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * True when `err` says the database is out of reach (down, restarting, connection dropped), not
 * that a query was wrong: the caller may try again in a moment. Looks through `cause` and the
 * errors of an AggregateError (a refused connection to each resolved address).
 */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 4) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (unreachableCodes.has(code) || unreachableSqlState.test(code))) return true;
  if (droppedConnection.test(err.message)) return true;
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnreachable(e, depth + 1)))
    return true;
  return isDatabaseUnreachable(err.cause, depth + 1);
}
