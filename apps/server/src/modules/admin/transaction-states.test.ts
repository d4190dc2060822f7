import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ATTEMPT_STATES, PAYOUT_STATES } from './transactions.repo.ts';

// The staff list's state is defined once (transactions.repo.ts); the database's copies are the
// sort indexes' expressions (migration 0032). If either changes alone, a sort by state would no
// longer read its index, or would disagree with the list: this test fails first.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

async function indexCase(name: string) {
  const def =
    (await sql<{ def: string }>`select pg_get_indexdef(${name}::regclass) as def`.execute(t.db)).rows[0]
      ?.def ?? '';
  const states = Object.fromEntries(
    [...def.matchAll(/WHEN '([a-z_]+)'::text THEN '([a-z_]+)'::text/g)].map((m) => [m[1], m[2]]),
  );
  const otherwise = /ELSE '([a-z_]+)'::text\s*END/.exec(def)?.[1] ?? def;
  return { states, otherwise };
}

describe("the staff list's state", () => {
  it('of a charge is the CASE of payment_attempts_admin_state', async () => {
    expect(await indexCase('payment_attempts_admin_state')).toEqual({
      states: ATTEMPT_STATES,
      otherwise: 'pending',
    });
  });

  it('of a pay-back is the CASE of payouts_admin_state', async () => {
    expect(await indexCase('payouts_admin_state')).toEqual({ states: PAYOUT_STATES, otherwise: 'pending' });
  });
});
