import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATION_WINDOW_MS } from '../../gateways/payments/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * 3-D Secure at checkout (issue 29): a customer who left the bank's page is never stuck in
 * "Pending Verification". While the bank waits, the subscription carries the way back into its
 * page; once the bank's window is over, the money engine's settle step (the tick, ADR 47) records
 * the decline, the subscription is inactive with the reason, and paying again works.
 */
const clock = fixedClock('2031-04-10T15:00:00Z');
let t: TestApp;
let api: Api;
let cardId: string;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  api = await signedInUser(t, 'eve@example.com');
  cardId = (await addCard(api, testCards.requiresAuthentication, '123', { month: 12, year: 2035 })).body.data
    .id;
}, 60_000);
afterAll(() => t?.stop());

describe('verification at checkout', () => {
  it('keeps the way back into the bank page while the bank waits', async () => {
    const res = await api.post('/api/v1/subscriptions', { plan: 'annual', card: cardId });
    expect(res.body.data.subscription.status).toBe('pending_verification');
    expect(res.body.data.receipt).toBeNull();
    const later = (await api.get('/api/v1/subscriptions/me')).body.data;
    expect(later).toMatchObject({
      status: 'pending_verification',
      verificationUrl: res.body.data.paymentSessionUrl,
    });
  });

  it("after the bank's window the tick records the decline and the plan is inactive, with why", async () => {
    clock.set(new Date(clock.now().getTime() + AUTHENTICATION_WINDOW_MS + 60_000));
    await runDueWork(t.billing, clock.now());
    const sub = (await api.get('/api/v1/subscriptions/me')).body.data;
    expect(sub).toMatchObject({
      status: 'inactive',
      inactiveReason: 'Authentication expired',
      inactiveAfter: 'checkout',
      verificationUrl: null,
    });
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['status', 'decline_reason'])
      .where('kind', '=', 'subscription')
      .execute();
    expect(attempts).toEqual([{ status: 'declined', decline_reason: 'Authentication expired' }]);
  });

  it('pays again with another card: one captured charge, active', async () => {
    const visa = (await addCard(api, testCards.visa, '123', { month: 12, year: 2035 })).body.data.id;
    const res = await api.post('/api/v1/subscriptions', { plan: 'annual', card: visa });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription.status).toBe('active');
    expect(res.body.data.receipt?.number).toMatch(/^R-\d{6}$/);
  });
});
