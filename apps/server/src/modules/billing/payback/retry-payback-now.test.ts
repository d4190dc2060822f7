import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, type PaymentGateway } from '../../../gateways/payments/port.ts';
import { reconcilePeriod } from '../reconciliation/reconcile.ts';
import { paybacksWorld } from './paybacks.fixture.ts';

/**
 * A delayed pay-back (issue 21): after three failed tries it is shown to staff and to the
 * customer, and staff may bring the next try forward. Recorded with who did it.
 */
type World = Awaited<ReturnType<typeof paybacksWorld>>;
let t: World['t'];
let ann: World['ann'];
let admin: World['admin'];
let cards: World['cards'];
let at: World['at'];
let instrumentOf: World['instrumentOf'];
beforeAll(async () => {
  ({ t, ann, admin, cards, at, instrumentOf } = await paybacksWorld());
}, 60_000);
afterAll(() => t?.stop());

describe('a delayed pay-back', () => {
  it('after three failed tries is shown to staff and the customer, and staff can try it now', async () => {
    const shaky = await instrumentOf(cards.shaky as string);
    let refuse = true;
    const payments = t.billing.payments;
    const refusing: PaymentGateway = Object.assign(Object.create(payments) as PaymentGateway, {
      payout: (i: Parameters<PaymentGateway['payout']>[0]) =>
        refuse && i.instrumentId === shaky
          ? Promise.reject(new GatewayError('Issuer unavailable'))
          : payments.payout(i),
    });
    const deps = { ...t.billing, payments: refusing };
    // January's pay-backs, through the processor as it is (the closed card's is returned).
    await at('2031-02-02T21:01:00Z');
    // February's charges, then its pay-backs: the shaky card's fail at 16:01, 16:06 and 16:36.
    await at('2031-02-28T21:01:00Z', deps);
    for (const time of ['21:01', '21:06', '21:36']) await at(`2031-03-02T${time}:00Z`, deps);
    const payout = await t.db
      .selectFrom('payouts')
      .selectAll()
      .where('card_id', '=', cards.shaky as string)
      .where('period', '=', '2031-02')
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ status: 'failed', tries: 3, last_error: 'Issuer unavailable' });
    // Its fourth try is due two hours after the third.
    expect(new Date(payout.next_try_at as Date).toISOString()).toBe('2031-03-02T23:36:00.000Z');

    // (February's pay-back to the closed card is back in the queue too, returned again.)
    const queue = (await admin.get('/api/v1/billing/payouts/attention')).body.data as { id: string }[];
    expect(queue.find((r) => r.id === payout.id)).toMatchObject({
      state: 'delayed',
      tries: 3,
      reason: 'Issuer unavailable',
      nextTryAt: '2031-03-02T23:36:00.000Z',
    });
    const row = (await ann.get('/api/v1/transactions?limit=30')).body.data.rows.find(
      (r: { id: string }) => r.id === payout.id,
    );
    expect(row).toMatchObject({ transactionState: 'Retrying', remarks: 'Pay-back delayed, we are retrying' });
    const delayed = await sql<{ n: number }>`
      select count(*)::int as n from money_events where type = 'payout.failed' and card_id = ${cards.shaky}`.execute(
      t.db,
    );
    expect(delayed.rows[0]?.n).toBe(1);

    // The issuer is back; staff try it now instead of at 23:36.
    refuse = false;
    expect((await ann.post(`/api/v1/billing/payouts/${payout.id}/retry`)).status).toBe(403);
    const retry = await admin.post(`/api/v1/billing/payouts/${payout.id}/retry`);
    expect(retry.status).toBe(200);
    await at('2031-03-02T21:40:00Z', deps);
    expect(
      await t.db
        .selectFrom('payouts')
        .select(['status', 'tries'])
        .where('id', '=', payout.id)
        .executeTakeFirst(),
    ).toEqual({ status: 'paid', tries: 4 });
    expect((await admin.post(`/api/v1/billing/payouts/${payout.id}/retry`)).status).toBe(409);
    // The books: three charged, two paid back, the closed card's returned (with staff), none retrying.
    const books = await reconcilePeriod(t.db, '2031-02');
    expect(books).toMatchObject({
      charged: { count: 3, cents: 900 },
      paidBack: { count: 2, cents: 600 },
      returned: { count: 1, cents: 300 },
      retrying: { count: 0, cents: 0 },
      outstanding: { count: 1, cents: 300 },
    });
  });
});
