import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { reconcilePeriod } from '../reconciliation/reconcile.ts';
import { runDueWork } from '../schedule/tick.ts';

/**
 * Walks fifteen months of the calendar (January 2030 to March 2031: both DST changes and a
 * year end) through the money engine, with declines, a pause, a card removal, a failed renewal
 * and renewals across the year end, and checks every cent — in our tables and at the processor.
 */
const NY = 'America/New_York';
const clock = fixedClock('2030-01-05T15:00:00Z');
let t: TestApp;

const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();

type Who = 'ann' | 'bob' | 'cat' | 'dan' | 'eve';
const people: Record<Who, { api: Api; cards: Record<string, string>; subscription: string }> = {} as never;

async function enrol(who: Who, plan: string, numbers: Record<string, string>, funding: string) {
  const api = await signedInUser(t, `${who}@example.com`);
  const cards: Record<string, string> = {};
  for (const [name, number] of Object.entries(numbers)) {
    const res = await addCard(api, number);
    expect(res.status).toBe(201);
    cards[name] = res.body.data.id;
  }
  const sub = await api.post('/api/v1/subscriptions', { plan, card: cards[funding] });
  expect(sub.status).toBe(200);
  people[who] = { api, cards, subscription: sub.body.data.subscription.id };
}

async function at(instant: Date) {
  clock.set(instant);
  return runDueWork(t.billing, instant);
}

const capturedPayins = (cardId: string) =>
  t.db
    .selectFrom('payment_attempts')
    .select(['period', 'amount_cents'])
    .where('card_id', '=', cardId)
    .where('kind', '=', 'payin')
    .where('status', '=', 'captured')
    .orderBy('period')
    .execute();

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  await enrol('ann', 'semi-annual', { visa: testCards.visa, mc: testCards.mastercard }, 'visa');
  await enrol('bob', 'semi-annual', { visa: testCards.visa, poor: testCards.insufficientFunds }, 'visa');
  await enrol('cat', 'annual', { visa: testCards.visa }, 'visa');
  await enrol('dan', 'semi-annual', { visa: testCards.visa, mc: testCards.mastercard }, 'visa');
  await enrol('eve', 'semi-annual', { visa: testCards.visa }, 'visa');
}, 120_000);
afterAll(() => t?.stop());

describe('fifteen months of Charge & Pay', () => {
  it('charges, pays back and renews exactly as the calendar says', async () => {
    for (
      let month = DateTime.fromObject({ year: 2030, month: 1 }, { zone: NY });
      month.year * 100 + month.month <= 203102;
      month = month.plus({ months: 1 })
    ) {
      const y = month.year;
      const m = month.month;

      // Just before the payout instant nothing moves; just after, last month is paid back.
      const beforePayout = await at(ny(y, m, 2, 15, 59));
      expect(
        beforePayout.filter(
          (r) =>
            r.kind === 'payout' && r.done > 0 && r.period === month.minus({ months: 1 }).toFormat('yyyy-MM'),
        ),
      ).toEqual([]);
      await at(ny(y, m, 2, 16, 1));
      // Renewals are due on the 5th (subscriptions started January 5th).
      await at(ny(y, m, 5, 16, 0));

      // Life happens between the ticks.
      if (y === 2030 && m === 3) {
        clock.set(ny(2030, 3, 15, 12));
        const p = await people.cat.api.put(`/api/v1/subscriptions/${people.cat.subscription}`, {
          isEnabled: false,
        });
        expect(p.body.data.subscription.isEnabled).toBe(false);
      }
      if (y === 2030 && m === 5) {
        clock.set(ny(2030, 5, 10, 12));
        const r = await people.cat.api.put(`/api/v1/subscriptions/${people.cat.subscription}`, {
          isEnabled: true,
        });
        expect(r.body.data.subscription).toMatchObject({ isEnabled: true, status: 'active' });
      }
      if (y === 2030 && m === 6) {
        clock.set(ny(2030, 6, 10, 12));
        const poor = await addCard(people.eve.api, testCards.insufficientFunds);
        people.eve.cards.poor = poor.body.data.id;
        const s = await people.eve.api.put(`/api/v1/subscriptions/${people.eve.subscription}`, {
          card: poor.body.data.id,
        });
        expect(s.status).toBe(200);
      }

      const beforePayin = await at(ny(y, m, 28, 15, 59));
      expect(
        beforePayin.find((r) => r.kind === 'payin' && r.period === month.toFormat('yyyy-MM')),
      ).toBeUndefined();
      const payin = await at(ny(y, m, 28, 16, 1));
      expect(payin.find((r) => r.kind === 'payin')).toMatchObject({
        period: month.toFormat('yyyy-MM'),
        status: 'completed',
      });

      if (y === 2030 && m === 5) {
        // Dan removes his Mastercard after its May charge and before the June pay-back.
        clock.set(ny(2030, 5, 30, 12));
        expect((await people.dan.api.delete(`/api/v1/cards/${people.dan.cards.mc}`)).status).toBe(200);
      }
    }
    // The last pay-back: February 2031's charges on March 2nd.
    await at(ny(2031, 3, 2, 16, 1));

    const months = (from: string, to: string) => {
      const out: string[] = [];
      for (
        let d = DateTime.fromFormat(from, 'yyyy-MM');
        d.toFormat('yyyy-MM') <= to;
        d = d.plus({ months: 1 })
      ) {
        out.push(d.toFormat('yyyy-MM'));
      }
      return out;
    };
    const all = months('2030-01', '2031-02');
    const expected: Record<string, string[]> = {
      'ann.visa': all,
      'ann.mc': all,
      'bob.visa': all,
      'bob.poor': [],
      // Paused from March 15 to May 10: no charge on March 28 and April 28.
      'cat.visa': all.filter((p) => p !== '2030-03' && p !== '2030-04'),
      'dan.visa': all,
      // Removed on May 30: charged January to May.
      'dan.mc': months('2030-01', '2030-05'),
      // Her July 5 renewal was declined: inactive from then on.
      'eve.visa': months('2030-01', '2030-06'),
      'eve.poor': [],
    };
    for (const [key, periods] of Object.entries(expected)) {
      const [who, card] = key.split('.') as [Who, string];
      const rows = await capturedPayins(people[who].cards[card] as string);
      expect(
        rows.map((r) => r.period),
        key,
      ).toEqual(periods);
      expect(
        rows.every((r) => r.amount_cents === 300),
        key,
      ).toBe(true);
    }

    // Declines are recorded once a month with the processor's reason and never retried.
    const declines = await t.db
      .selectFrom('payment_attempts')
      .select(['card_id', 'period', 'decline_reason'])
      .where('kind', '=', 'payin')
      .where('status', '=', 'declined')
      .execute();
    expect(declines.filter((d) => d.card_id === people.bob.cards.poor)).toHaveLength(14);
    expect(declines.filter((d) => d.card_id === people.eve.cards.poor).map((d) => d.period)).toEqual([
      '2030-06',
    ]);
    expect(new Set(declines.map((d) => d.decline_reason))).toEqual(new Set(['Insufficient funds']));

    // Every captured $3 was paid back exactly once, in full, to the card it came from.
    const unpaid = await sql<{ n: number }>`
      select count(*)::int as n from payment_attempts a left join payouts p on p.attempt_id = a.id
      where a.kind = 'payin' and a.status = 'captured' and (p.id is null or p.status <> 'paid' or p.amount_cents <> a.amount_cents
        or p.card_id <> a.card_id)`.execute(t.db);
    expect(unpaid.rows[0]?.n).toBe(0);
    for (const period of all) {
      const r = await reconcilePeriod(t.db, period);
      expect(r.outstanding, period).toEqual({ count: 0, cents: 0 });
      expect(r.paidBack.cents, period).toBe(r.charged.cents);
    }
    // Totals: 4 cards all 14 months, Cat 12, Dan's Mastercard 5, Eve 6.
    const totalCaptured = (4 * 14 + 12 + 5 + 6) * 300;
    const sums = await sql<{ captured: number; paid: number }>`
      select (select coalesce(sum(amount_cents), 0) from payment_attempts where kind = 'payin' and status = 'captured')::bigint as captured,
             (select coalesce(sum(amount_cents), 0) from payouts where status = 'paid')::bigint as paid`.execute(
      t.db,
    );
    expect(Number(sums.rows[0]?.captured)).toBe(totalCaptured);
    expect(Number(sums.rows[0]?.paid)).toBe(totalCaptured);

    // Subscriptions: renewals on July 5 and January 5 (across the year end) at price + tax.
    const renewals = await t.db
      .selectFrom('payment_attempts as a')
      .innerJoin('customers as c', 'c.id', 'a.customer_id')
      .select(['c.email', 'a.period', 'a.status', 'a.amount_cents'])
      .where('a.kind', '=', 'subscription')
      .where('a.initiator', '=', 'merchant')
      .orderBy('c.email')
      .orderBy('a.period')
      .execute();
    expect(renewals.map((r) => `${r.email?.slice(0, 3)} ${r.period} ${r.status} ${r.amount_cents}`)).toEqual([
      'ann 2030-07-05 captured 3897',
      'ann 2031-01-05 captured 3897',
      'bob 2030-07-05 captured 3897',
      'bob 2031-01-05 captured 3897',
      'cat 2031-01-05 captured 7145',
      'dan 2030-07-05 captured 3897',
      'dan 2031-01-05 captured 3897',
      'eve 2030-07-05 declined 3897',
    ]);
    const subs = await t.db
      .selectFrom('subscriptions as s')
      .innerJoin('customers as c', 'c.id', 's.customer_id')
      .select(['c.email', 's.status', 's.expires_at'])
      .orderBy('c.email')
      .execute();
    expect(
      subs.map(
        (s) =>
          `${s.email?.slice(0, 3)} ${s.status} ${DateTime.fromJSDate(s.expires_at as Date, { zone: NY }).toISODate()}`,
      ),
    ).toEqual([
      'ann active 2031-07-05',
      'bob active 2031-07-05',
      'cat active 2032-01-05',
      'dan active 2031-07-05',
      'eve inactive 2030-07-05',
    ]);

    // The processor agrees: per instrument, charges and pay-backs of $3 match ours one for one.
    const atProcessor = await sql<{ kind: string; status: string; n: number; cents: number }>`
      select kind, status, count(*)::int as n, coalesce(sum(amount_cents), 0)::bigint as cents
      from gateway_sim.transactions where amount_cents = 300 group by kind, status order by kind, status`.execute(
      t.db,
    );
    expect(atProcessor.rows.map((r) => `${r.kind} ${r.status} ${r.n} ${r.cents}`)).toEqual([
      `charge captured ${totalCaptured / 300} ${totalCaptured}`,
      `charge declined 15 4500`,
      `payout paid ${totalCaptured / 300} ${totalCaptured}`,
    ]);

    // Dan's removed Mastercard kept its instrument until its May charge was paid back.
    const danMc = await t.db
      .selectFrom('cards')
      .select(['removed_at', 'instrument_released_at'])
      .where('id', '=', people.dan.cards.mc as string)
      .executeTakeFirstOrThrow();
    expect(danMc.instrument_released_at).not.toBeNull();

    // Every money movement left its event for notifications.
    const events = await sql<{ type: string; n: number }>`
      select type, count(*)::int as n from money_events group by type order by type`.execute(t.db);
    expect(Object.fromEntries(events.rows.map((e) => [e.type, e.n]))).toEqual({
      'charge.declined': 15,
      'charge.succeeded': totalCaptured / 300,
      'payout.sent': totalCaptured / 300,
      'subscription.started': 5,
      'subscription.failed': 1,
      'subscription.renewed': 7,
    });
  }, 240_000);
});
