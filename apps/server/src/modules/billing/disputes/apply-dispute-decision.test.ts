import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { payoutDueAt } from '../billing-schedule.ts';
import { applyDisputeDecision } from './apply-dispute-decision.ts';

// A dispute decided, by the processor's notice or by finance (issue 16): won, the charge stands
// and its pay-back is owed again; lost, the bank kept the money and the pay-back stays withheld.
// Each case is a captured charge of its own month with an open dispute.
let t: TestApp;
let customer: string;
let card: string;
let month = 0;

beforeAll(async () => {
  t = await startTestApp();
  customer = await insertCustomer(t.db, { email: 'disputed@example.com' });
  card = await insertCard(t.db, customer);
}, 60_000);
afterAll(() => t?.stop());

/** A captured charge of a month of its own, disputed (open), with its pay-back `withheld` or none. */
async function disputed(o: { payout?: 'withheld'; kind?: 'payin' | 'subscription' } = {}) {
  month++;
  const period = `2029-${String(month).padStart(2, '0')}`;
  const attemptId = await insertCharge(t.db, {
    customerId: customer,
    cardId: card,
    period,
    kind: o.kind ?? 'payin',
    createdAt: new Date(`${period}-28T21:00:00Z`),
  });
  const payoutId = o.payout
    ? await insertPayout(t.db, attemptId, { status: 'pending', createdAt: payoutDueAt(period) })
    : null;
  if (payoutId) {
    await t.db
      .updateTable('payouts')
      .set({ status: 'withheld', settled_at: payoutDueAt(period) })
      .where('id', '=', payoutId)
      .execute();
  }
  const dispute = await t.db
    .insertInto('disputes')
    .values({
      processor_dispute_id: `case-${month}`,
      attempt_id: attemptId,
      customer_id: customer,
      card_id: card,
      amount_cents: 300,
      reason: 'Fraudulent',
      status: 'open',
      payback_sent: false,
      opened_at: new Date(`${period}-30T12:00:00Z`),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { period, attemptId, payoutId, disputeId: dispute.id };
}

const decide = (d: { disputeId: string; attemptId: string }, outcome: 'won' | 'lost', at: Date) =>
  t.db
    .transaction()
    .execute((tx) => applyDisputeDecision(tx, d.disputeId, d.attemptId, outcome, 'finance@pria.example', at));
const disputeRow = (id: string) =>
  t.db
    .selectFrom('disputes')
    .select(['status', 'decided_at', 'decided_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const payoutsOf = (attemptId: string) =>
  t.db
    .selectFrom('payouts')
    .select(['status', 'next_try_at', 'settled_at', 'due_at'])
    .where('attempt_id', '=', attemptId)
    .execute();

describe('a dispute decided', () => {
  it('records the outcome, who decided it and when', async () => {
    const d = await disputed();
    const at = new Date('2031-01-05T15:00:00Z');
    await decide(d, 'lost', at);
    expect(await disputeRow(d.disputeId)).toEqual({
      status: 'lost',
      decided_at: at,
      decided_by: 'finance@pria.example',
    });
  });

  it('won: a withheld pay-back is pending again, to be tried at once', async () => {
    const d = await disputed({ payout: 'withheld' });
    await decide(d, 'won', new Date('2031-01-05T15:00:00Z'));
    expect(await payoutsOf(d.attemptId)).toMatchObject([
      { status: 'pending', next_try_at: null, settled_at: null },
    ]);
  });

  it('lost: a withheld pay-back stays withheld', async () => {
    const d = await disputed({ payout: 'withheld' });
    await decide(d, 'lost', new Date('2031-01-05T15:00:00Z'));
    expect(await payoutsOf(d.attemptId)).toMatchObject([{ status: 'withheld' }]);
  });

  it('won after the pay-back instant: the pay-back never written is written now, pending', async () => {
    const d = await disputed();
    const at = new Date(payoutDueAt(d.period).getTime() + 86_400_000);
    await decide(d, 'won', at);
    expect(await payoutsOf(d.attemptId)).toEqual([
      { status: 'pending', next_try_at: null, settled_at: null, due_at: at },
    ]);
  });

  it('won before the pay-back instant: no pay-back is written (the month’s payout run writes it)', async () => {
    const d = await disputed();
    await decide(d, 'won', new Date(payoutDueAt(d.period).getTime() - 60_000));
    expect(await payoutsOf(d.attemptId)).toEqual([]);
  });

  it('won for a plan charge: no pay-back (a plan charge is not paid back)', async () => {
    const d = await disputed({ kind: 'subscription' });
    await decide(d, 'won', new Date('2031-01-05T15:00:00Z'));
    expect(await payoutsOf(d.attemptId)).toEqual([]);
  });

  it('won while a payout run’s unwritten chunk lists the capture: that chunk writes its pay-back, not this', async () => {
    const d = await disputed();
    const run = await t.db
      .insertInto('billing_runs')
      .values({
        kind: 'payout',
        period: d.period,
        status: 'running',
        as_of: payoutDueAt(d.period),
        started_by: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into payout_chunks (run_id, seq, attempts, payouts)
      values (${run.id}, 0, ${[d.attemptId]}::uuid[], 1)`.execute(t.db);
    await decide(d, 'won', new Date(payoutDueAt(d.period).getTime() + 60_000));
    expect(await payoutsOf(d.attemptId)).toEqual([]);
  });
});
