import { cents, totalWithTax } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { runDueWork } from '../schedule/tick.ts';

// The renewal run (issue 28): what renews, for how much and until when is the subscriptions
// module's to say (SubscriptionEffects); billing charges the card and reports the outcome, and
// the plan follows it. Each customer bought a Semi-Annual plan on January 10th 2031, so their
// paid period ends on July 10th (New York).
const clock = fixedClock('2031-01-10T15:00:00Z');
const periodEnds = DateTime.fromISO('2031-07-10', { zone: 'America/New_York' }).toJSDate();
let t: TestApp;
const customers: Record<string, { api: Api; subscription: string }> = {};

const subscriptionOf = async (name: string) =>
  t.db
    .selectFrom('subscriptions')
    .select(['status', 'expires_at'])
    .where('id', '=', customers[name]?.subscription as string)
    .executeTakeFirstOrThrow();
const renewalsOf = async (name: string) =>
  (
    await sql<{ status: string; amount_cents: number; period: string; reference: string; id: string }>`
      select status, amount_cents, period, reference, id from payment_attempts
      where subscription_id = ${customers[name]?.subscription} and initiator = 'merchant' order by created_at`.execute(
      t.db,
    )
  ).rows;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  for (const name of ['ann', 'bob', 'cy']) {
    const api = await signedInUser(t, `${name}@example.com`);
    const card = (await addCard(api, testCards.visa)).body.data.id;
    const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card });
    expect(res.status).toBe(200);
    customers[name] = { api, subscription: res.body.data.subscription.id };
  }
  // Bob's renewal will be declined: his plan is funded by a card without funds by then.
  const poor = (await addCard(customers.bob?.api as Api, testCards.insufficientFunds)).body.data.id;
  await sql`update subscriptions set card_id = ${poor} where id = ${customers.bob?.subscription}`.execute(
    t.db,
  );
  // Cy paused the plan (Charge & Pay off): it does not renew.
  await sql`insert into subscription_pauses (subscription_id, paused_at, paused_by)
    values (${customers.cy?.subscription}, ${clock.now()}, 'cy@example.com')`.execute(t.db);
  // The day the period ends, 10:00 New York: the renewals are due.
  clock.set('2031-07-10T14:00:00Z');
  await runDueWork(t.billing, clock.now());
}, 90_000);
afterAll(() => t?.stop());

describe('a renewal', () => {
  it("charges the plan's price with tax, once, under the subscription's reference", async () => {
    const plan = await t.db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', 'semi-annual')
      .executeTakeFirstOrThrow();
    const [renewal, ...more] = await renewalsOf('ann');
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({
      status: 'captured',
      amount_cents: totalWithTax(cents(plan.price_cents), plan.tax_basis_points),
      period: '2031-07-10',
      reference: `sub:${renewal?.id}`,
    });
  });

  it('captured: the plan runs to the end of the new period', async () => {
    const next = DateTime.fromISO('2032-01-10', { zone: 'America/New_York' }).toJSDate();
    expect(await subscriptionOf('ann')).toEqual({ status: 'active', expires_at: next });
  });

  it('declined: the plan is inactive', async () => {
    expect((await renewalsOf('bob')).map((r) => r.status)).toEqual(['declined']);
    expect((await subscriptionOf('bob')).status).toBe('inactive');
  });

  it('switched off: nothing is charged and the plan ends with its period', async () => {
    expect(await renewalsOf('cy')).toEqual([]);
    expect(await subscriptionOf('cy')).toEqual({ status: 'inactive', expires_at: periodEnds });
  });

  it('runs once: the next tick charges nothing more', async () => {
    clock.set('2031-07-10T14:05:00Z');
    await runDueWork(t.billing, clock.now());
    expect(await renewalsOf('ann')).toHaveLength(1);
    expect(await renewalsOf('bob')).toHaveLength(1);
  });
});
