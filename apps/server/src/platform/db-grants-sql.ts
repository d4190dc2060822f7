import { sql } from 'kysely';
import { lockForTransaction } from './advisory-locks.ts';
import type { Db } from './db.ts';
import {
  otherSchemas,
  ownerTriggerFunctions,
  type Privilege,
  publicTables,
  type TableClassName,
  tableClasses,
} from './db-grants.ts';

/**
 * The grants policy (db-grants.ts) as SQL: read from the policy and the catalog (which
 * sequences a table owns, which other schemas exist), printed by `npm run cli -- db:grants` and
 * quoted in docs/deployment.md, and applied by the owner after every migration.
 */
export interface GrantTarget {
  /** The role the app connects as (DATABASE_URL's user). */
  runtimeRole: string;
  database: string;
}

export class UnclassifiedTablesError extends Error {
  readonly missing: string[];
  readonly unknown: string[];
  constructor(missing: string[], unknown: string[]) {
    const lines = [
      ...missing.map(
        (t) =>
          `  table ${t} has no line in apps/server/src/platform/db-grants.ts (publicTables): add one with the class of data it holds`,
      ),
      ...unknown.map(
        (t) => `  db-grants.ts names table ${t}, which the schema does not have: remove the line`,
      ),
    ];
    super(`The grants policy does not match the schema:\n${lines.join('\n')}`);
    this.missing = missing;
    this.unknown = unknown;
  }
}

const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`);
const privilegeList = (p: readonly Privilege[]) => p.map((x) => x.toLowerCase()).join(', ');

interface Catalog {
  /** Tables (and views) of `public`, partitions left out: they are reached through their parent. */
  tables: string[];
  /** Sequences of `serial` columns, by the table that owns them. */
  sequences: Map<string, string[]>;
  schemas: Set<string>;
}

async function readCatalog(db: Db): Promise<Catalog> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by 1`.execute(db);
  const owned = await sql<{ tbl: string; seq: string }>`
    select t.relname as tbl, s.relname as seq
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace
    join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid
      and d.refclassid = 'pg_class'::regclass and d.deptype = 'a'
    join pg_class t on t.oid = d.refobjid
    where s.relkind = 'S' and n.nspname = 'public'
    order by 2`.execute(db);
  const schemas = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname = any(${Object.keys(otherSchemas)}::text[])`.execute(
    db,
  );
  const sequences = new Map<string, string[]>();
  for (const r of owned.rows) sequences.set(r.tbl, [...(sequences.get(r.tbl) ?? []), r.seq]);
  return {
    tables: tables.rows.map((r) => r.name),
    sequences,
    schemas: new Set(schemas.rows.map((r) => r.name)),
  };
}

/** Tables the schema has and the policy does not name, and the other way round. */
export function policyMismatch(tables: readonly string[]): { missing: string[]; unknown: string[] } {
  const present = new Set(tables);
  return {
    missing: tables.filter((t) => !(t in publicTables)),
    unknown: Object.keys(publicTables)
      .filter((t) => !present.has(t))
      .sort(),
  };
}

/** The statements, in order, that give the runtime role exactly what the policy lists. */
export async function grantStatements(db: Db, target: GrantTarget): Promise<string[]> {
  const catalog = await readCatalog(db);
  const { missing, unknown } = policyMismatch(catalog.tables);
  if (missing.length || unknown.length) throw new UnclassifiedTablesError(missing, unknown);
  const role = ident(target.runtimeRole);
  const out = [
    '-- Generated from apps/server/src/platform/db-grants.ts (npm run cli -- db:grants); run as the owner.',
    `-- Nothing for anyone by default: the runtime role may connect, and gets what follows.`,
    `revoke all on database ${ident(target.database)} from public;`,
    `grant connect on database ${ident(target.database)} to ${role};`,
    'revoke all on schema public from public;',
    `grant usage on schema public to ${role};`,
    `revoke all on all tables in schema public from ${role};`,
    `revoke all on all sequences in schema public from ${role};`,
  ];
  for (const [name, cls] of Object.entries(tableClasses) as [
    TableClassName,
    (typeof tableClasses)[TableClassName],
  ][]) {
    const tables = Object.keys(publicTables)
      .filter((t) => publicTables[t] === name)
      .sort();
    if (!tables.length || !cls.privileges.length) {
      if (tables.length) out.push(`-- ${name} (${tables.join(', ')}): ${cls.why}; nothing granted.`);
      continue;
    }
    out.push(`-- ${name}: ${cls.why}.`);
    out.push(`grant ${privilegeList(cls.privileges)} on table ${tables.map(ident).join(', ')} to ${role};`);
    const sequences = (cls.privileges as readonly Privilege[]).includes('INSERT')
      ? tables.flatMap((t) => catalog.sequences.get(t) ?? []).sort()
      : [];
    if (sequences.length) out.push(`grant usage on sequence ${sequences.map(ident).join(', ')} to ${role};`);
  }
  out.push('-- Trigger functions that keep the derived tables run as their owner, on a fixed search path.');
  for (const fn of ownerTriggerFunctions) {
    out.push(`alter function ${ident(fn)}() security definer set search_path = public, pg_temp;`);
  }
  for (const [schema, cls] of Object.entries(otherSchemas)) {
    if (!catalog.schemas.has(schema)) continue;
    out.push(`-- ${schema}: ${cls.why}.`);
    out.push(`revoke all on schema ${ident(schema)} from public;`);
    out.push(`grant usage on schema ${ident(schema)} to ${role};`);
    out.push(`revoke all on all tables in schema ${ident(schema)} from ${role};`);
    out.push(`grant ${privilegeList(cls.privileges)} on all tables in schema ${ident(schema)} to ${role};`);
    out.push(`grant usage on all sequences in schema ${ident(schema)} to ${role};`);
  }
  return out;
}

/**
 * Applies the policy as the owner: revoke everything, grant what is listed, in one transaction
 * (the app sees the old grants or the new ones, never none) and one applier at a time
 * (concurrent GRANTs on one object fail with "tuple concurrently updated").
 */
export async function applyGrants(ownerDb: Db, runtimeRole: string): Promise<void> {
  await ownerDb.transaction().execute(async (trx) => {
    await lockForTransaction(trx, 'grants');
    const database = (await sql<{ db: string }>`select current_database() as db`.execute(trx)).rows[0]?.db;
    if (!database) throw new Error('no current database');
    for (const statement of await grantStatements(trx, { runtimeRole, database })) {
      if (!statement.startsWith('--')) await sql.raw(statement).execute(trx);
    }
  });
}
