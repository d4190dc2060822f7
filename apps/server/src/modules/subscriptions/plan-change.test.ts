import { messages } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * Issue 29: a plan bought again renews automatically (nothing of the old period's end is left),
 * and a plan change on a plan that is paid for starts at its renewal: nothing is charged today,
 * the renewal charges the new plan, and the customer is told the amount and the date (ADR 40).
 */
const NY = 'America/New_York';
const clock = fixedClock('2031-01-10T15:00:00Z');
const later = { month: 12, year: 2040 };
let t: TestApp;
let staff: Api;

const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();

async function subscriber(name: string, plan = 'semi-annual') {
  const api = await signedInUser(t, `${name}@example.com`);
  const card = (await addCard(api, testCards.visa, '123', later)).body.data.id as string;
  const res = await api.post('/api/v1/subscriptions', { plan, card });
  expect(res.status).toBe(200);
  return { api, card, sub: res.body.data.subscription as { id: string; expiresAt: number } };
}

const planCharges = async (email: string) =>
  (
    await sql<{ id: string; amount_cents: number; plan_id: string; status: string; initiator: string }>`
      select a.id, a.amount_cents, a.plan_id, a.status, a.initiator from payment_attempts a
      join customers c on c.id = a.customer_id
      where c.email = ${email} and a.kind = 'subscription' order by a.created_at`.execute(t.db)
  ).rows;

const subjects = async (email: string) =>
  (
    await t.db
      .selectFrom('message_outbox')
      .select('subject')
      .where('recipient', '=', email)
      .orderBy('id')
      .execute()
  ).map((r) => r.subject);

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  staff = await signedInUser(t, 'finance@pria.example', ['admin']);
}, 60_000);
afterAll(() => t?.stop());

describe('a plan change on an active plan (ADR 40)', () => {
  it('charges nothing today, keeps the plan until its end date, and the renewal charges and starts the new plan', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, card, sub } = await subscriber('gus');
    const endsAt = ny(2031, 7, 10, 0).getTime();
    expect(sub.expiresAt).toBe(endsAt);

    clock.set(ny(2031, 2, 1, 10));
    const res = await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'annual', card, isEnabled: true });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toMatchObject({
      status: 'active',
      plan: { id: 'semi-annual' },
      nextPlan: { id: 'annual', total: 7145 },
      expiresAt: endsAt,
      autoRenews: true,
    });
    expect((await api.get('/api/v1/subscriptions/me')).body.data).toMatchObject({
      plan: { id: 'semi-annual' },
      nextPlan: { id: 'annual' },
    });
    // The Upcoming panel's renewal line names the new plan and its amount.
    expect((await api.get('/api/v1/subscriptions/me/upcoming')).body.data.renewal).toMatchObject({
      at: new Date(endsAt).toISOString(),
      amountCents: 7145,
      planName: 'Annual',
      planChange: true,
    });
    expect((await planCharges('gus@example.com')).map((c) => c.amount_cents)).toEqual([3897]);
    expect(await subjects('gus@example.com')).toContain('Your plan changes to Annual on July 10, 2031');
    const email = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'gus@example.com')
      .where('subject', 'like', 'Your plan changes%')
      .executeTakeFirstOrThrow();
    expect(email.text_body).toContain('Nothing was charged today');
    expect(email.text_body).toContain('we will charge $71.45');

    // The same change again changes nothing and tells nothing twice.
    await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'annual', card, isEnabled: true });
    expect(
      (await subjects('gus@example.com')).filter((s) => s?.startsWith('Your plan changes')),
    ).toHaveLength(1);

    // The renewal: $71.45 for Annual, which now runs twelve months.
    clock.set(ny(2031, 7, 10, 0, 1));
    await runDueWork(t.billing, clock.now());
    const charges = await planCharges('gus@example.com');
    expect(charges.map((c) => [c.amount_cents, c.plan_id, c.status])).toEqual([
      [3897, 'semi-annual', 'captured'],
      [7145, 'annual', 'captured'],
    ]);
    expect((await api.get('/api/v1/subscriptions/me')).body.data).toMatchObject({
      status: 'active',
      plan: { id: 'annual' },
      nextPlan: null,
      expiresAt: ny(2032, 7, 10, 0).getTime(),
    });
  });

  it('is called off by choosing the plan in force again: the renewal charges the same plan', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, card, sub } = await subscriber('hal');
    await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'annual', card, isEnabled: true });
    const back = await api.put(`/api/v1/subscriptions/${sub.id}`, {
      plan: 'semi-annual',
      card,
      isEnabled: true,
    });
    expect(back.body.data.subscription).toMatchObject({ plan: { id: 'semi-annual' }, nextPlan: null });
    expect(await subjects('hal@example.com')).toContain('Your plan stays Semi-Annual');
    // Pausing sends the plan in force (the spec's payload): no change is scheduled by it.
    await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'semi-annual', card, isEnabled: false });
    await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'semi-annual', card, isEnabled: true });
    clock.set(ny(2031, 7, 10, 0, 1));
    await runDueWork(t.billing, clock.now());
    expect((await planCharges('hal@example.com')).map((c) => [c.amount_cents, c.plan_id])).toEqual([
      [3897, 'semi-annual'],
      [3897, 'semi-annual'],
    ]);
  });

  it('is refused on a cancelled plan, which will not renew (keep it first)', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, card, sub } = await subscriber('ida');
    expect((await api.post(`/api/v1/subscriptions/${sub.id}/cancel`)).status).toBe(200);
    const res = await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'annual', card, isEnabled: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(messages.planChangeWhileCancelled);
    const row = await t.db
      .selectFrom('subscriptions')
      .select('next_plan_id')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(row.next_plan_id).toBeNull();
    expect(await planCharges('ida@example.com')).toHaveLength(1);
  });

  it('survives a cancellation undone: "Keep my subscription" tells the plan the renewal starts, its amount and date', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, card, sub } = await subscriber('jo');
    const endsAt = ny(2031, 7, 10, 0).getTime();
    await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'annual', card, isEnabled: true });
    expect((await api.post(`/api/v1/subscriptions/${sub.id}/cancel`)).status).toBe(200);
    const kept = await api.post(`/api/v1/subscriptions/${sub.id}/keep`);
    expect(kept.status).toBe(200);
    // The answer says what the account screen and the dashboard say: Annual at the renewal.
    expect(kept.body.data.subscription).toMatchObject({
      plan: { id: 'semi-annual' },
      nextPlan: { id: 'annual', total: 7145 },
      expiresAt: endsAt,
      autoRenews: true,
    });
    expect((await api.get('/api/v1/subscriptions/me/upcoming')).body.data.renewal).toMatchObject({
      amountCents: 7145,
      planName: 'Annual',
    });
    const email = await t.db
      .selectFrom('message_outbox')
      .select(['text_body', 'html_body'])
      .where('recipient', '=', 'jo@example.com')
      .where('subject', '=', 'Your Pria subscription will renew')
      .executeTakeFirstOrThrow();
    expect(email.text_body).toContain(
      'Your Semi-Annual plan stays in force until July 10, 2031; on July 10, 2031 it renews as Annual, as you chose, when we will charge $71.45, tax included, to your Visa •••• 1111.',
    );
    expect(email.text_body).toContain('Renews as: Annual');
    expect(email.text_body).not.toContain('$38.97');
    // And the renewal does what the email said.
    clock.set(ny(2031, 7, 10, 0, 1));
    await runDueWork(t.billing, clock.now());
    expect((await planCharges('jo@example.com')).map((c) => [c.amount_cents, c.plan_id])).toEqual([
      [3897, 'semi-annual'],
      [7145, 'annual'],
    ]);
  });

  it('paused and back on: "Charge & Pay is back on" names the plan the renewal starts and what it charges', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, card, sub } = await subscriber('back-on-max');
    await api.put(`/api/v1/subscriptions/${sub.id}`, { plan: 'annual', card, isEnabled: true });
    expect((await api.put(`/api/v1/subscriptions/${sub.id}`, { isEnabled: false })).status).toBe(200);
    expect((await api.put(`/api/v1/subscriptions/${sub.id}`, { isEnabled: true })).status).toBe(200);
    const email = await t.db
      .selectFrom('message_outbox')
      .select(['text_body', 'html_body'])
      .where('recipient', '=', 'back-on-max@example.com')
      .where('subject', '=', 'Charge & Pay is back on')
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    // The words "Keep my subscription" uses (renewalWords): the plan, the amount and the card.
    expect(email.text_body).toContain(
      'Your Semi-Annual plan stays in force until July 10, 2031; on July 10, 2031 it renews as Annual, as you chose, when we will charge $71.45, tax included, to your Visa •••• 1111.',
    );
    expect(email.text_body).toContain('Renews as: Annual');
    expect(email.html_body).toContain('$71.45');
    expect(email.text_body).not.toContain('$38.97');
  });

  it('back on without a plan change: the email names the plan in force and what its renewal charges', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, sub } = await subscriber('back-on-ned');
    await api.put(`/api/v1/subscriptions/${sub.id}`, { isEnabled: false });
    await api.put(`/api/v1/subscriptions/${sub.id}`, { isEnabled: true });
    const email = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'back-on-ned@example.com')
      .where('subject', '=', 'Charge & Pay is back on')
      .executeTakeFirstOrThrow();
    expect(email.text_body).toContain(
      'Your Semi-Annual plan renews on July 10, 2031, when we will charge $38.97, tax included, to your Visa •••• 1111.',
    );
  });

  it('kept without a plan change: the email names the plan in force and its price', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, sub } = await subscriber('kept-lou');
    await api.post(`/api/v1/subscriptions/${sub.id}/cancel`);
    const kept = await api.post(`/api/v1/subscriptions/${sub.id}/keep`);
    expect(kept.body.data.subscription).toMatchObject({ plan: { id: 'semi-annual' }, nextPlan: null });
    const email = await t.db
      .selectFrom('message_outbox')
      .select('text_body')
      .where('recipient', '=', 'kept-lou@example.com')
      .where('subject', '=', 'Your Pria subscription will renew')
      .executeTakeFirstOrThrow();
    expect(email.text_body).toContain(
      'You kept your Pria Semi-Annual plan: it renews on July 10, 2031, when we will charge $38.97',
    );
  });
});

describe('a plan bought again renews automatically', () => {
  async function endedByRefund(name: string) {
    clock.set(ny(2031, 1, 10, 10));
    const s = await subscriber(name);
    clock.set(ny(2031, 2, 2, 10));
    const [charge] = await planCharges(`${name}@example.com`);
    const refund = await staff.post('/api/v1/refunds', {
      chargeId: charge?.id,
      mode: 'full',
      reason: 'Asked to leave',
    });
    expect(refund.status).toBe(201);
    const ended = (await s.api.get('/api/v1/subscriptions/me')).body.data;
    expect(ended).toMatchObject({ status: 'inactive', endedBy: 'refund' });
    expect(ended.cancelledAt).not.toBeNull();
    return s;
  }

  it('through checkout (POST): no cancellation is left from the refund that ended the old plan', async () => {
    const { api, card } = await endedByRefund('jan');
    clock.set(ny(2031, 2, 3, 10));
    const res = await api.post('/api/v1/subscriptions', { plan: 'annual', card });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toMatchObject({
      status: 'active',
      plan: { id: 'annual' },
      autoRenews: true,
      cancelledAt: null,
      cancelledBy: null,
      endsAt: null,
    });
    expect((await api.get('/api/v1/subscriptions/me/upcoming')).body.data).toMatchObject({
      state: 'active',
      renewal: { amountCents: 7145, planName: 'Annual', planChange: false },
    });
  });

  it('through "Pay now" (PUT on the inactive plan), the day of the refund: the same, and only one subscription', async () => {
    const { api, card, sub } = await endedByRefund('kim');
    // The same New York day as the refund: the refunded charge no longer holds the day's period.
    const res = await api.put(`/api/v1/subscriptions/${sub.id}`, {
      plan: 'semi-annual',
      card,
      isEnabled: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toMatchObject({
      id: sub.id,
      status: 'active',
      autoRenews: true,
      cancelledAt: null,
    });
    const rows =
      await sql`select 1 from subscriptions s join customers c on c.id = s.customer_id where c.email = 'kim@example.com'`.execute(
        t.db,
      );
    expect(rows.rows).toHaveLength(1);
    expect((await planCharges('kim@example.com')).map((c) => c.status)).toEqual(['captured', 'captured']);
  });

  it('after a plan that ended while paused: Charge & Pay is back on and the pause is closed', async () => {
    clock.set(ny(2031, 1, 10, 10));
    const { api, card, sub } = await subscriber('lou');
    await api.put(`/api/v1/subscriptions/${sub.id}`, { isEnabled: false });
    clock.set(ny(2031, 7, 10, 0, 1));
    await runDueWork(t.billing, clock.now());
    expect((await api.get('/api/v1/subscriptions/me')).body.data).toMatchObject({
      status: 'inactive',
      isEnabled: false,
    });
    clock.set(ny(2031, 7, 12, 10));
    const res = await api.post('/api/v1/subscriptions', { plan: 'semi-annual', card });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription).toMatchObject({ status: 'active', isEnabled: true, autoRenews: true });
    const open = await t.db
      .selectFrom('subscription_pauses')
      .select('id')
      .where('subscription_id', '=', sub.id)
      .where('resumed_at', 'is', null)
      .execute();
    expect(open).toEqual([]);
    expect((await api.get('/api/v1/subscriptions/me/upcoming')).body.data.state).toBe('active');
  });
});
