import { NEW_YORK } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/**
 * One zone (ADR 50). The database keeps New York's name where a function, view, trigger or check
 * needs it (the schedule in pria_payin_due_at, the monthly roll-ups), written in migrations that
 * stay as they landed; queries pass NEW_YORK as a parameter. This ties every zone the schema names
 * to the one constant: a new function with another zone, or a misspelt one, fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

describe('the zone the database names', () => {
  it('is NEW_YORK in every function, view, trigger, check, index and default', async () => {
    const r = await sql<{ name: string; def: string }>`
      select p.proname as name, pg_get_functiondef(p.oid) as def
        from pg_proc p where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
      union all select viewname, definition from pg_views where schemaname = 'public'
      union all select matviewname, definition from pg_matviews where schemaname = 'public'
      union all select tgname, pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
      union all select conname, pg_get_constraintdef(oid) from pg_constraint
        where connamespace = 'public'::regnamespace
      union all select indexname, indexdef from pg_indexes where schemaname = 'public'
      union all select a.adrelid::regclass::text, pg_get_expr(a.adbin, a.adrelid) from pg_attrdef a`.execute(
      t.db,
    );
    // "at time zone 'X'" as written, "AT TIME ZONE 'X'::text" as PostgreSQL prints it, timezone('X', …).
    const zone = /(?:time\s+zone|timezone\s*\()\s*'([^']*)'/gi;
    const named = r.rows.flatMap((row) =>
      [...row.def.matchAll(zone)].map((m) => ({ name: row.name, zone: m[1] })),
    );

    // Not vacuous: the schedule's own function is among them.
    expect(named.map((n) => n.name)).toContain('pria_payin_due_at');
    expect(named.filter((n) => n.zone !== NEW_YORK)).toEqual([]);
  });
});
