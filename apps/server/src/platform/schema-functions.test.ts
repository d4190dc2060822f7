import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { moneyStateMachines } from './money-state-machines.ts';

// The schema's functions, consolidated (issue 38, ADR 57): migration 0105 writes every function
// of the schema in its final form, and the catalog must agree with it. Functions of extensions
// (pgcrypto, pg_trgm) are theirs, not ours.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

interface Fn {
  name: string;
  is_trigger: boolean;
  triggers: string[];
}
const ourFunctions = async () =>
  (
    await sql<Fn>`
      select p.proname as name, p.prorettype = 'trigger'::regtype as is_trigger,
             coalesce((select array_agg(tg.tgrelid::regclass::text || '.' || tg.tgname order by 1)
                       from pg_trigger tg where tg.tgfoid = p.oid), '{}') as triggers
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`.execute(t.db)
  ).rows;

/** The functions a migration file writes (`create [or replace] function name`), in its up step. */
const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
const written = (file: string) => {
  const up =
    readFileSync(path.join(migrationsDir, file), 'utf8').split('export async function down')[0] ?? '';
  return [...up.matchAll(/create\s+(?:or\s+replace\s+)?function\s+(\w+)\s*\(/gi)].map((m) => m[1] as string);
};
const CONSOLIDATED = '0105';
/** Written by pria_compile_money_moves from the rows of money_state_transitions (migration 0090). */
const compiled = ['pria_money_final', 'pria_money_move'];

describe("the schema's functions", () => {
  it('every trigger function is used by a trigger', async () => {
    const fns = await ourFunctions();
    expect(fns.filter((f) => f.is_trigger).length).toBeGreaterThan(20);
    expect(fns.filter((f) => f.is_trigger && f.triggers.length === 0).map((f) => f.name)).toEqual([]);
  });

  it('each function is named once: no overload, no second copy under another signature', async () => {
    const names = (await ourFunctions()).map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it(`each is written by migration ${CONSOLIDATED} or a later one, once per migration (the moves compiled from their table aside)`, async () => {
    const later = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.ts') && f >= CONSOLIDATED)
      .sort();
    expect(later[0]).toMatch(new RegExp(`^${CONSOLIDATED}_`));
    for (const f of later) {
      const names = written(f);
      expect(
        names.filter((n, i) => names.indexOf(n) !== i),
        f,
      ).toEqual([]);
    }
    const writtenSince = new Set(later.flatMap(written));
    const fns = (await ourFunctions()).map((f) => f.name);
    expect(fns.filter((n) => !writtenSince.has(n) && !compiled.includes(n))).toEqual([]);
    // The compiled two are written by a function that is itself written there.
    expect(writtenSince.has('pria_compile_money_moves')).toBe(true);
    for (const n of compiled) expect(fns).toContain(n);
  });
});

describe('each guard exists once', () => {
  const triggersOf = async (fn: string) => (await ourFunctions()).find((f) => f.name === fn)?.triggers ?? [];

  it.each(Object.keys(moneyStateMachines))('%s has one state machine guard, its own', async (table) => {
    expect(await triggersOf(`${table}_guard`)).toEqual([`${table}.${table}_guard`]);
    const r = await sql<{ n: number }>`
      select count(*)::int as n from pg_trigger tg join pg_proc p on p.oid = tg.tgfoid
      where tg.tgrelid = ${table}::regclass and not tg.tgisinternal and p.proname like '%guard%'`.execute(
      t.db,
    );
    expect(r.rows[0]?.n).toBe(1);
  });

  it.each([
    ['refunds_charge_rules', 'refunds'],
    ['billing_runs_rules', 'billing_runs'],
    ['payouts_match_capture', 'payouts'],
    ['payouts_paid_to_own_card', 'payouts'],
    ['payouts_not_to_returning_card', 'payouts'],
    ['payment_attempts_references', 'payment_attempts'],
    ['money_events_references', 'money_events'],
    ['subscription_pauses_guard', 'subscription_pauses'],
  ])('%s guards %s, by one trigger', async (fn, table) => {
    expect(await triggersOf(fn)).toEqual([`${table}.${fn}`]);
  });

  it('the guards the state machines replaced are gone (payment_attempts_immutable, payouts_immutable)', async () => {
    const r = await sql<{ name: string }>`
      select proname as name from pg_proc where pronamespace = 'public'::regnamespace and proname like '%immutable%'
      union all select tgname from pg_trigger where tgname like '%immutable%'`.execute(t.db);
    expect(r.rows).toEqual([]);
  });
});
