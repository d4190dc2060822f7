import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The refund dialog's preview says what this refund does given the refunds already made of the
 * charge (issue 29): the amount, what is left before and after it, and what happens to the plan.
 * A Semi-Annual charge of $38.97 paid March 10 to September 10, 2031, previewed on March 20.
 */
const ny = (y: number, m: number, d: number, h: number) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h }, { zone: 'America/New_York' }).toJSDate();
const clock = fixedClock(ny(2031, 3, 10, 11).toISOString());
let t: TestApp;
let finance: Api;
let charge: string;

const preview = async (mode: 'full' | 'prorated') =>
  (await finance.get(`/api/v1/refunds/preview?chargeId=${charge}&mode=${mode}`)).body.data;
const refund = async (mode: 'full' | 'prorated') =>
  (await finance.post('/api/v1/refunds', { chargeId: charge, mode, reason: `${mode} refund` })).body.data;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  finance = await signedInUser(t, 'finance@pria.example', ['finance']);
  const eve = await signedInUser(t, 'eve@example.com');
  const card = (await addCard(eve, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
  expect((await eve.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
  const row = await sql<{ id: string }>`
    select id from payment_attempts where kind = 'subscription' and status = 'captured'`.execute(t.db);
  charge = row.rows[0]?.id as string;
  clock.set(ny(2031, 3, 20, 12));
}, 60_000);
afterAll(() => t?.stop());

const endsPlan = {
  endsPlan: true,
  planEffect: 'ends_plan',
  planName: 'Semi-Annual',
  planWouldEndAt: ny(2031, 9, 10, 0).toISOString(),
  planEndedAt: null,
  periodEndsAt: ny(2031, 9, 10, 0).toISOString(),
};

describe('the preview of a first refund', () => {
  it('in full: the whole charge, nothing left after it, and the plan ends', async () => {
    expect(await preview('full')).toMatchObject({
      amount: 3897,
      charged: 3897,
      refunded: 0,
      left: 3897,
      leftAfter: 0,
      refusal: null,
      ...endsPlan,
    });
  });

  it('prorated: the unused days, the used ones left, and the plan ends', async () => {
    expect(await preview('prorated')).toMatchObject({
      amount: 3664,
      left: 3897,
      leftAfter: 233,
      refusal: null,
      ...endsPlan,
    });
  });
});

describe('the preview of a second refund after a prorated one', () => {
  it('prorated again: nothing to send, says why, and that the first refund ended the plan', async () => {
    const first = await refund('prorated');
    expect(first).toMatchObject({
      status: 'refunded',
      amount: 3664,
      planEndedAt: ny(2031, 3, 20, 12).toISOString(),
    });
    expect(await preview('prorated')).toMatchObject({
      amount: 0,
      refunded: 3664,
      left: 233,
      leftAfter: 233,
      endsPlan: false,
      planEffect: 'ended_by_earlier_refund',
      planEndedAt: ny(2031, 3, 20, 12).toISOString(),
      refusal: adminMessages.refundNoUnusedDays,
    });
  });

  it('in full: the rest, and the plan it already ended is not ended again', async () => {
    expect(await preview('full')).toMatchObject({
      amount: 233,
      left: 233,
      leftAfter: 0,
      endsPlan: false,
      planEffect: 'ended_by_earlier_refund',
      refusal: null,
    });
  });
});

describe('the preview once nothing is left', () => {
  it('refuses either refund with the reason', async () => {
    expect(await refund('full')).toMatchObject({ status: 'refunded', amount: 233, planEndedAt: null });
    for (const mode of ['full', 'prorated'] as const)
      expect(await preview(mode)).toMatchObject({
        amount: 0,
        refunded: 3897,
        left: 0,
        leftAfter: 0,
        planEffect: 'ended_by_earlier_refund',
        refusal: adminMessages.refundNothingLeft,
      });
  });
});
