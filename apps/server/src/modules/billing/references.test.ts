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
