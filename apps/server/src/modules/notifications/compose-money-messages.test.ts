import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout, insertRefund } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { composeMoneyMessages } from './compose-money-messages.ts';
import type { MoneyEventRow } from './notifications.repo.ts';

// A dispute's words come from the disputed charge's rows: a plan payment (not a $3 charge),
// what of it the processor already refunded (a failed refund is not counted), and for a $3 charge
// whether the dispute found its pay-back already sent.
let t: TestApp;
let customer: string;
let card: string;

beforeAll(async () => {
  t = await startTestApp();
  customer = await insertCustomer(t.db, { email: 'plan-dispute@example.com' });
  card = await insertCard(t.db, customer, { lastFour: '4242' });
}, 60_000);
afterAll(() => t?.stop());

const disputeOf = (attemptId: string, amountCents: number): MoneyEventRow => ({
  id: 1,
  type: 'dispute.opened',
  customer_id: customer,
  card_id: card,
  amount_cents: amountCents,
  reason: 'Fraudulent',
  attempt_id: attemptId,
  refund_id: null,
  occurred_at: new Date('2030-03-20T15:00:00Z'),
  attempt_kind: null,
});
const ctx = { firstName: 'Ann', publicUrl: 'https://app.pria.example' };

describe('the words of a dispute', () => {
  it('of a plan payment of which $38.75 was refunded say so, with the refund date', async () => {
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      kind: 'subscription',
      period: '2030-01',
      amount: 3897,
      createdAt: new Date('2030-01-10T15:00:00Z'),
    });
    for (const [amount, status, settledAt] of [
      [3875, 'refunded', '2030-02-03T15:00:00Z'],
      [22, 'failed', '2030-02-05T15:00:00Z'],
    ] as const) {
      await insertRefund(t.db, charge, {
        cents: amount,
        status,
        mode: 'prorated',
        at: new Date('2030-02-01T15:00:00Z'),
        settledAt: new Date(settledAt),
      });
    }
    const m = await composeMoneyMessages(t.db, disputeOf(charge, 3897), ctx);
    expect(m.email.subject).toBe('Your bank told us you disputed your $38.97 plan payment');
    expect(m.email.text).toContain(
      'You disputed your $38.97 plan payment of January 10, 2030 on your Visa •••• 4242 with your bank. $38.75 of it was already refunded to your card on February 03, 2030;',
    );
    expect(m.email.text).toContain('Your plan stays as it is while your bank decides');
    expect(m.email.text).toContain('Already refunded: $38.75');
    expect(m.email.text).not.toContain('Charge & Pay');
  });

  it('of a $3 charge say Charge & Pay, with no refund', async () => {
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period: '2030-02',
      createdAt: new Date('2030-02-28T21:00:00Z'),
    });
    const m = await composeMoneyMessages(t.db, disputeOf(charge, 300), ctx);
    expect(m.email.text).toContain('our $3.00 Charge & Pay charge on your Visa •••• 4242');
    expect(m.email.text).not.toContain('refunded');
  });

  it('of a $3 charge disputed after its pay-back went out say it was paid back, and when', async () => {
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period: '2030-01',
      createdAt: new Date('2030-01-28T21:01:00Z'),
    });
    await insertPayout(t.db, charge, { createdAt: new Date('2030-02-02T21:01:00Z') });
    const dispute = (paybackSent: boolean, openedAt: string) =>
      sql`
      insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents, status,
                            payback_sent, opened_at, decided_at)
      values (${`dp-${crypto.randomUUID()}`}, ${charge}, ${customer}, ${card}, 300,
              ${paybackSent ? 'open' : 'won'}, ${paybackSent}, ${new Date(openedAt)},
              ${paybackSent ? null : new Date(openedAt)})`.execute(t.db);
    // An earlier dispute (won, before the pay-back) is not the one this email is about.
    await dispute(false, '2030-01-30T15:00:00Z');
    await dispute(true, '2030-03-20T15:00:00Z');
    const m = await composeMoneyMessages(t.db, disputeOf(charge, 300), ctx);
    expect(m.email.text).toContain(
      'We already paid the $3.00 back to you: it was sent on February 02, 2030. If your bank returns the charge as well, you will get it twice',
    );
    expect(m.email.text).not.toContain('we will not pay it back as well');
  });

  it('of a $3 charge disputed before its pay-back say the bank returns it instead', async () => {
    const charge = await insertCharge(t.db, {
      customerId: customer,
      cardId: card,
      period: '2030-03',
      createdAt: new Date('2030-03-28T21:01:00Z'),
    });
    await insertPayout(t.db, charge, { status: 'pending', createdAt: new Date('2030-04-02T21:01:00Z') });
    await sql`
      insert into disputes (processor_dispute_id, attempt_id, customer_id, card_id, amount_cents, status,
                            payback_sent, opened_at)
      values (${`dp-${crypto.randomUUID()}`}, ${charge}, ${customer}, ${card}, 300, 'open', false,
              ${new Date('2030-03-20T15:00:00Z')})`.execute(t.db);
    const m = await composeMoneyMessages(t.db, disputeOf(charge, 300), ctx);
    expect(m.email.text).toContain('Your bank is returning it to you, so we will not pay it back as well.');
  });
});
