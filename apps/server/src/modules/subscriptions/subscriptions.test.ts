import { messages } from '@pria/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

async function customerWithCard(name: string, number: string): Promise<{ api: Api; cardId: string }> {
  const api = await signedInUser(t, `${name}@example.com`);
  const card = await addCard(api, number);
  expect(card.status).toBe(201);
  return { api, cardId: card.body.data.id };
}

const attemptsOf = (customerEmail: string) =>
  t.db
    .selectFrom('payment_attempts as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .selectAll('a')
    .where('c.email', '=', customerEmail)
    .orderBy('a.created_at')
    .execute();

describe('checkout: POST /api/v1/subscriptions', () => {
  it('charges plan price + tax once and activates the subscription for six months', async () => {
    const { api, cardId } = await customerWithCard('ann', testCards.visa);
    const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardId });
    expect(res.status).toBe(200);
    const sub = res.body.data.subscription;
    expect(res.body.data.paymentSessionUrl).toBeNull();
    expect(sub).toMatchObject({ status: 'active', isEnabled: true, card: { id: cardId } });
    expect(sub.plan).toMatchObject({ id: 'semi-annual', price: 3600, taxPercentage: 8.25, total: 3897 });
    const days = (sub.expiresAt - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThan(185);

    const attempts = await attemptsOf('ann@example.com');
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ kind: 'subscription', status: 'captured', amount_cents: 3897 });
    // The confirmation screen's receipt: the charge's id (GET /receipts/{id}) and its number.
    expect(res.body.data.receipt).toEqual({
      id: attempts[0]?.id,
      number: expect.stringMatching(/^R-\d{6}$/),
    });
    expect((await api.download(`/api/v1/receipts/${res.body.data.receipt.id}`)).status).toBe(200);

    // The customer record carries the subscription (the spec reads data.subscription.plan).
    const me = (await api.get('/api/v1/customers/me')).body.data;
    expect(me.subscription).toMatchObject({ id: sub.id, status: 'active', plan: { id: 'semi-annual' } });

    // The charge is in the activity table.
    const activity = (await api.get('/api/v1/transactions?limit=10')).body.data;
    expect(activity.totalCount).toBe(1);
    expect(activity.rows[0]).toMatchObject({
      amount: 3897,
      transactionState: 'Charged',
      card: { lastFour: '1111' },
    });

    // A second checkout is refused: plan changes go through PUT.
    const again = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardId });
    expect(again.status).toBe(409);
    expect(await attemptsOf('ann@example.com')).toHaveLength(1);
  });

  it('shows the decline reason and activates nothing', async () => {
    const { api, cardId } = await customerWithCard('bob', testCards.insufficientFunds);
    const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardId });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_DECLINED', message: 'Insufficient funds' });
    const me = (await api.get('/api/v1/customers/me')).body.data;
    expect(me.subscription?.status ?? 'inactive').toBe('inactive');

    // A good card afterwards works: the declined try does not block the period.
    const good = await addCard(api, testCards.mastercard);
    const ok = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: good.body.data.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.subscription.status).toBe('active');
    const attempts = await attemptsOf('bob@example.com');
    expect(attempts.map((a) => a.status)).toEqual(['declined', 'captured']);
  });

  it('waits in Pending Verification until the customer authenticates at the processor', async () => {
    const { api, cardId } = await customerWithCard('cat', testCards.requiresAuthentication);
    const res = await api.post('/api/v1/subscriptions', { plan: 'annual', card: cardId });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription.status).toBe('pending_verification');
    const sessionUrl: string = res.body.data.paymentSessionUrl;
    expect(sessionUrl).toMatch(/\/gateway-sim\/sessions\//);

    // Still pending while the customer has not authenticated.
    expect((await api.get('/api/v1/subscriptions/me')).body.data.status).toBe('pending_verification');

    // The customer authenticates on the processor's page.
    const page = await fetch(sessionUrl);
    expect(page.status).toBe(200);
    const form = await fetch(sessionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'authenticate' }),
      redirect: 'manual',
    });
    expect(form.status).toBeLessThan(400);

    // Back on Pria, the app asks for that payment to be checked now (the settle step).
    const settled = (await api.post('/api/v1/subscriptions/me/verification')).body.data;
    expect(settled.status).toBe('active');
    expect((await attemptsOf('cat@example.com')).map((a) => a.status)).toEqual(['captured']);
  });

  it('resolves a charge whose answer never came by asking the processor on the tick, without charging again', async () => {
    const { api, cardId } = await customerWithCard('dan', testCards.timeout);
    const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardId });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription.status).toBe('pending_verification');
    expect((await attemptsOf('dan@example.com'))[0]?.status).toBe('unknown');

    await runDueWork(t.billing, t.billing.clock.now());
    expect((await api.get('/api/v1/subscriptions/me')).body.data.status).toBe('active');
    const attempts = await attemptsOf('dan@example.com');
    expect(attempts.map((a) => a.status)).toEqual(['captured']);
    const atGateway = await t.db
      .withSchema('gateway_sim')
      .selectFrom('transactions' as never)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('reference' as never, '=', attempts[0]?.reference as never)
      .executeTakeFirst();
    expect(Number((atGateway as { n: number } | undefined)?.n)).toBe(1);
  });

  it("refuses bad input with the spec words and someone else's card", async () => {
    const { api } = await customerWithCard('eve', testCards.visa);
    const { cardId: bobsCard } = await customerWithCard('fay', testCards.visa);
    expect((await api.post('/api/v1/subscriptions', { plan: 'semi-annual' })).body.message).toBe(
      messages.noFundingCard,
    );
    expect((await api.post('/api/v1/subscriptions', { plan: 'gold', card: bobsCard })).status).toBe(400);
    expect((await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: bobsCard })).status).toBe(
      404,
    );
    expect(await attemptsOf('eve@example.com')).toHaveLength(0);
  });
});

describe('checkout: staff accounts', () => {
  it('refuses to sell a plan to a staff account (403, no subscription, no charge)', async () => {
    const { cardId } = await customerWithCard('cara', testCards.visa);
    for (const role of ['support', 'admin']) {
      const staff = await signedInUser(t, `${role}-buyer@example.com`, [role]);
      const res = await staff.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardId });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.staffNotCustomer);
      expect((await staff.get('/api/v1/subscriptions/me')).body.data).toBeNull();
      expect(await attemptsOf(`${role}-buyer@example.com`)).toEqual([]);
    }
    expect(await attemptsOf('cara@example.com')).toEqual([]);
  });
});

describe('PUT /api/v1/subscriptions/{id}', () => {
  it('changes plan, pauses and resumes; nobody else can touch it', async () => {
    const { api, cardId } = await customerWithCard('gus', testCards.visa);
    const sub = (await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cardId })).body.data
      .subscription;

    const changed = await api.put(`/api/v1/subscriptions/${sub.id}`, {
      plan: 'annual',
      card: cardId,
      isEnabled: true,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(messages.updatedSubscription);
    // A plan change starts at the renewal (ADR 40): the plan paid for stays in force until then.
    expect(changed.body.data.subscription).toMatchObject({
      status: 'active',
      plan: { id: 'semi-annual' },
      nextPlan: { id: 'annual' },
    });

    const paused = await api.put(`/api/v1/subscriptions/${sub.id}`, {
      plan: 'annual',
      card: cardId,
      isEnabled: false,
    });
    expect(paused.body.data.subscription.isEnabled).toBe(false);
    const resumed = await api.put(`/api/v1/subscriptions/${sub.id}`, {
      plan: 'annual',
      card: cardId,
      isEnabled: true,
    });
    expect(resumed.body.data.subscription.isEnabled).toBe(true);
    // Only the checkout charged: plan changes and pauses move no money.
    expect(await attemptsOf('gus@example.com')).toHaveLength(1);

    const other = await signedInUser(t, 'hal@example.com');
    expect((await other.put(`/api/v1/subscriptions/${sub.id}`, { isEnabled: false })).status).toBe(404);
    expect((await api.get('/api/v1/subscriptions/me')).body.data.isEnabled).toBe(true);
  });
});

describe('money rows', () => {
  it('cannot be deleted or have their amount changed', async () => {
    const row = await t.db.selectFrom('payment_attempts').selectAll().executeTakeFirstOrThrow();
    await expect(t.db.deleteFrom('payment_attempts').where('id', '=', row.id).execute()).rejects.toThrow(
      /never deleted/,
    );
    await expect(
      t.db.updateTable('payment_attempts').set({ amount_cents: 1 }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/immutable/);
  });
});
