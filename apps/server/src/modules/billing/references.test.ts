import { randomUUID } from 'node:crypto';
import { MONTHLY_CHARGE } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { PAYOUT_DELAYED_AFTER_TRIES } from './payback/payout-backoff.ts';
import { payinReference, payoutReference, refundReference, subscriptionReference } from './references.ts';

// One definition each (issue 28 point 4): the references TypeScript sends to the processor are
// the ones SQL writes, and the constants in the database's checks and index predicates are the
// TypeScript constants. Each test fails when one side changes without the other.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

describe('money references', () => {
  it('pria_payin_reference(card, period) is payinReference', async () => {
    const card = randomUUID();
    const r = await sql<{ v: string }>`select pria_payin_reference(${card}::uuid, '2026-11') as v`.execute(
      t.db,
    );
    expect(r.rows[0]?.v).toBe(payinReference(card, '2026-11'));
  });

  it('pria_payout_reference(payout, try) is payoutReference', async () => {
    const payout = randomUUID();
    const r = await sql<{ v: string }>`select pria_payout_reference(${payout}::uuid, 2) as v`.execute(t.db);
    expect(r.rows[0]?.v).toBe(payoutReference(payout, 2));
  });

  it('pria_subscription_reference(attempt) is subscriptionReference', async () => {
    const attempt = randomUUID();
    const r = await sql<{ v: string }>`select pria_subscription_reference(${attempt}::uuid) as v`.execute(
      t.db,
    );
    expect(r.rows[0]?.v).toBe(subscriptionReference(attempt));
  });

  it('pria_refund_reference(refund) is refundReference', async () => {
    const refund = randomUUID();
    const r = await sql<{ v: string }>`select pria_refund_reference(${refund}::uuid) as v`.execute(t.db);
    expect(r.rows[0]?.v).toBe(refundReference(refund));
  });
});

describe("the database's constants are the TypeScript ones", () => {
  const constraint = async (name: string) =>
    (
      await sql<{
        def: string;
      }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name}`.execute(t.db)
    ).rows[0]?.def ?? '';
  const indexPredicate = async (name: string) =>
    (
      await sql<{ def: string }>`select pg_get_expr(i.indpred, i.indrelid) as def from pg_index i
        join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`.execute(t.db)
    ).rows[0]?.def ?? '';

  it('a pay-in is MONTHLY_CHARGE cents (check payment_attempts_payin_amount)', async () => {
    expect(await constraint('payment_attempts_payin_amount')).toMatch(
      new RegExp(`amount_cents = ${MONTHLY_CHARGE}\\b`),
    );
  });

  it('a pay-back is MONTHLY_CHARGE cents (check payouts_amount)', async () => {
    expect(await constraint('payouts_amount')).toMatch(new RegExp(`amount_cents = ${MONTHLY_CHARGE}\\b`));
  });

  it('staff see a pay-back after PAYOUT_DELAYED_AFTER_TRIES failures (index payouts_attention)', async () => {
    expect(await indexPredicate('payouts_attention')).toMatch(
      new RegExp(`tries >= ${PAYOUT_DELAYED_AFTER_TRIES}\\b`),
    );
  });
});

// Every money row's insert and check calls these (ADR 36): run through the SQL function executor
// they cost 2–4 µs a call; inlined, a fraction. A body that is not immutable is not inlined.
describe('the money functions are inlined into the statements that call them', () => {
  it.each([
    ['pria_payin_due_at', `pria_payin_due_at(v.p)`],
    ['pria_payout_due_at', `pria_payout_due_at(v.p)`],
    ['pria_payin_reference', `pria_payin_reference(v.u, v.p)`],
    ['pria_payout_reference', `pria_payout_reference(v.u, v.n)`],
    ['pria_subscription_reference', `pria_subscription_reference(v.u)`],
    ['pria_refund_reference', `pria_refund_reference(v.u)`],
  ])('%s', async (name, call) => {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain (verbose) select ${sql.raw(call)}
      from (values ('2026-11', gen_random_uuid(), 2)) v(p, u, n)`.execute(t.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Output:/);
    expect(text).not.toContain(name);
  });
});
