import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { addMonths, payinDueAt, payoutDueAt } from './billing-schedule.ts';

/**
 * The database's copy of the schedule (pria_payin_due_at / pria_payout_due_at, migration 0033,
 * which its checks use) says what the TypeScript schedule says, month after month across DST
 * changes and year ends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

describe('the schedule in SQL', () => {
  it('gives the same due instants as billing-schedule.ts for every month of 2025 to 2032', async () => {
    const periods = Array.from({ length: 96 }, (_, i) => addMonths('2025-01', i));
    const r = await sql<{ period: string; payin: Date; payout: Date }>`
      select p as period, pria_payin_due_at(p) as payin, pria_payout_due_at(p) as payout
      from unnest(${periods}::text[]) as p`.execute(t.db);
    expect(r.rows.map((x) => [x.period, x.payin.toISOString(), x.payout.toISOString()])).toEqual(
      periods.map((p) => [p, payinDueAt(p).toISOString(), payoutDueAt(p).toISOString()]),
    );
  });
});
