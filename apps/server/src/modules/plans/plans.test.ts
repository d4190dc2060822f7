import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Checkout shows the plan's price, its tax in percent and in dollars, and the total (issue 29):
 * every amount is the server's, the two lines add up to the total, and the total is what the
 * card is charged.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

describe('GET /plans', () => {
  it('gives each plan its tax in cents beside the percentage, adding up to the total', async () => {
    const api = await signedInUser(t, 'tax@example.com');
    const plans = (await api.get('/api/v1/plans')).body.data;
    expect(plans).toEqual([
      expect.objectContaining({ id: 'annual', price: 6600, taxPercentage: 8.25, tax: 545, total: 7145 }),
      expect.objectContaining({ id: 'semi-annual', price: 3600, taxPercentage: 8.25, tax: 297, total: 3897 }),
    ]);
  });

  it('charges the total it showed', async () => {
    const api = await signedInUser(t, 'annual@example.com');
    const card = (await addCard(api, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
    const paid = await api.post('/api/v1/subscriptions', { plan: 'annual', card });
    expect(paid.status).toBe(200);
    expect(paid.body.data.subscription.plan).toMatchObject({ tax: 545, total: 7145 });
    const charges = await t.db
      .selectFrom('payment_attempts')
      .select(['amount_cents', 'status'])
      .where('kind', '=', 'subscription')
      .where('subscription_id', '=', paid.body.data.subscription.id)
      .execute();
    expect(charges.map((c) => [Number(c.amount_cents), c.status])).toEqual([[7145, 'captured']]);
  });
});
