import { messages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTHENTICATION_WINDOW_MS,
  type ChargeInput,
  createSimulatorGateway,
  GatewayTimeout,
  type LookupResult,
  type PaymentGateway,
  type SimulatorGateway,
} from '../../gateways/payments/index.ts';
import type { Principal } from '../../platform/auth.ts';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { type BillingDeps, planPeriodEnd, runDueWork } from '../billing/index.ts';
import { subscribe } from './subscribe.ts';
import { periodKeyAt } from './subscription-period.ts';

/**
 * A checkout's plan charge goes through the money engine's one settle step (ADR 47), on the
 * tick, with no customer request: a timeout before or after the money moved, a charge the
 * processor never received (sent again under the same reference while its hour is open, else
 * missed), a late capture, 3-D Secure completed, abandoned or never answered. Reading the
 * subscription never settles anything; the customer back from the bank's page asks for their
 * own charge to be checked at once, through the same step.
 */
const T0 = new Date('2031-05-12T15:00:00Z');
const clock = fixedClock(T0);
const HOUR = 60 * 60_000;
let t: TestApp;
/** The simulator's own fault injection, always on: 'before' (nothing happened) or 'after' (the money moved). */
let timesOutBefore: SimulatorGateway;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  timesOutBefore = await createSimulatorGateway({
    db: t.db,
    publicUrl: t.url,
    faultRate: 1,
    random: () => 0.1,
    clock: () => clock.now(),
  });
}, 60_000);
afterAll(async () => {
  await timesOutBefore?.close();
  await t?.stop();
});

let customers = 0;
async function customer(
  number: string = testCards.visa,
): Promise<{ api: Api; email: string; cardId: string }> {
  clock.set(T0);
  const email = `settle${++customers}@example.com`;
  const api = await signedInUser(t, email);
  const card = await addCard(api, number, '123', { month: 12, year: 2035 });
  expect(card.status).toBe(201);
  return { api, email, cardId: card.body.data.id };
}

async function principalOf(email: string): Promise<Principal> {
  const c = await t.db
    .selectFrom('customers')
    .select(['issuer', 'subject'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return {
    ...c,
    email,
    emailVerified: true,
    roles: ['customer'],
    permissions: new Set(),
    amr: ['pwd'],
    authTime: null,
    issuedAtMs: null,
  };
}

/** Checkout as POST /subscriptions does it, through a given processor (the app's has no faults). */
async function checkoutThrough(payments: PaymentGateway, c: { email: string; cardId: string }) {
  return subscribe({ db: t.appDb, payments, clock, publicUrl: t.url }, await principalOf(c.email), {
    plan: 'semi-annual',
    card: c.cardId,
  });
}

const chargeOf = (email: string) =>
  t.db
    .selectFrom('payment_attempts as a')
    .innerJoin('customers as c', 'c.id', 'a.customer_id')
    .selectAll('a')
    .where('c.email', '=', email)
    .where('a.kind', '=', 'subscription')
    .orderBy('a.created_at')
    .execute();

const subscriptionOf = (email: string) =>
  t.db
    .selectFrom('subscriptions as s')
    .innerJoin('customers as c', 'c.id', 's.customer_id')
    .selectAll('s')
    .where('c.email', '=', email)
    .executeTakeFirstOrThrow();

/** What the processor holds under a reference: its transactions' statuses. */
async function atProcessor(reference: string): Promise<string[]> {
  const res = await sql<{ status: string }>`
    select status from gateway_sim.transactions where reference = ${reference}`.execute(t.db);
  return res.rows.map((r) => r.status);
}

/** The app's processor, its charge calls counted by reference. */
function counted(inner: PaymentGateway) {
  const charges: ChargeInput[] = [];
  const gateway: PaymentGateway = {
    name: inner.name,
    publicKey: () => inner.publicKey(),
    createInstrument: (i) => inner.createInstrument(i),
    updateInstrument: (id, i) => inner.updateInstrument(id, i),
    deleteInstrument: (id) => inner.deleteInstrument(id),
    charge: (i) => {
      charges.push(i);
      return inner.charge(i);
    },
    payout: (i) => inner.payout(i),
    refund: (i) => inner.refund(i),
    lookup: (r) => inner.lookup(r),
    disputeEvents: (c) => inner.disputeEvents(c),
  };
  return { gateway, charges };
}

/** The tick as the CLI and the worker run it, by the engine's clock, the app's processor counted. */
async function tick(deps: Partial<BillingDeps> = {}) {
  const processor = counted(deps.payments ?? t.payments);
  await runDueWork({ ...t.billing, ...deps, payments: processor.gateway }, clock.now());
  return processor.charges;
}

async function expectActiveAfterCapture(email: string, attemptId: string) {
  const sub = await subscriptionOf(email);
  expect(sub.status).toBe('active');
  expect(sub.expires_at).toEqual(planPeriodEnd(periodKeyAt(T0), 6));
  // The receipt email (its money event) and the end of onboarding, as at checkout.
  const started = await t.db
    .selectFrom('money_events')
    .select(['type', 'occurred_at'])
    .where('attempt_id', '=', attemptId)
    .execute();
  expect(started.map((e) => e.type)).toEqual(['subscription.started']);
  const row = await t.db
    .selectFrom('customers')
    .select('onboarding_index')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(row.onboarding_index).toBeGreaterThanOrEqual(3);
}

describe('a checkout charge whose answer was lost', () => {
  it('timeout before the money moved: never received, sent again under the same reference by the tick, captured once', async () => {
    const c = await customer();
    const res = await checkoutThrough(timesOutBefore, c);
    expect(res.subscription.status).toBe('pending_verification');
    const [lost] = await chargeOf(c.email);
    expect(lost?.status).toBe('unknown');
    expect(await atProcessor(lost?.reference ?? '')).toEqual([]);

    clock.set(new Date(T0.getTime() + 5 * 60_000));
    const sent = await tick();
    expect(sent.map((s) => [s.reference, s.initiator])).toEqual([[lost?.reference, 'customer']]);
    const [charge] = await chargeOf(c.email);
    expect(charge).toMatchObject({ id: lost?.id, status: 'captured', reference: lost?.reference });
    expect(charge?.settled_at).toEqual(clock.now());
    expect(await atProcessor(lost?.reference ?? '')).toEqual(['captured']);
    await expectActiveAfterCapture(c.email, lost?.id ?? '');
  });

  it('timeout after the money moved: found captured by the tick, active, one capture at the processor, nothing sent again', async () => {
    const c = await customer(testCards.timeout);
    const res = await c.api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: c.cardId });
    expect(res.body.data.subscription.status).toBe('pending_verification');
    const [lost] = await chargeOf(c.email);
    expect(lost?.status).toBe('unknown');

    const sent = await tick();
    expect(sent).toEqual([]);
    const [charge] = await chargeOf(c.email);
    expect(charge).toMatchObject({ status: 'captured', reference: lost?.reference });
    expect(await atProcessor(lost?.reference ?? '')).toEqual(['captured']);
    await expectActiveAfterCapture(c.email, lost?.id ?? '');
  });

  it('unknown at the processor within the lookup lag: asked again later, neither sent again nor given up', async () => {
    const c = await customer();
    await checkoutThrough(timesOutBefore, c);
    const sent = await tick({ lookupLagMs: 30 * 60_000 });
    expect(sent).toEqual([]);
    expect((await chargeOf(c.email)).map((a) => a.status)).toEqual(['unknown']);
    expect((await subscriptionOf(c.email)).status).toBe('pending_verification');
  });

  it('unknown at the processor past the lag and past its hour: missed, plan not active, nothing charged, bought again the same day', async () => {
    const c = await customer();
    await checkoutThrough(timesOutBefore, c);
    clock.set(new Date(T0.getTime() + HOUR + 60_000));
    const sent = await tick();
    expect(sent).toEqual([]);
    const [missed] = await chargeOf(c.email);
    expect(missed).toMatchObject({ status: 'missed', decline_reason: messages.checkoutNotConfirmed });
    expect(missed?.settled_at).toEqual(clock.now());
    expect(await atProcessor(missed?.reference ?? '')).toEqual([]);
    expect((await subscriptionOf(c.email)).status).toBe('inactive');
    expect((await c.api.get('/api/v1/subscriptions/me')).body.data).toMatchObject({
      status: 'inactive',
      inactiveReason: messages.checkoutNotConfirmed,
      inactiveAfter: 'checkout',
    });
    // The customer buys again (the same New York day): a missed charge holds no period.
    const again = await c.api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: c.cardId });
    expect(again.status).toBe(200);
    expect(again.body.data.subscription.status).toBe('active');
    expect((await chargeOf(c.email)).map((a) => a.status)).toEqual(['missed', 'captured']);
  });

  it('late capture: the processor takes the charge after our timeout; recorded captured, never declined', async () => {
    const c = await customer();
    let late: (() => Promise<unknown>) | undefined;
    const slow: PaymentGateway = {
      ...counted(t.payments).gateway,
      // Our call gives up before the processor has acted; it acts later.
      charge: async (input) => {
        late = () => t.payments.charge(input);
        throw new GatewayTimeout(input.reference);
      },
    };
    await checkoutThrough(slow, c);
    const lag = { lookupLagMs: 30 * 60_000 };
    await tick(lag);
    expect((await chargeOf(c.email)).map((a) => a.status)).toEqual(['unknown']);

    await late?.();
    clock.set(new Date(T0.getTime() + 2 * 60_000));
    expect(await tick(lag)).toEqual([]);
    const [charge] = await chargeOf(c.email);
    expect(charge).toMatchObject({ status: 'captured', decline_reason: null });
    expect(await atProcessor(charge?.reference ?? '')).toEqual(['captured']);
    await expectActiveAfterCapture(c.email, charge?.id ?? '');
  });

  it('sent again on a card whose bank asks the customer: the bank page leads back to their subscription', async () => {
    const c = await customer(testCards.requiresAuthentication);
    await checkoutThrough(timesOutBefore, c);
    await tick();
    const [charge] = await chargeOf(c.email);
    expect(charge?.status).toBe('requires_authentication');
    expect(charge?.session_url).toMatch(/\/gateway-sim\/sessions\//);
    const back = await sql<{ return_url: string }>`
      select return_url from gateway_sim.transactions where reference = ${charge?.reference ?? ''}`.execute(
      t.db,
    );
    expect(back.rows).toEqual([{ return_url: `${t.url}/dashboard/account/subscription` }]);
    expect((await c.api.get('/api/v1/subscriptions/me')).body.data).toMatchObject({
      status: 'pending_verification',
      verificationUrl: charge?.session_url,
    });
  });
});

/** The customer decides on the simulator's bank page. */
async function answerBank(sessionUrl: string, decision: 'authenticate' | 'cancel') {
  const res = await fetch(sessionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
}

async function waitingForBank() {
  const c = await customer(testCards.requiresAuthentication);
  const res = await c.api.post('/api/v1/subscriptions', { plan: 'semi-annual', card: c.cardId });
  expect(res.body.data.subscription.status).toBe('pending_verification');
  return { ...c, sessionUrl: res.body.data.paymentSessionUrl as string };
}

describe('3-D Secure at checkout, settled on the tick', () => {
  it('completed at the bank, the customer never back: the tick records the capture', async () => {
    const c = await waitingForBank();
    await answerBank(c.sessionUrl, 'authenticate');
    expect(await tick()).toEqual([]);
    const [charge] = await chargeOf(c.email);
    expect(charge?.status).toBe('captured');
    await expectActiveAfterCapture(c.email, charge?.id ?? '');
  });

  it("abandoned: after the bank's window the tick records the decline, and the plan is inactive with why", async () => {
    const c = await waitingForBank();
    clock.set(new Date(T0.getTime() + 10 * 60_000));
    await tick();
    expect((await chargeOf(c.email)).map((a) => a.status)).toEqual(['requires_authentication']);
    clock.set(new Date(T0.getTime() + AUTHENTICATION_WINDOW_MS + 60_000));
    await tick();
    expect((await chargeOf(c.email)).map((a) => [a.status, a.decline_reason])).toEqual([
      ['declined', 'Authentication expired'],
    ]);
    expect((await c.api.get('/api/v1/subscriptions/me')).body.data).toMatchObject({
      status: 'inactive',
      inactiveReason: 'Authentication expired',
      inactiveAfter: 'checkout',
      verificationUrl: null,
    });
  });

  it('a bank that never answers (the processor still holds it an hour after it was sent): missed, nothing charged', async () => {
    const c = await waitingForBank();
    const [pending] = await chargeOf(c.email);
    // As CyberSource does: a charge waiting for the customer's bank stays so at the processor.
    const holds: PaymentGateway = {
      ...counted(t.payments).gateway,
      lookup: async (reference): Promise<LookupResult | null> =>
        reference === pending?.reference
          ? {
              kind: 'charge',
              status: 'requires_authentication',
              sessionUrl: '',
              gatewayTransactionId: 'held',
              amountCents: pending.amount_cents as never,
              instrumentId: pending.instrument_id ?? '',
            }
          : t.payments.lookup(reference),
    };
    clock.set(new Date(T0.getTime() + HOUR - 60_000));
    await tick({ payments: holds });
    expect((await chargeOf(c.email)).map((a) => a.status)).toEqual(['requires_authentication']);
    clock.set(new Date(T0.getTime() + HOUR + 60_000));
    await tick({ payments: holds });
    expect((await chargeOf(c.email)).map((a) => [a.status, a.decline_reason])).toEqual([
      ['missed', messages.checkoutNotConfirmed],
    ]);
    expect((await subscriptionOf(c.email)).status).toBe('inactive');
    expect(await atProcessor(pending?.reference ?? '')).toEqual(['requires_authentication']);
  });
});

describe('reading a subscription never settles anything', () => {
  it('GET /subscriptions/me and GET /customers/me leave the waiting charge and the plan exactly as they were', async () => {
    const c = await waitingForBank();
    await answerBank(c.sessionUrl, 'authenticate');
    const before = { charges: await chargeOf(c.email), subscription: await subscriptionOf(c.email) };
    const mine = (await c.api.get('/api/v1/subscriptions/me')).body.data;
    expect(mine).toMatchObject({ status: 'pending_verification', verificationUrl: c.sessionUrl });
    const me = (await c.api.get('/api/v1/customers/me')).body.data;
    expect(me.subscription.status).toBe('pending_verification');
    expect({ charges: await chargeOf(c.email), subscription: await subscriptionOf(c.email) }).toEqual(before);
  });

  it("POST /subscriptions/me/verification settles the caller's own charge at once, and nobody else's", async () => {
    const a = await waitingForBank();
    const b = await waitingForBank();
    await answerBank(a.sessionUrl, 'authenticate');
    await answerBank(b.sessionUrl, 'authenticate');
    const others = await chargeOf(b.email);
    const res = await a.api.post('/api/v1/subscriptions/me/verification');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'active', verificationUrl: null });
    expect((await chargeOf(a.email)).map((x) => x.status)).toEqual(['captured']);
    expect(await chargeOf(b.email)).toEqual(others);
    // Nothing waiting: only read.
    expect((await a.api.post('/api/v1/subscriptions/me/verification')).body.data.status).toBe('active');
  });
});
