import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { insertCharge, insertRefund } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { previewRefund } from './preview-refund.ts';

// What a refund would be and do, for the dialog finance confirms (issue 28): the amount (the
// refund's own computation), whether it ends the plan, and why it cannot be made now, if so.
// Ann bought a Semi-Annual plan ($38.97 with tax) on March 10th 2031; it is March 20th.
const NY = 'America/New_York';
const clock = fixedClock('2031-03-10T15:00:00Z');
let t: TestApp;
let planCharge: string;
let payin: string;

const refundsWritten = async () =>
  (
    await sql<{ n: number }>`select
      (select count(*) from refunds) + (select count(*) from gateway_sim.transactions where kind = 'refund') as n`.execute(
      t.db,
    )
  ).rows[0]?.n;
/** A refund of Ann's plan charge already made (as recorded after the processor refunded it). */
const refunded = (amount: number) => insertRefund(t.db, planCharge, { cents: amount, status: 'refunded' });

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  const ann = await signedInUser(t, 'ann@example.com');
  const card = (await addCard(ann, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
  const charge = await t.db
    .selectFrom('payment_attempts')
    .select(['id', 'customer_id'])
    .where('kind', '=', 'subscription')
    .executeTakeFirstOrThrow();
  planCharge = charge.id;
  payin = await insertCharge(t.db, {
    customerId: charge.customer_id,
    cardId: card,
    period: '2031-02',
    createdAt: new Date('2031-02-28T21:01:00Z'),
  });
  clock.set(DateTime.fromISO('2031-03-20T12:00', { zone: NY }).toJSDate());
}, 60_000);
afterAll(() => t?.stop());

describe('a refund preview', () => {
  it('in full: the whole charge, and that it ends the plan it paid for', async () => {
    expect(await previewRefund(t.billing, { chargeId: planCharge, mode: 'full' })).toEqual({
      chargeId: planCharge,
      mode: 'full',
      amount: 3897,
      charged: 3897,
      refunded: 0,
      left: 3897,
      leftAfter: 0,
      endsPlan: true,
      planEffect: 'ends_plan',
      planName: 'Semi-Annual',
      planWouldEndAt: DateTime.fromISO('2031-09-10', { zone: NY }).toJSDate().toISOString(),
      planEndedAt: null,
      periodEndsAt: DateTime.fromISO('2031-09-10', { zone: NY }).toJSDate().toISOString(),
      refusal: null,
    });
  });

  it('prorated: the unused days (173 of 184 on March 20th), computed as the refund computes it', async () => {
    const preview = await previewRefund(t.billing, { chargeId: planCharge, mode: 'prorated' });
    expect(preview).toMatchObject({ amount: 3664, endsPlan: true, refusal: null });
  });

  it('writes nothing and sends nothing', async () => {
    expect(await refundsWritten()).toBe(0);
  });

  it('after a partial refund: what is left, and what was refunded', async () => {
    await refunded(1000);
    expect(await previewRefund(t.billing, { chargeId: planCharge, mode: 'full' })).toMatchObject({
      amount: 2897,
      charged: 3897,
      refunded: 1000,
      refusal: null,
    });
  });

  it('once nothing is left: says so', async () => {
    await refunded(2897);
    expect(await previewRefund(t.billing, { chargeId: planCharge, mode: 'full' })).toMatchObject({
      amount: 0,
      refusal: adminMessages.refundNothingLeft,
    });
  });

  it('of a $3 monthly charge: refused (only plan charges are refunded), sending and ending nothing', async () => {
    expect(await previewRefund(t.billing, { chargeId: payin, mode: 'full' })).toMatchObject({
      amount: 0,
      left: 300,
      leftAfter: 300,
      endsPlan: false,
      planName: null,
      planWouldEndAt: null,
      refusal: adminMessages.refundOnlyPlanCharges,
    });
  });

  it('of a charge that does not exist: not found', async () => {
    await expect(
      previewRefund(t.billing, { chargeId: crypto.randomUUID(), mode: 'full' }),
    ).rejects.toMatchObject({
      httpCode: 404,
      message: adminMessages.chargeNotFound,
    });
  });
});
