import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import { subscriptionReference } from '../references.ts';
import { openRun } from '../runs/runs.repo.ts';
import { openDueRuns } from '../schedule/tick.ts';

/**
 * Plan charges in the one settle step, on the worker's path (the pg-boss tick job runs
 * `openDueRuns`), with no customer request and by the engine's clock (ADR 47). The checkout
 * journeys with the simulator's faults are in subscriptions/checkout-settle-step.test.ts.
 */
const at = new Date('2031-05-12T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { clock: fixedClock(at) });
}, 60_000);
afterAll(() => t?.stop());

async function subscriber(number: string) {
  const { customerIds, cardIds } = await seedSubscribers(t.db, t.payments, {
    customers: 1,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
    number: () => number,
  });
  const customerId = customerIds[0] ?? '';
  const card = await t.db
    .selectFrom('cards')
    .select(['id', 'instrument_id'])
    .where('id', '=', cardIds[0] ?? '')
    .executeTakeFirstOrThrow();
  const sub = await t.db
    .updateTable('subscriptions')
    .set({ status: 'pending_verification' })
    .where('customer_id', '=', customerId)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customerId, card, subscriptionId: sub.id };
}

async function planCharge(
  s: Awaited<ReturnType<typeof subscriber>>,
  r: { status: 'unknown' | 'requires_authentication'; initiator: 'customer' | 'merchant'; runId?: string },
) {
  const id = randomUUID();
  await t.db
    .insertInto('payment_attempts')
    .values({
      id,
      reference: subscriptionReference(id),
      kind: 'subscription',
      period: '2031-05-12',
      customer_id: s.customerId,
      card_id: s.card.id,
      instrument_id: s.card.instrument_id,
      subscription_id: s.subscriptionId,
      plan_id: 'semi-annual',
      billing_run_id: r.runId ?? null,
      amount_cents: 3897,
      description: 'Semi-Annual plan',
      initiator: r.initiator,
      status: r.status,
      created_at: at,
      due_at: at,
      sent_at: at,
    })
    .execute();
  return { id, reference: subscriptionReference(id) };
}

const attempt = (id: string) =>
  t.db.selectFrom('payment_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const subscription = (id: string) =>
  t.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const atProcessor = async (reference: string) =>
  (
    await sql<{
      status: string;
    }>`select status from gateway_sim.transactions where reference = ${reference}`.execute(t.db)
  ).rows.map((r) => r.status);

describe("the worker's tick settles plan charges", () => {
  it('a checkout charge the processor never received: sent again under its reference, captured once, the plan active', async () => {
    const s = await subscriber('4111111111111111');
    const charge = await planCharge(s, { status: 'unknown', initiator: 'customer' });
    await openDueRuns(t.billing, at);
    expect(await attempt(charge.id)).toMatchObject({ status: 'captured', settled_at: at });
    expect(await atProcessor(charge.reference)).toEqual(['captured']);
    expect(await subscription(s.subscriptionId)).toMatchObject({
      status: 'active',
      expires_at: new Date('2031-11-12T05:00:00Z'),
    });
  });

  it("a renewal waiting for the customer's bank, its run completed: the bank's answer recorded, the plan renewed", async () => {
    const s = await subscriber('4000002760003184');
    const run = await openRun(t.db, {
      kind: 'subscriptions',
      period: '2031-05-12',
      asOf: at,
      startedBy: 'test',
      forced: false,
    });
    await t.db.updateTable('billing_runs').set({ status: 'completed' }).where('id', '=', run.id).execute();
    const charge = await planCharge(s, {
      status: 'requires_authentication',
      initiator: 'merchant',
      runId: run.id,
    });
    // The bank asked the customer, who then confirmed on its page.
    const asked = await t.payments.charge({
      reference: charge.reference,
      instrumentId: s.card.instrument_id,
      amountCents: 3897 as never,
      description: 'Semi-Annual plan renewal',
      initiator: 'customer',
    });
    expect(asked.status).toBe('requires_authentication');
    const page = asked.status === 'requires_authentication' ? asked.sessionUrl : '';
    await fetch(page, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'authenticate' }),
      redirect: 'manual',
    });

    await openDueRuns(t.billing, at);
    expect(await attempt(charge.id)).toMatchObject({ status: 'captured', settled_at: at });
    expect(await subscription(s.subscriptionId)).toMatchObject({ status: 'active' });
    const events = await t.db
      .selectFrom('money_events')
      .select('type')
      .where('attempt_id', '=', charge.id)
      .execute();
    expect(events).toEqual([{ type: 'subscription.renewed' }]);
  });
});
