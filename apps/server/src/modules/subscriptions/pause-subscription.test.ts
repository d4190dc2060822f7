import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';

/**
 * Pause means one thing (ADR 18), the same in the engine, the words and the emails: while paused
 * no card is charged the monthly $3 (judged as at each 28th's due instant) and the plan does not
 * renew; what was charged before is paid back; resuming brings the next 28th's charge back.
 */
const clock = fixedClock('2031-01-10T15:00:00Z');
let t: TestApp;
const apis: Record<string, Api> = {};
const cards: Record<string, string> = {};
const subs: Record<string, string> = {};
const later = { month: 12, year: 2040 };
const ny = (m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject(
    { year: 2031, month: m, day: d, hour: h, minute: min },
    { zone: 'America/New_York' },
  ).toJSDate();
const at = (instant: Date) => {
  clock.set(instant);
  return runDueWork(t.billing, instant);
};
const setPaused = (name: string, paused: boolean) =>
  apis[name]?.put(`/api/v1/subscriptions/${subs[name]}`, { isEnabled: !paused });
const payin = async (name: string, period: string) =>
  (
    await sql<{ status: string }>`select status from payment_attempts
      where card_id = ${cards[name]} and kind = 'payin' and period = ${period}`.execute(t.db)
  ).rows.map((r) => r.status);
const mails = async (email: string, subject: string) =>
  (
    await sql<{ text_body: string }>`select text_body from message_outbox
      where recipient = ${email} and channel = 'email' and subject = ${subject} order by id`.execute(t.db)
  ).rows.map((r) => r.text_body);

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  for (const name of ['ann', 'bob', 'cy']) {
    apis[name] = await signedInUser(t, `${name}@example.com`);
    cards[name] = (await addCard(apis[name] as Api, testCards.visa, '123', later)).body.data.id;
    const sub = await apis[name]?.post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards[name] });
    subs[name] = sub?.body.data.subscription.id;
  }
  // January 28th: everybody is charged.
  await at(ny(1, 28, 16, 1));
}, 90_000);
afterAll(() => t?.stop());

describe('pausing', () => {
  it('records when (the engine’s clock) and who, and emails what it does', async () => {
    clock.set(ny(1, 30, 12));
    expect((await setPaused('ann', true))?.status).toBe(200);
    const pauses = await t.db.selectFrom('subscription_pauses').select(['paused_at', 'paused_by']).execute();
    expect(pauses).toEqual([{ paused_at: ny(1, 30, 12), paused_by: 'ann@example.com' }]);
    const [mail] = await mails('ann@example.com', 'You paused Charge & Pay');
    expect(mail).toContain('starting with the charge on February 28, 2031');
    expect(mail).toContain('Every $3.00 already charged is still paid back');
    expect(mail).toContain(
      'Your plan stays active until July 10, 2031; if it is still paused then, it ends.',
    );
  });

  it('shows no next charge in the Upcoming panel, and says why', async () => {
    const upcoming = (await apis.ann?.get('/api/v1/subscriptions/me/upcoming'))?.body.data;
    expect(upcoming).toMatchObject({ state: 'paused', nextCharge: null, renewal: null });
    const me = (await apis.ann?.get('/api/v1/subscriptions/me'))?.body.data;
    expect(me).toMatchObject({ isEnabled: false, autoRenews: false, pausedAt: ny(1, 30, 12).getTime() });
  });

  it('still pays back what was charged before', async () => {
    await at(ny(2, 2, 16, 1));
    const paid = await sql<{ status: string }>`
      select p.status from payouts p where p.card_id = ${cards.ann} and p.period = '2031-01'`.execute(t.db);
    expect(paid.rows).toEqual([{ status: 'paid' }]);
  });

  it('charges no card of a paused subscription on the 28th', async () => {
    await at(ny(2, 28, 16, 1));
    expect(await payin('ann', '2031-02')).toEqual([]);
    expect(await payin('bob', '2031-02')).toEqual(['captured']);
  });
});

describe('a cancelled plan', () => {
  it('is not paused by the customer either (409 in the rule’s words), and nothing is recorded', async () => {
    const dee = await signedInUser(t, 'dee@example.com');
    const card = (await addCard(dee, testCards.visa, '123', later)).body.data.id;
    const sub = (await dee.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).body.data
      .subscription.id;
    expect((await dee.post(`/api/v1/subscriptions/${sub}/cancel`, {})).status).toBe(200);
    const res = await dee.put(`/api/v1/subscriptions/${sub}`, { isEnabled: false });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('The plan is cancelled: it ends on its end date and cannot be paused.');
    const rows = await t.db
      .selectFrom('subscription_pauses')
      .select('id')
      .where('subscription_id', '=', sub)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('resuming', () => {
  it('brings the next 28th’s charge back, and emails the date', async () => {
    clock.set(ny(3, 5, 9));
    expect((await setPaused('ann', false))?.status).toBe(200);
    const [mail] = await mails('ann@example.com', 'Charge & Pay is back on');
    expect(mail).toContain('Your next $3.00 Charge & Pay charge is on March 28, 2031.');
    expect(mail).toContain(
      'Your Semi-Annual plan renews on July 10, 2031, when we will charge $38.97, tax included',
    );
    await at(ny(3, 28, 16, 1));
    expect(await payin('ann', '2031-03')).toEqual(['captured']);
  });
});

describe('eligibility as at the due instant', () => {
  it('a pause in force at the 28th’s 16:00 skips the month, even if lifted before a late run', async () => {
    clock.set(ny(4, 27, 12));
    await setPaused('bob', true);
    clock.set(ny(4, 28, 18));
    await setPaused('bob', false);
    // Pria was down from before 16:00 until 18:30: the run is late, the month judged at 16:00.
    await at(ny(4, 28, 18, 30));
    expect(await payin('bob', '2031-04')).toEqual([]);
  });

  it('a pause that starts after the due instant does not take back the month already owed', async () => {
    clock.set(ny(5, 28, 17));
    await setPaused('cy', true);
    await at(ny(5, 28, 17, 30));
    expect(await payin('cy', '2031-05')).toEqual(['captured']);
  });
});

describe('a plan still paused at its end date', () => {
  it('ends there and is not renewed', async () => {
    await at(ny(7, 10, 0, 5));
    const cy = (await apis.cy?.get('/api/v1/subscriptions/me'))?.body.data;
    expect(cy).toMatchObject({ status: 'inactive', isEnabled: false });
    const renewals = await sql<{ n: number }>`
      select count(*)::int as n from payment_attempts a join subscriptions s on s.id = a.subscription_id
      where s.id = ${subs.cy} and a.kind = 'subscription' and a.initiator = 'merchant'`.execute(t.db);
    expect(renewals.rows[0]?.n).toBe(0);
  });
});
