import { progressSummary } from '@pria/contracts';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../test/customers.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runDueWork } from '../billing/index.ts';
import { onTimeRun } from './build-progress.ts';

/**
 * Progress walks the real money engine month by month: Ann's Visa is charged and paid back in
 * January, her second card declines for lack of funds, and February's charges are missed (the
 * server was down through the whole window: our fault).
 */
const NY = 'America/New_York';
const clock = fixedClock('2030-01-05T15:00:00Z');
const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();
let t: TestApp;
let ann: Api;
let bob: Api;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'progress-ann@pria.test');
  const visa = (await addCard(ann, testCards.visa)).body.data.id as string;
  expect((await addCard(ann, testCards.insufficientFunds)).status).toBe(201);
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: visa })).status).toBe(200);
  bob = await signedInUser(t, 'progress-bob@pria.test');
}, 120_000);
afterAll(() => t?.stop());

describe('progress', () => {
  it('shows nothing yet before the first charge, only the cards', async () => {
    const res = await ann.get('/api/v1/progress');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ months: 0, chargedCents: 0, paidBackCents: 0, onTimeRun: 0 });
    expect(
      res.body.data.cards.map((c: { lastFour: string; history: unknown[] }) => [c.lastFour, c.history]),
    ).toEqual([
      ['1111', []],
      ['9995', []],
    ]);
  });

  it("adds up a customer's months: paid back, declined with the reason, missed as ours", async () => {
    for (const at of [ny(2030, 1, 28, 16, 1), ny(2030, 2, 2, 16, 1), ny(2030, 3, 2, 16, 5)]) {
      clock.set(at);
      await runDueWork(t.billing, clock.now());
    }
    const p = (await ann.get('/api/v1/progress')).body.data;
    const visa = p.cards.find((c: { lastFour: string }) => c.lastFour === '1111');
    const other = p.cards.find((c: { lastFour: string }) => c.lastFour === '9995');
    expect(visa.history.map((m: { period: string; state: string }) => [m.period, m.state])).toEqual([
      ['2030-02', 'missed'],
      ['2030-01', 'paid_back'],
    ]);
    expect(visa.history[1]).toMatchObject({ chargedCents: 300, paidBackCents: 300, reason: null });
    expect(visa.history[1].paidBackAt).not.toBeNull();
    // A month we missed charged nothing and does not end the run.
    expect(visa.history[0]).toMatchObject({ chargedCents: 0, paidBackCents: 0 });
    expect(visa).toMatchObject({ months: 1, chargedCents: 300, paidBackCents: 300, onTimeRun: 1 });
    expect(other.history.map((m: { period: string; state: string }) => [m.period, m.state])).toEqual([
      ['2030-02', 'missed'],
      ['2030-01', 'declined'],
    ]);
    expect(other.history[1]).toMatchObject({ reason: 'Insufficient funds', chargedCents: 0 });
    expect(other).toMatchObject({ months: 0, chargedCents: 0, paidBackCents: 0, onTimeRun: 0 });
    // The whole: one month with a charge, $3 charged, $3 paid back, one on-time month in a row.
    expect(p).toMatchObject({ months: 1, chargedCents: 300, paidBackCents: 300, onTimeRun: 1 });
    expect(progressSummary(p)).toBe('1 month, $3.00 charged, $3.00 paid back');
  });

  it("is only ever the caller's own", async () => {
    const res = await bob.get('/api/v1/progress');
    expect(res.body.data).toEqual({ months: 0, chargedCents: 0, paidBackCents: 0, onTimeRun: 0, cards: [] });
    expect((await fetch(`${t.url}/api/v1/progress`)).status).toBe(401);
  });
});

describe('the run of on-time months', () => {
  it('counts on-time months, passes over unsettled and missed ones, and ends at a decline', () => {
    expect(
      onTimeRun([['paying_back'], ['paid_back'], ['missed'], ['paid_back'], ['declined'], ['paid_back']]),
    ).toBe(2);
    expect(onTimeRun([['declined'], ['paid_back']])).toBe(0);
    // Several cards: a month with one card on time counts even if another declined.
    expect(onTimeRun([['paid_back', 'declined'], ['paid_back'], ['payback_returned'], ['paid_back']])).toBe(
      2,
    );
    expect(onTimeRun([])).toBe(0);
  });
});
