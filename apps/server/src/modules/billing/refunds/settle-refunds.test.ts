import { randomUUID } from 'node:crypto';
import { cents } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCharge } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { insertRefund, type RefundRow } from './refunds.repo.ts';
import { settleRefunds } from './settle-refunds.ts';

// Refunds in doubt, settled by the tick through the one settle step (ADR 7, issue 28): looked
// up by reference; one the processor never received is sent again under the same reference.
// Four refunds of four plan charges captured at the simulator, each left in doubt another way;
// the processor's search lag is an hour, so "found nothing" proves "never received" only for a
// refund last written more than an hour ago.
const DAY = 86_400_000;
let t: TestApp;
let deps: BillingDeps;
const refunds: Record<string, RefundRow> = {};
let settledFirst: number;

const sentToProcessor = async (r: RefundRow) =>
  (
    await sql<{ status: string }>`
      select status from gateway_sim.transactions where reference = ${r.reference}`.execute(t.db)
  ).rows.map((x) => x.status);
const statusOf = async (r: RefundRow) =>
  (
    await t.db
      .selectFrom('refunds')
      .select(['status', 'failure_reason'])
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow()
  ).status;

beforeAll(async () => {
  t = await startTestApp();
  deps = { ...t.billing, lookupLagMs: 3_600_000 };
  const { customerIds, cardIds } = await seedSubscribers(t.db, t.payments, {
    customers: 1,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
  });
  const card = await t.db
    .selectFrom('cards')
    .select(['id', 'instrument_id'])
    .where('id', '=', cardIds[0] as string)
    .executeTakeFirstOrThrow();
  /** A $38.97 plan charge captured at the processor and its refund written `submitted` (not sent yet). */
  const refundOfNewCharge = async (name: string) => {
    // Charged at the processor first, then written captured with its transaction id: a captured
    // charge's outcome is written once (migration 0090).
    const reference = `ref-${randomUUID()}`;
    const charged = await t.payments.charge({
      reference,
      instrumentId: card.instrument_id,
      amountCents: cents(3897),
      description: 'Semi-Annual plan',
      initiator: 'customer',
    });
    const attemptId = await insertCharge(t.db, {
      customerId: customerIds[0] as string,
      cardId: card.id,
      kind: 'subscription',
      period: '2031-01-10',
      amount: 3897,
      createdAt: new Date('2031-01-10T15:00:00Z'),
      reference,
      gatewayId: charged.gatewayTransactionId,
    });
    const { refund } = await insertRefund(t.db, {
      attempt_id: attemptId,
      customer_id: customerIds[0] as string,
      card_id: card.id,
      amount_cents: 3897,
      mode: 'full',
      reason: 'Charged twice',
      customer_message: null,
      request_key: `settle-${name}`,
      requested_by: 'finance@pria.example',
      created_at: new Date('2031-01-20T15:00:00Z'),
    });
    refunds[name] = refund;
    return { refund, reference, transactionId: charged.gatewayTransactionId };
  };
  const leave = (r: RefundRow, status: 'unknown' | 'submitted', writtenAgo: number) =>
    sql`update refunds set status = ${status}, updated_at = now() - make_interval(secs => ${writtenAgo / 1000})
      where id = ${r.id}`.execute(t.db);

  // The processor refunded it, but the answer was lost (a timeout): unknown.
  const answerLost = await refundOfNewCharge('answerLost');
  await t.payments.refund({
    reference: answerLost.refund.reference,
    chargeReference: answerLost.reference,
    chargeTransactionId: answerLost.transactionId,
    amountCents: cents(3897),
  });
  await leave(answerLost.refund, 'unknown', 0);
  // Lost on the way, a day ago: the processor never received it.
  await leave((await refundOfNewCharge('neverReceived')).refund, 'unknown', DAY);
  // Lost on the way a minute ago: within the search lag, nothing proves it never arrived.
  await leave((await refundOfNewCharge('tooRecent')).refund, 'unknown', 60_000);
  // The worker that sent it died before writing the answer (submitted, stale), and the
  // processor had refunded it.
  const deadWorker = await refundOfNewCharge('deadWorker');
  await t.payments.refund({
    reference: deadWorker.refund.reference,
    chargeReference: deadWorker.reference,
    chargeTransactionId: deadWorker.transactionId,
    amountCents: cents(3897),
  });
  await leave(deadWorker.refund, 'submitted', DAY);

  settledFirst = await settleRefunds(deps);
}, 90_000);
afterAll(() => t?.stop());

describe('settling refunds in doubt', () => {
  it('one the processor made: refunded by lookup, never sent again', async () => {
    expect(await statusOf(refunds.answerLost as RefundRow)).toBe('refunded');
    expect(await sentToProcessor(refunds.answerLost as RefundRow)).toEqual(['refunded']);
  });

  it('one the processor never received: sent again under the same reference, refunded once', async () => {
    expect(await statusOf(refunds.neverReceived as RefundRow)).toBe('refunded');
    expect(await sentToProcessor(refunds.neverReceived as RefundRow)).toEqual(['refunded']);
  });

  it('one not found within the processor’s search lag: left in doubt, not sent', async () => {
    expect(await statusOf(refunds.tooRecent as RefundRow)).toBe('unknown');
    expect(await sentToProcessor(refunds.tooRecent as RefundRow)).toEqual([]);
  });

  it('one a dead worker left submitted: settled by lookup', async () => {
    expect(await statusOf(refunds.deadWorker as RefundRow)).toBe('refunded');
    expect(await sentToProcessor(refunds.deadWorker as RefundRow)).toEqual(['refunded']);
  });

  it('answers how many it settled', () => {
    expect(settledFirst).toBe(3);
  });

  it('settles nothing twice: the next tick finds only the one still within the lag', async () => {
    expect(await settleRefunds(deps)).toBe(0);
    expect(await statusOf(refunds.tooRecent as RefundRow)).toBe('unknown');
    expect(await sentToProcessor(refunds.neverReceived as RefundRow)).toEqual(['refunded']);
  });
});
