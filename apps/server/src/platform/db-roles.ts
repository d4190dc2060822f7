import { sql } from 'kysely';
import type pg from 'pg';
import { sessionLockSql } from './advisory-locks.ts';
import type { Db } from './db.ts';

/**
 * The two database roles (issue 30, ADR 22). The owner owns the schema and runs migrations;
 * the runtime role is what the app connects as: it owns nothing, is no superuser, cannot bypass
 * row security, create roles or databases, and holds only the grants of db-grants.ts.
 */
export interface RoleLogin {
  name: string;
  password: string;
}

/** The embedded server's roles (loopback only, so fixed passwords do no harm). */
export const embeddedRoles = {
  owner: { name: 'pria_owner', password: 'pria_owner' },
  runtime: { name: 'pria_app', password: 'pria_app' },
} as const satisfies Record<string, RoleLogin>;

/** Schemas whose objects belong to the owner. */
export const ownedSchemas = ['public', 'pgboss', 'gateway_sim'] as const;

const quoteLiteral = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Creates the two roles if missing and (re)sets their attributes, as a superuser (the embedded
 * server's bootstrap user, or the test server's). Idempotent; one caller at a time.
 */
export async function ensureRoles(
  admin: pg.ClientBase,
  roles: { owner: RoleLogin; runtime: RoleLogin } = embeddedRoles,
): Promise<void> {
  const { lock, unlock } = sessionLockSql('roles');
  await admin.query(lock);
  try {
    for (const r of [roles.owner, roles.runtime]) {
      const { rowCount } = await admin.query('select 1 from pg_roles where rolname = $1', [r.name]);
      if (!rowCount) await admin.query(`create role ${r.name} login`);
    }
    // NOTE: NOINHERIT and no membership anywhere: the runtime role can use no other role's rights.
    await admin.query(
      `alter role ${roles.owner.name} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls inherit password ${quoteLiteral(roles.owner.password)}`,
    );
    await admin.query(
      `alter role ${roles.runtime.name} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls noinherit password ${quoteLiteral(roles.runtime.password)}`,
    );
  } finally {
    await admin.query(unlock);
  }
}

/**
 * Hands the database and everything in Pria's schemas to the owner role (as a superuser
 * connected to that database). A data directory made before the two roles existed has them
 * owned by the bootstrap superuser; a fresh one needs only the database handed over.
 */
export async function adoptDatabase(admin: pg.ClientBase, owner: string): Promise<void> {
  await admin.query(`alter database ${await currentDatabase(admin)} owner to ${owner}`);
  await admin.query(`
    do $$
    declare r record;
    begin
      for r in
        select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in (${ownedSchemas.map(quoteLiteral).join(', ')})
          and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S') and c.relowner <> '${owner}'::regrole
          and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
          -- a serial or identity column's sequence follows its table
          and (c.relkind <> 'S' or not exists (select 1 from pg_depend d
                                                where d.objid = c.oid and d.deptype in ('a', 'i')))
      loop
        execute format('alter %s %I.%I owner to ${owner}',
          case r.relkind when 'v' then 'view' when 'm' then 'materialized view'
            when 'f' then 'foreign table' when 'S' then 'sequence' else 'table' end,
          r.nspname, r.relname);
      end loop;
      for r in
        select p.oid::regprocedure::text as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in (${ownedSchemas.map(quoteLiteral).join(', ')}) and p.proowner <> '${owner}'::regrole
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      loop
        execute format('alter routine %s owner to ${owner}', r.fn);
      end loop;
      for r in
        select nspname from pg_namespace
        where nspname in ('pgboss', 'gateway_sim') and nspowner <> '${owner}'::regrole
      loop
        execute format('alter schema %I owner to ${owner}', r.nspname);
      end loop;
    end $$`);
}

async function currentDatabase(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ db: string }>('select quote_ident(current_database()) as db');
  return rows[0]?.db ?? '';
}

/** The user name in a PostgreSQL URL (the role it connects as). */
export function roleOfUrl(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

export class UnsafeRuntimeRoleError extends Error {}

/**
 * Refuses to run the app as a role that could rewrite history: a superuser, a role that bypasses
 * row security or creates roles or databases, or one that owns (or may become the owner of) the
 * database or anything in Pria's schemas. Checked at every start, on the app's own connection.
 */
export async function assertRuntimeRole(db: Db): Promise<void> {
  const { rows } = await sql<{
    role: string;
    superuser: boolean;
    bypassrls: boolean;
    creates: boolean;
    owns: boolean;
  }>`
    select r.rolname as role, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
      (r.rolcreaterole or r.rolcreatedb or r.rolreplication) as creates,
      (pg_has_role(current_user, d.datdba, 'member')
        or exists (select 1 from pg_namespace n
                   where n.nspname = any(${[...ownedSchemas]}::text[]) and n.nspname <> 'public'
                     and pg_has_role(current_user, n.nspowner, 'member'))
        or exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = any(${[...ownedSchemas]}::text[])
                     and pg_has_role(current_user, c.relowner, 'member'))) as owns
    from pg_roles r, pg_database d
    where r.rolname = current_user and d.datname = current_database()`.execute(db);
  const r = rows[0];
  if (!r) throw new UnsafeRuntimeRoleError('Could not read the database role the app connects as');
  const problems = [
    r.superuser && 'is a superuser',
    r.bypassrls && 'bypasses row-level security',
    r.creates && 'may create roles or databases, or replicate',
    r.owns && 'owns the database or objects in it (or may act as their owner)',
  ].filter(Boolean);
  if (problems.length) {
    throw new UnsafeRuntimeRoleError(
      `DATABASE_URL connects as "${r.role}", which ${problems.join(', ')}. The app runs as a runtime ` +
        'role that owns nothing and holds only the grants of db-grants.ts; migrations run as the owner ' +
        '(DATABASE_OWNER_URL). See docs/deployment.md, "Database roles".',
    );
  }
}
