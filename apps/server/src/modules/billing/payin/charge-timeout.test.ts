import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { drainRun } from '../runs/run-engine.ts';
import { runDueWork } from '../schedule/tick.ts';

const clock = fixedClock('2031-04-10T15:00:00Z');
let t: TestApp;
let ann: Api;
const cards: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'ann@example.com');
  for (const [name, number] of Object.entries({ visa: testCards.visa, slow: testCards.timeout })) {
    cards[name] = (await addCard(ann, number)).body.data.id;
  }
  const sub = await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards.visa });
  expect(sub.body.data.subscription.status).toBe('active');
}, 60_000);
afterAll(() => t?.stop());

describe('the timeout-after-charge card', () => {
  it('times out, then is resolved to captured by lookup in the same run, with exactly one charge at the processor', async () => {
    const sent: string[] = [];
    const looked: string[] = [];
    const payments = t.billing.payments;
    const watched = Object.assign(Object.create(payments) as typeof payments, {
      charge: (i: Parameters<typeof payments.charge>[0]) => {
        sent.push(i.reference);
        return payments.charge(i);
      },
      lookup: (reference: string) => {
        looked.push(reference);
        return payments.lookup(reference);
      },
    });
    // April 28th 16:01 New York (EDT) = 20:01 UTC.
    clock.set('2031-04-28T20:01:00Z');
    const [payin] = (await runDueWork({ ...t.billing, payments: watched }, clock.now())).filter(
      (r) => r.kind === 'payin',
    );
    expect(payin).toMatchObject({ period: '2031-04', status: 'completed', total: 2, done: 2 });

    const slow = await t.db
      .selectFrom('payment_attempts')
      .selectAll()
      .where('card_id', '=', cards.slow as string)
      .where('period', '=', '2031-04')
      .executeTakeFirstOrThrow();
    // The answer was lost; the next pass asked the processor about our reference instead of
    // charging again.
    expect(slow.status).toBe('captured');
    expect(sent.filter((r) => r === slow.reference)).toHaveLength(1);
    expect(looked).toEqual([slow.reference]);
    expect((await drainRun(t.billing, payin?.id as string))?.status).toBe('completed');
    const atProcessor = await sql<{ n: number }>`
      select count(*)::int as n from gateway_sim.transactions where reference = ${slow.reference}`.execute(
      t.db,
    );
    expect(atProcessor.rows[0]?.n).toBe(1);
  });

  it("shows charges and Pria's pay-backs in the customer's activity", async () => {
    clock.set('2031-05-02T20:01:00Z');
    await runDueWork(t.billing, clock.now());
    const activity = (await ann.get('/api/v1/transactions?limit=10')).body.data;
    const rows = activity.rows as {
      type: string;
      amount: number;
      transactionState: string;
      card: { id: string };
    }[];
    expect(activity.totalCount).toBe(5); // checkout + 2 charges + 2 pay-backs
    expect(rows.filter((r) => r.type === 'payment').map((r) => r.transactionState)).toEqual(['Paid', 'Paid']);
    expect(rows.filter((r) => r.type === 'charge' && r.amount === 300)).toHaveLength(2);
    const perCard = (await ann.get(`/api/v1/transactions?limit=10&cardId=${cards.slow}`)).body.data;
    expect(perCard.totalCount).toBe(2);
    expect((await ann.get('/api/v1/transactions?limit=1')).body.data.rows).toHaveLength(1);

    // Someone else sees none of it, even asking for Ann's card.
    const bob = await signedInUser(t, 'bob@example.com');
    expect((await bob.get(`/api/v1/transactions?cardId=${cards.slow}`)).body.data).toEqual({
      rows: [],
      totalCount: 0,
    });
    expect((await bob.get('/api/v1/transactions?limit=0')).status).toBe(400);
    const inverted = await bob.get('/api/v1/transactions?startDate=20&endDate=10');
    expect(inverted.status).toBe(400);
    expect(inverted.body.message).toBe('The start date must be before the end date');
  });
});
