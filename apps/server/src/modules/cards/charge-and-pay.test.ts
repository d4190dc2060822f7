import { encryptCard } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testAddress, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * Issue 29: a card registered at checkout to pay for the plan joins the monthly $3 Charge & Pay
 * only when the customer says so. A card that only pays for the plan is never charged the $3,
 * the Upcoming panel says the same, and the customer can change their mind later.
 */
const clock = fixedClock('2031-04-10T15:00:00Z');
let t: TestApp;
let ann: Api;
let visa: string;
let payOnly: string;

async function addPayOnlyCard(api: Api, number: string) {
  const jwk = (await api.get('/api/v1/cards/public-key')).body.data;
  return api.post('/api/v1/cards', {
    number: await encryptCard({ number, cvc: '123' }, jwk),
    expirationMonth: 12,
    expirationYear: 2035,
    brand: '002',
    isDefault: true,
    chargeAndPay: false,
    name: 'Ann Lee',
    address: testAddress,
  });
}

const payinsOf = (cardId: string) =>
  t.db
    .selectFrom('payment_attempts')
    .select(['period', 'status'])
    .where('card_id', '=', cardId)
    .where('kind', '=', 'payin')
    .orderBy('period')
    .execute();

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'ann@example.com');
  const v = await addCard(ann, testCards.visa, '123', { month: 12, year: 2035 });
  visa = v.body.data.id;
  expect(v.body.data.chargeAndPay).toBe(true);
  const p = await addPayOnlyCard(ann, testCards.mastercard);
  expect(p.status).toBe(201);
  payOnly = p.body.data.id;
  expect(p.body.data.chargeAndPay).toBe(false);
  const sub = await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: payOnly });
  expect(sub.body.data.subscription.status).toBe('active');
}, 60_000);
afterAll(() => t?.stop());

describe('Charge & Pay is the customer’s choice per card', () => {
  it('the Upcoming panel lists only the cards in Charge & Pay for the next $3', async () => {
    const upcoming = (await ann.get('/api/v1/subscriptions/me/upcoming')).body.data;
    expect(upcoming.nextCharge.cards.map((c: { id: string }) => c.id)).toEqual([visa]);
    // The plan still renews on the card that pays for it.
    expect(upcoming.renewal.card.id).toBe(payOnly);
  });

  it('the pay-in charges the $3 on Charge & Pay cards only', async () => {
    clock.set('2031-04-28T20:01:00Z');
    await runDueWork(t.billing, clock.now());
    expect(await payinsOf(visa)).toEqual([{ period: '2031-04', status: 'captured' }]);
    expect(await payinsOf(payOnly)).toEqual([]);
  });

  it('a card can join Charge & Pay later, and is charged from the next month', async () => {
    const card = (await ann.get('/api/v1/cards')).body.data.find((c: { id: string }) => c.id === payOnly);
    const res = await ann.put(`/api/v1/cards/${payOnly}`, {
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      address: testAddress,
      chargeAndPay: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.chargeAndPay).toBe(true);
    clock.set('2031-05-28T20:01:00Z');
    await runDueWork(t.billing, clock.now());
    expect(await payinsOf(payOnly)).toEqual([{ period: '2031-05', status: 'captured' }]);
  });
});
