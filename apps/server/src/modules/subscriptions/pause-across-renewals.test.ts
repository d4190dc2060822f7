import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { b64 } from '../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { AS_IT_STANDS, chargedAt, pausedAt, payinDueAt, renewsAt, runDueWork } from '../billing/index.ts';

/**
 * A pause across a renewal, with the renewal run late (issue 38, ADR 18): the plans end on July
 * 10th 2031 (New York) and Pria's worker is down from July 8th until after the 28th's pay-in
 * instant. The late run judges each pause as at each thing's own instant (the end date for the
 * renewal, the 28th 16:00 for the $3), not as the switch stands when it runs; before it runs,
 * the screens, the notices and the staff list already say what it will do.
 *
 * ann  paused July 5, resumed July 12 (after her end date): paused then, so no renewal.
 * bob  paused July 12 (after his end date), still paused: renewed, but no July $3.
 * cy   paused July 12, resumed July 20: renewed, and charged the July $3.
 * dee  paused July 5, resumed July 8 (before her end date): renewed, and charged the July $3.
 */
const clock = fixedClock('2031-01-10T15:00:00Z');
const names = ['ann', 'bob', 'cy', 'dee'] as const;
type Name = (typeof names)[number];
let t: TestApp;
let staff: Api;
const apis = {} as Record<Name, Api>;
const cards = {} as Record<Name, string>;
const subs = {} as Record<Name, string>;
const ny = (m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject(
    { year: 2031, month: m, day: d, hour: h, minute: min },
    { zone: 'America/New_York' },
  ).toJSDate();
const julyPayin = payinDueAt('2031-07');

const tick = (instant: Date) => {
  clock.set(instant);
  return runDueWork(t.billing, instant);
};
const setPaused = async (name: Name, paused: boolean, at: Date) => {
  clock.set(at);
  const res = await apis[name].put(`/api/v1/subscriptions/${subs[name]}`, { isEnabled: !paused });
  expect(res.status).toBe(200);
};
const renewals = async (name: Name) =>
  (
    await sql<{ status: string; period: string }>`select status, period from payment_attempts
      where subscription_id = ${subs[name]} and kind = 'subscription' and initiator = 'merchant'`.execute(
      t.db,
    )
  ).rows;
const julyCharges = async (name: Name) =>
  (
    await sql<{ status: string }>`select status from payment_attempts
      where card_id = ${cards[name]} and kind = 'payin' and period = '2031-07'`.execute(t.db)
  ).rows.map((r) => r.status);
const reminded = async (name: Name) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from customer_notices
      where subscription_id = ${subs[name]} and type = 'renewal.reminder'`.execute(t.db)
  ).rows[0]?.n;
/** What the pause rule answers for a subscription, asked directly. */
const rule = async (name: Name) =>
  (
    await sql<{ paused: boolean; renews: boolean; charged: boolean }>`
      select ${pausedAt(sql.ref<string>('s.id'), AS_IT_STANDS)} as paused,
             ${renewsAt('s', sql.ref<Date>('s.expires_at'))} as renews,
             ${chargedAt('s', julyPayin)} as charged
      from subscriptions s where s.id = ${subs[name]}`.execute(t.db)
  ).rows[0];
/** What the customer's screens and staff's list say of it. */
const screens = async (name: Name) => {
  const me = (await apis[name].get('/api/v1/subscriptions/me')).body.data;
  const record = (await apis[name].get('/api/v1/customers/me')).body.data.subscription;
  const upcoming = (await apis[name].get('/api/v1/subscriptions/me/upcoming')).body.data;
  const listed = (await staff.get(`/api/v1/customers?filter=${b64({ email: `${name}@example.com` })}`)).body
    .data.rows[0];
  return { me, record, upcoming, staffState: listed.subscription?.state };
};

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  staff = await signedInUser(t, 'staff@pria.test', ['admin']);
  for (const name of names) {
    apis[name] = await signedInUser(t, `${name}@example.com`);
    cards[name] = (await addCard(apis[name], testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
    const bought = await apis[name].post('/api/v1/subscriptions', { plan: 'semi-annual', card: cards[name] });
    subs[name] = bought.body.data.subscription.id;
  }
  // Every month until the end date runs on time.
  for (let m = 1; m <= 6; m++) {
    await tick(ny(m, 28, 16, 1));
    await tick(ny(m + 1, 2, 16, 1));
  }
}, 240_000);
afterAll(() => t?.stop());

describe('before the end date', () => {
  it('reminds only the plans that renew, judged at the end date as the switch stands', async () => {
    await setPaused('ann', true, ny(7, 5, 12));
    await setPaused('dee', true, ny(7, 5, 12));
    await tick(ny(7, 5, 12, 1));
    expect({
      ann: await reminded('ann'),
      bob: await reminded('bob'),
      cy: await reminded('cy'),
      dee: await reminded('dee'),
    }).toEqual({
      ann: 0,
      bob: 1,
      cy: 1,
      dee: 0,
    });
    // Dee turns it back on before her end date: her reminder goes out with the next tick.
    await setPaused('dee', false, ny(7, 8, 12));
    await tick(ny(7, 8, 12, 1));
    expect(await reminded('dee')).toBe(1);
  });
});

describe('during the outage (no tick from July 8th), after the end date', () => {
  it('ann, resumed after the end date she was paused at, is told her plan ended, not that it renews', async () => {
    await setPaused('ann', false, ny(7, 12, 12));
    const mail = await sql<{ text_body: string }>`select text_body from message_outbox
      where recipient = 'ann@example.com' and channel = 'email' and subject = 'Charge & Pay is back on'`.execute(
      t.db,
    );
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]?.text_body).toContain(
      'Your plan was paused on its end date, July 10, 2031, so it ended then and does not renew',
    );
    expect(mail.rows[0]?.text_body).not.toContain('Your plan renews');
  });

  it('bob and cy pause after their end date; the screens and staff say what the late run will do', async () => {
    await setPaused('bob', true, ny(7, 12, 12));
    await setPaused('cy', true, ny(7, 12, 12));
    const expected: Record<
      Name,
      { paused: boolean; renews: boolean; charged: boolean; upcoming: string; staff: string }
    > = {
      ann: { paused: false, renews: false, charged: false, upcoming: 'inactive', staff: 'active' },
      bob: { paused: true, renews: true, charged: false, upcoming: 'paused', staff: 'paused' },
      cy: { paused: true, renews: true, charged: false, upcoming: 'paused', staff: 'paused' },
      dee: { paused: false, renews: true, charged: true, upcoming: 'active', staff: 'active' },
    };
    for (const name of names) {
      const want = expected[name];
      expect(await rule(name), name).toEqual({
        paused: want.paused,
        renews: want.renews,
        charged: want.charged,
      });
      const { me, record, upcoming, staffState } = await screens(name);
      for (const view of [me, record]) {
        expect(view, name).toMatchObject({
          status: 'active',
          isEnabled: !want.paused,
          autoRenews: want.renews,
        });
        expect(view.pausedAt === null, name).toBe(!want.paused);
      }
      expect(upcoming.state, name).toBe(want.upcoming);
      expect(upcoming.renewal !== null, name).toBe(want.renews);
      expect(upcoming.nextCharge?.at ?? null, name).toBe(want.charged ? julyPayin.toISOString() : null);
      // Staff read the row as it is stored (active until the run) and the switch as it stands.
      expect(staffState, name).toBe(want.staff);
    }
  });
});

describe('the late run, after the 28th’s pay-in instant', () => {
  beforeAll(async () => {
    await setPaused('cy', false, ny(7, 20, 12));
    await tick(ny(7, 29, 17));
  });

  it('does not renew a plan paused at its end date, though resumed before the run', async () => {
    expect(await renewals('ann')).toEqual([]);
    const ann = (await apis.ann.get('/api/v1/subscriptions/me')).body.data;
    expect(ann).toMatchObject({ status: 'inactive', isEnabled: true });
  });

  it('renews a plan paused only after its end date, which stays paused', async () => {
    expect(await renewals('bob')).toEqual([{ status: 'captured', period: '2031-07-10' }]);
    const bob = (await apis.bob.get('/api/v1/subscriptions/me')).body.data;
    expect(bob).toMatchObject({ status: 'active', isEnabled: false, autoRenews: false });
    expect(bob.expiresAt).toBe(DateTime.fromISO('2032-01-10', { zone: 'America/New_York' }).toMillis());
  });

  it('renews the plans not paused at their end date', async () => {
    expect(await renewals('cy')).toEqual([{ status: 'captured', period: '2031-07-10' }]);
    expect(await renewals('dee')).toEqual([{ status: 'captured', period: '2031-07-10' }]);
  });

  it('charges the July $3 as at the 28th: not bob (paused then), cy and dee (not), not ann (ended)', async () => {
    expect({
      ann: await julyCharges('ann'),
      bob: await julyCharges('bob'),
      cy: await julyCharges('cy'),
      dee: await julyCharges('dee'),
    }).toEqual({ ann: [], bob: [], cy: ['captured'], dee: ['captured'] });
    // The pay-in waited for no renewal the renewal run would not make.
    const run = await sql<{ status: string; waiting: number }>`
      select status, waiting from billing_runs where kind = 'payin' and period = '2031-07'`.execute(t.db);
    expect(run.rows).toEqual([{ status: 'completed', waiting: 0 }]);
  });
});
