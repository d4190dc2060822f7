import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicTables } from '../../platform/db-grants.ts';
import { embeddedRoles } from '../../platform/db-roles.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * What a compromised app (an SQL injection, a stolen process) can NOT do (issue 30, ADR 22): the
 * app's own connection, as the runtime role, tries each statement that would rewrite history or
 * the schema, and each is refused by PostgreSQL for want of the privilege (SQLSTATE 42501), not
 * by a trigger the attacker could switch off.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PRIA_JOBS: 'true', PRIA_ROLE: 'web' });
  // A row in every table the statements below aim at, so "refused" is not "nothing to do".
  await sql`insert into staff_audit (actor, action) values ('root@pria.test', 'staff.invite')`.execute(t.db);
});
afterAll(async () => t?.stop());

/** Runs `statement` in its own transaction on the app's connection; the error's SQLSTATE, or null. */
async function asRuntime(statement: string): Promise<string | null> {
  try {
    await (t.appDb as Kysely<unknown>).transaction().execute(async (tx) => {
      await sql.raw(statement).execute(tx);
    });
    return null;
  } catch (err) {
    return String((err as { code?: string }).code ?? (err as Error).message);
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/** Money history: rows that are never deleted, by anyone. */
const moneyTables = Object.entries(publicTables)
  .filter(([, cls]) => cls === 'moneyHistory')
  .map(([table]) => table);

describe('the runtime role cannot rewrite history', () => {
  it('may not update, delete or truncate the staff audit trail', async () => {
    expect(await asRuntime(`update staff_audit set actor = 'someone else'`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await asRuntime('delete from staff_audit')).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await asRuntime('truncate staff_audit')).toBe(INSUFFICIENT_PRIVILEGE);
    // What it may do: read it and add to it.
    expect(await asRuntime(`insert into staff_audit (actor, action) values ('x', 'y')`)).toBeNull();
    expect(await asRuntime('select count(*) from staff_audit')).toBeNull();
  });

  it('may not delete money rows (attempts, payouts and their tries, refunds, disputes, events, runs)', async () => {
    expect(moneyTables).toEqual(
      expect.arrayContaining([
        'payment_attempts',
        'payouts',
        'payout_tries',
        'refunds',
        'disputes',
        'money_events',
      ]),
    );
    for (const table of moneyTables) {
      expect(await asRuntime(`delete from ${table}`), table).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it('may not truncate any table, ours, the job queue or the simulator ledger', async () => {
    for (const table of [...Object.keys(publicTables), 'pgboss.job', 'gateway_sim.transactions']) {
      expect(await asRuntime(`truncate ${table}`), table).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it('may not switch a trigger off, nor triggers altogether', async () => {
    expect(await asRuntime('alter table staff_audit disable trigger staff_audit_append_only')).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
    expect(await asRuntime('alter table payment_attempts disable trigger all')).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await asRuntime('set session_replication_role = replica')).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await asRuntime('set local session_replication_role = replica')).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('may not write what triggers keep (counts, roll-ups, receipts) nor the plans', async () => {
    expect(await asRuntime(`update row_counts set n = 0`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(
      await asRuntime(`insert into receipts (attempt_id, kind) values ('${randomUUID()}', 'charge')`),
    ).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await asRuntime(`update attempt_rollups set cents = 0`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await asRuntime(`update plans set price_cents = 1`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('may not delete the processor ledger of the simulator', async () => {
    expect(await asRuntime('delete from gateway_sim.transactions')).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('the runtime role cannot change the schema or its own rights', () => {
  it('may not create, alter or drop tables, schemas, functions or temporary tables', async () => {
    for (const statement of [
      'create table evil (id int)',
      'create table public.evil (id int)',
      'create schema evil',
      'create temporary table evil (id int)',
      `create function evil() returns int language sql as 'select 1'`,
      'create view evil as select 1',
      'alter table staff_audit add column evil text',
      'alter table payment_attempts drop constraint payment_attempts_pkey',
      'drop table staff_audit',
      'drop trigger staff_audit_append_only on staff_audit',
      'create index evil on staff_audit (actor)',
      'create table pgboss.evil (id int)',
    ]) {
      expect(await asRuntime(statement), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it('may not grant itself more, become the owner, or make roles', async () => {
    const owner = embeddedRoles.owner.name;
    for (const statement of [
      `grant delete on staff_audit to ${embeddedRoles.runtime.name}`,
      `set role ${owner}`,
      `create role evil login`,
      `alter role ${embeddedRoles.runtime.name} superuser`,
      `alter table staff_audit owner to ${embeddedRoles.runtime.name}`,
    ]) {
      const code = await asRuntime(statement);
      // GRANT on a table it does not own is a warning that grants nothing; everything else errors.
      if (statement.startsWith('grant')) {
        expect(code, statement).toBeNull();
        const held = await sql<{ ok: boolean }>`
          select has_table_privilege(${embeddedRoles.runtime.name}, 'staff_audit', 'DELETE') as ok`.execute(
          t.db,
        );
        expect(held.rows[0]?.ok, statement).toBe(false);
      } else {
        expect(code, statement).toBe(INSUFFICIENT_PRIVILEGE);
      }
    }
  });
});
