import { cents } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, GatewayTimeout, type PaymentGateway } from '../../../gateways/payments/port.ts';
import type { Logger } from '../../../platform/logger.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import { sendRefund } from './send-refund.ts';

// Sending a refund to the processor and reading its answer (issue 16): refunded, failed (the
// processor refused: no money moved) or unknown (a timeout or a call cut off: the money may have
// moved, so it is looked up later, never sent blind again). Each case refunds a $38.97 plan
// charge of its own, captured at the simulator.
let t: TestApp;
let instrumentId: string;
const warnings: unknown[] = [];
let charges = 0;

beforeAll(async () => {
  t = await startTestApp();
  const { cardIds } = await seedSubscribers(t.db, t.payments, {
    customers: 1,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
  });
  instrumentId = (
    await t.db
      .selectFrom('cards')
      .select('instrument_id')
      .where('id', '=', cardIds[0] as string)
      .executeTakeFirstOrThrow()
  ).instrument_id;
}, 60_000);
afterAll(() => t?.stop());

/** A plan charge captured at the processor: what sendRefund needs of it. */
async function capturedCharge() {
  const reference = `sub:send-refund-${++charges}`;
  const o = await t.payments.charge({
    reference,
    instrumentId,
    amountCents: cents(3897),
    description: 'Semi-Annual plan',
    initiator: 'merchant',
  });
  return { reference, gateway_transaction_id: o.gatewayTransactionId };
}
const refund = (amount: number) => {
  const id = crypto.randomUUID();
  return { id, reference: `refund:${id}`, amount_cents: amount };
};
const through = (refundCall: PaymentGateway['refund']) => ({
  payments: Object.assign(Object.create(t.payments) as PaymentGateway, { refund: refundCall }),
  logger: Object.assign(Object.create(t.billing.logger) as Logger, {
    warn: (o: unknown) => {
      warnings.push(o);
    },
  }),
});
const atProcessor = async (reference: string) =>
  (
    await sql<{ status: string; amount_cents: number }>`
      select status, amount_cents::int from gateway_sim.transactions where reference = ${reference}`.execute(
      t.db,
    )
  ).rows;

describe('a refund sent to the processor', () => {
  it('refunded: the processor’s transaction is recorded with the refund', async () => {
    const r = refund(3897);
    const o = await sendRefund(t.billing, r, await capturedCharge());
    expect(o).toEqual({
      id: r.id,
      status: 'refunded',
      reason: null,
      gatewayTransactionId: expect.any(String),
    });
  });

  it('goes under the refund’s own reference, for its amount', async () => {
    const r = refund(1200);
    await sendRefund(t.billing, r, await capturedCharge());
    expect(await atProcessor(r.reference)).toEqual([{ status: 'refunded', amount_cents: 1200 }]);
  });

  it('more than is left on the charge: failed, in the processor’s words, and no money moves', async () => {
    const charge = await capturedCharge();
    await sendRefund(t.billing, refund(3897), charge);
    const r = refund(100);
    const o = await sendRefund(t.billing, r, charge);
    expect(o).toMatchObject({ id: r.id, status: 'failed', reason: expect.any(String) });
    expect(o.reason).not.toBe('');
    expect((await atProcessor(r.reference)).filter((m) => m.status === 'refunded')).toEqual([]);
  });

  it('refused by the processor before it took the request: failed, with its message', async () => {
    const r = refund(3897);
    const o = await sendRefund(
      through(() => Promise.reject(new GatewayError('Refunds are unavailable'))),
      r,
      await capturedCharge(),
    );
    expect(o).toEqual({
      id: r.id,
      status: 'failed',
      reason: 'Refunds are unavailable',
      gatewayTransactionId: null,
    });
  });

  it('timed out: unknown (to be looked up), without a warning', async () => {
    const r = refund(3897);
    const before = warnings.length;
    const o = await sendRefund(
      through((i) => Promise.reject(new GatewayTimeout(i.reference))),
      r,
      await capturedCharge(),
    );
    expect(o).toEqual({ id: r.id, status: 'unknown', reason: null, gatewayTransactionId: null });
    expect(warnings.length).toBe(before);
  });

  it('cut off mid-call: unknown too, and a warning names the refund', async () => {
    const r = refund(3897);
    const o = await sendRefund(
      through(() => Promise.reject(new Error('socket hang up'))),
      r,
      await capturedCharge(),
    );
    expect(o.status).toBe('unknown');
    expect(warnings.at(-1)).toMatchObject({ refund: r.id });
  });
});
