import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayTimeout, type PaymentGateway } from '../../../gateways/payments/port.ts';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { drainRun, startRun } from '../runs/run-engine.ts';

/**
 * A processor whose search is indexed late (CyberSource's transaction search takes minutes):
 * right after a call, lookup(reference) answers null even when the call arrived. Until the
 * lag has passed, null must not be read as "never received"; after it, null means the call never
 * arrived, and it is sent again under the same reference (the first try, not a retry).
 */
const clock = fixedClock('2031-06-10T15:00:00Z');
let t: TestApp;
let ann: Api;
let lost: string; // instrument whose calls time out before reaching the processor
let outage = true; // while true, those calls (and every payout) are lost on the way
const calls: string[] = []; // references sent, in order

/** The simulator, except that during the outage calls on `lost` time out before they reach it. */
function losing(payments: PaymentGateway): PaymentGateway {
  return Object.assign(Object.create(payments) as PaymentGateway, {
    charge: (i: Parameters<PaymentGateway['charge']>[0]) => {
      calls.push(i.reference);
      return outage && i.instrumentId === lost
        ? Promise.reject(new GatewayTimeout(i.reference))
        : payments.charge(i);
    },
    payout: (i: Parameters<PaymentGateway['payout']>[0]) => {
      calls.push(i.reference);
      return outage ? Promise.reject(new GatewayTimeout(i.reference)) : payments.payout(i);
    },
  });
}

const status = async (table: 'payment_attempts' | 'payouts', cardId: string) =>
  (
    await sql<{ status: string; reason: string | null }>`
    select status, ${sql.ref(table === 'payouts' ? 'last_error' : 'decline_reason')} as reason
    from ${sql.table(table)} where card_id = ${cardId} ${table === 'payouts' ? sql`` : sql`and kind = 'payin'`}`.execute(
      t.db,
    )
  ).rows;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'ann@example.com');
}, 60_000);
afterAll(() => t?.stop());

describe('a lookup that finds nothing, within the processor search lag', () => {
  it('leaves a charge open and asks again; after the lag it is sent again under the same reference, charged once', async () => {
    const visa = (await addCard(ann, testCards.visa)).body.data.id as string;
    const other = (await addCard(ann, testCards.mastercard)).body.data.id as string;
    expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: visa })).status).toBe(200);
    lost = (
      await t.db.selectFrom('cards').select('instrument_id').where('id', '=', other).executeTakeFirstOrThrow()
    ).instrument_id;

    const lagging: BillingDeps = {
      ...t.billing,
      payments: losing(t.billing.payments),
      lookupLagMs: 3_600_000,
    };
    // June 28th 16:01 New York: the pay-in is due (a run is never opened before).
    clock.set('2031-06-28T20:01:00Z');
    const run = await startRun(lagging, {
      kind: 'payin',
      period: '2031-06',
      asOf: clock.now(),
      by: 'schedule',
      forced: false,
    });
    await drainRun(lagging, run.id);
    expect(await status('payment_attempts', other)).toEqual([{ status: 'unknown', reason: null }]);
    const reference = `payin:${other}:2031-06`;
    expect(calls.filter((c) => c === reference)).toHaveLength(1);

    // Asked again within the lag: the processor has no record (yet): still open, not sent again.
    const again = await drainRun(lagging, run.id);
    expect(again?.status).toBe('running');
    expect(await status('payment_attempts', other)).toEqual([{ status: 'unknown', reason: null }]);
    expect(calls.filter((c) => c === reference)).toHaveLength(1);

    // Once the lag has passed, nothing found means nothing arrived: it is sent now, same reference,
    // in the same run; no "declined" for a charge the issuer never saw.
    outage = false;
    const done = await drainRun({ ...lagging, lookupLagMs: 0 }, run.id);
    expect(done?.status).toBe('completed');
    expect(await status('payment_attempts', other)).toEqual([{ status: 'captured', reason: null }]);
    expect(await status('payment_attempts', visa)).toEqual([{ status: 'captured', reason: null }]);
    expect(calls.filter((c) => c === reference)).toHaveLength(2);
    const sent = await sql<{ reference: string; status: string }>`
      select reference, status from gateway_sim.transactions where kind = 'charge' and instrument_id = ${lost}`.execute(
      t.db,
    );
    expect(sent.rows).toEqual([{ reference, status: 'captured' }]);
  });

  it('leaves a payout unknown (not failed, so not retried under a new reference) until the lag has passed, then sends the same try again', async () => {
    outage = true;
    const visa = (
      await sql<{
        card_id: string;
      }>`select card_id from payment_attempts where status = 'captured' and kind = 'payin' limit 1`.execute(
        t.db,
      )
    ).rows[0]?.card_id as string;
    clock.set('2031-07-02T20:01:00Z');
    const lagging: BillingDeps = {
      ...t.billing,
      payments: losing(t.billing.payments),
      lookupLagMs: 3_600_000,
    };
    const run = await startRun(lagging, {
      kind: 'payout',
      period: '2031-06',
      asOf: clock.now(),
      by: 'schedule',
      forced: false,
    });
    await drainRun(lagging, run.id);
    expect(await status('payouts', visa)).toEqual([{ status: 'unknown', reason: null }]);
    await drainRun(lagging, run.id);
    expect(await status('payouts', visa)).toEqual([{ status: 'unknown', reason: null }]);

    outage = false;
    const done = await drainRun({ ...lagging, lookupLagMs: 0 }, run.id);
    expect(done?.status).toBe('completed');
    const payouts = await t.db
      .selectFrom('payouts')
      .select(['card_id', 'status', 'tries', 'reference'])
      .where('period', '=', '2031-06')
      .execute();
    expect(payouts).toHaveLength(2);
    expect(payouts.every((p) => p.status === 'paid' && p.tries === 1 && p.reference?.endsWith(':1'))).toBe(
      true,
    );
    // Each pay-back's one reference was sent twice (lost, then resent) and paid once.
    for (const p of payouts) expect(calls.filter((c) => c === p.reference)).toHaveLength(2);
    const paid = await sql<{ n: number }>`
      select count(*)::int as n from gateway_sim.transactions where kind = 'payout' and status = 'paid'`.execute(
      t.db,
    );
    expect(paid.rows[0]?.n).toBe(2);
  });
});
