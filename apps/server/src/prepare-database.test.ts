import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createDb } from './platform/db.ts';
import { otherSchemas, publicTables, tableClasses } from './platform/db-grants.ts';
import { grantStatements, policyMismatch, UnclassifiedTablesError } from './platform/db-grants-sql.ts';
import { embeddedRoles } from './platform/db-roles.ts';
import { createLogger } from './platform/logger.ts';
import { prepareDatabase } from './prepare-database.ts';
import { startServices } from './services.ts';
import { createTestDatabase, databaseUrlAs, startTestApp, type TestApp } from './test/harness.ts';

/**
 * The grants policy (issue 30, ADR 22) against the schema the migrations make: every table is
 * classified, the runtime role holds exactly what the policy lists, the app refuses to run as
 * the owner, and docs/deployment.md quotes the SQL the policy makes.
 */
let t: TestApp;
beforeAll(async () => {
  // On an empty database, not the run's template: this app's start runs every migration. With
  // jobs on, so pg-boss's schema is there too (its grants are part of the policy).
  const ownerUrl = await createTestDatabase({ empty: true });
  t = await startTestApp({ DATABASE_OWNER_URL: ownerUrl, PRIA_JOBS: 'true', PRIA_ROLE: 'web' });
});
afterAll(async () => t?.stop());

const runtime = embeddedRoles.runtime.name;

describe('the grants policy', () => {
  it('classifies every table the migrations create, and names no other', async () => {
    const tables = await sql<{ name: string }>`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      order by 1`.execute(t.db);
    const { missing, unknown } = policyMismatch(tables.rows.map((r) => r.name));
    expect(
      missing,
      `Tables without a line in apps/server/src/platform/db-grants.ts (publicTables): ${missing.join(', ')}. ` +
        'Add one each, with the class of data it holds (what the runtime role may do with it).',
    ).toEqual([]);
    expect(unknown, `db-grants.ts names tables the schema does not have: ${unknown.join(', ')}`).toEqual([]);
  });

  it('says which table is missing when one is not classified', async () => {
    await sql`create table unclassified_example (id int)`.execute(t.db);
    try {
      const err = await grantStatements(t.db, { runtimeRole: runtime, database: 'x' }).catch((e) => e);
      expect(err).toBeInstanceOf(UnclassifiedTablesError);
      expect(String(err.message)).toContain('table unclassified_example has no line in');
    } finally {
      await sql`drop table unclassified_example`.execute(t.db);
    }
  });

  it('gives the runtime role exactly the privileges of its table class, and nothing on the migrator lock', async () => {
    const grants = await sql<{ table_name: string; privilege_type: string }>`
      select table_name, privilege_type from information_schema.role_table_grants
      where grantee = ${runtime} and table_schema = 'public'`.execute(t.db);
    const held = new Map<string, string[]>();
    for (const g of grants.rows)
      held.set(g.table_name, [...(held.get(g.table_name) ?? []), g.privilege_type]);
    for (const [table, cls] of Object.entries(publicTables)) {
      expect((held.get(table) ?? []).sort(), table).toEqual([...tableClasses[cls].privileges].sort());
    }
    expect(held.get('kysely_migration_lock')).toBeUndefined();
    expect(grants.rows.some((g) => ['TRUNCATE', 'REFERENCES', 'TRIGGER'].includes(g.privilege_type))).toBe(
      false,
    );
  });

  it('gives pg-boss and the simulator schemas what the policy says, no TRUNCATE', async () => {
    for (const [schema, cls] of Object.entries(otherSchemas)) {
      const grants = await sql<{ table_name: string; privileges: string[] }>`
        select table_name, array_agg(privilege_type::text order by privilege_type) as privileges
        from information_schema.role_table_grants
        where grantee = ${runtime} and table_schema = ${schema} group by table_name`.execute(t.db);
      expect(grants.rows.length, schema).toBeGreaterThan(0);
      for (const g of grants.rows)
        expect(g.privileges, `${schema}.${g.table_name}`).toEqual([...cls.privileges].sort());
    }
  });

  it('owns nothing, is no superuser and may not create roles, databases or temporary tables', async () => {
    const role = await sql<Record<string, boolean>>`
      select rolsuper, rolbypassrls, rolcreaterole, rolcreatedb, rolreplication, rolinherit,
        has_database_privilege(${runtime}, current_database(), 'TEMPORARY') as temp,
        has_database_privilege(${runtime}, current_database(), 'CREATE') as create_schema,
        has_schema_privilege(${runtime}, 'public', 'CREATE') as create_table,
        exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname in ('public', 'pgboss', 'gateway_sim') and c.relowner = ${runtime}::regrole) as owns
      from pg_roles where rolname = ${runtime}`.execute(t.db);
    expect(role.rows[0]).toEqual({
      rolsuper: false,
      rolbypassrls: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolreplication: false,
      rolinherit: false,
      temp: false,
      create_schema: false,
      create_table: false,
      owns: false,
    });
  });

  it('is applied again after every migration step: a grant added by hand is taken back', async () => {
    await sql.raw(`grant delete on staff_audit to ${runtime}`).execute(t.db);
    await prepareDatabase({
      ownerUrl: t.ownerUrl,
      runtimeRole: runtime,
      jobs: true,
      simulator: true,
      logger: createLogger('silent'),
    });
    const held = await sql<{ ok: boolean }>`
      select has_table_privilege(${runtime}, 'staff_audit', 'DELETE') as ok`.execute(t.db);
    expect(held.rows[0]?.ok).toBe(false);
  });
});

describe('the app refuses to run as the owner', () => {
  it('stops at start with a message naming the role and the fix', async () => {
    const ownerUrl = await createTestDatabase({ empty: true });
    const logger = createLogger('silent');
    // Migrated first, so the only thing wrong is who the app connects as.
    await prepareDatabase({ ownerUrl, runtimeRole: runtime, jobs: false, simulator: true, logger });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: ownerUrl,
      PRIA_JOBS: 'false',
      LOG_LEVEL: 'silent',
    });
    await expect(startServices(config, logger)).rejects.toThrow(
      /DATABASE_URL connects as "pria_owner", which owns the database or objects in it.*DATABASE_OWNER_URL/,
    );
  });

  it('stops when migrations are pending and it has no owner to run them', async () => {
    const ownerUrl = await createTestDatabase({ empty: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrlAs(ownerUrl, embeddedRoles.runtime),
      PRIA_JOBS: 'false',
      LOG_LEVEL: 'silent',
    });
    await expect(startServices(config, createLogger('silent'))).rejects.toThrow(
      /migration\(s\) not applied: run them as the owner \(npm run cli -- db:migrate/,
    );
  });
});

describe('docs/deployment.md', () => {
  it('quotes the SQL the policy makes, as `npm run cli -- db:grants` prints it', async () => {
    const doc = readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/deployment.md'),
      'utf8',
    );
    const block = /<!-- grants:start -->\n```sql\n([\s\S]*?)```\n<!-- grants:end -->/.exec(doc)?.[1];
    expect(
      block,
      'docs/deployment.md has a ```sql block between <!-- grants:start --> and <!-- grants:end -->',
    ).toBeDefined();
    const statements = await grantStatements(t.db, { runtimeRole: runtime, database: 'pria' });
    expect(
      block,
      'regenerate it: npm run cli -- db:grants (embedded server), paste between the markers',
    ).toBe(`${statements.join('\n')}\n`);
  });

  it('needs the owner to read the catalog no more than the runtime role does', async () => {
    const { db } = createDb(t.databaseUrl, 1);
    try {
      expect(await grantStatements(db, { runtimeRole: runtime, database: 'pria' })).toEqual(
        await grantStatements(t.db, { runtimeRole: runtime, database: 'pria' }),
      );
    } finally {
      await db.destroy();
    }
  });
});
