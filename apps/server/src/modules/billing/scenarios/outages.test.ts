import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorGateway } from '../../../gateways/payments/index.ts';
import type { AuditContext } from '../../../platform/audit.ts';
import { fixedClock } from '../../../platform/clock.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { processorMoves, seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { reconcilePeriod } from '../reconciliation/reconcile.ts';
import { drainRun } from '../runs/run-engine.ts';
import { findRun, listOpenRuns } from '../runs/runs.repo.ts';
import { forceBillingRun } from '../schedule/force-run.ts';
import { openDueRuns, runDueWork } from '../schedule/tick.ts';

/**
 * Exactly once across outages (issue 21, ADR 7): the server down across renewals, across the
 * pay-back instant and for weeks; pay-backs the processor refuses for a while. Every month a
 * card is owed is charged once or recorded `missed` (never late), and every capture is paid back
 * once, within hours.
 */
const NY = 'America/New_York';
const clock = fixedClock('2030-01-05T15:00:00Z');
/** A finance staff member forcing a run, as the admin portal's button would. */
const ops: AuditContext = { actor: 'ops@pria.example', roles: ['finance'], requestId: null, clientIp: null };
let t: TestApp;
let ann: Api;
let annCard: string;

const ny = (y: number, m: number, d: number, h: number, min = 0) =>
  DateTime.fromObject({ year: y, month: m, day: d, hour: h, minute: min }, { zone: NY }).toJSDate();

async function at(instant: Date, deps: BillingDeps = t.billing) {
  clock.set(instant);
  return runDueWork(deps, instant);
}

async function payinsOf(period: string) {
  const r = await sql<{ card_id: string; status: string; decline_reason: string | null; reference: string }>`
    select card_id, status, decline_reason, reference from payment_attempts
    where kind = 'payin' and period = ${period} order by card_id`.execute(t.db);
  return r.rows;
}

const chargesAtProcessor = async (period: string) =>
  (await processorMoves(t.db, period)).filter((m) => m.kind === 'charge');

/** Subscribers whose subscriptions renew at `expiresAt` (or never, within the test). */
async function seed(customers: number, opts: { expiresAt?: Date; number?: string } = {}) {
  const { cardIds, customerIds } = await seedSubscribers(t.db, t.payments, {
    customers,
    cardsEach: 1,
    since: new Date('2029-12-01T00:00:00Z'),
    number: opts.number ? () => opts.number as string : undefined,
  });
  if (opts.expiresAt) {
    await sql`update subscriptions set expires_at = ${opts.expiresAt}
      where customer_id = any(${customerIds}::uuid[])`.execute(t.db);
  }
  return cardIds;
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  ann = await signedInUser(t, 'ann@example.com');
  annCard = (await addCard(ann, testCards.visa)).body.data.id;
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card: annCard })).status).toBe(200);
}, 60_000);
afterAll(() => t?.stop());

describe('billing across outages', () => {
  it('down from the 24th to the 31st across renewals: every renewed customer is renewed and charged once', async () => {
    const renewing = await seed(3, { expiresAt: ny(2030, 1, 25, 9) });
    const steady = await seed(2);
    await at(ny(2030, 1, 23, 12));
    // The outage: the next tick is on the 31st. Renewals (due the 25th) come first and are
    // settled before the pay-in due on the 28th chooses its cards.
    await at(ny(2030, 1, 31, 10));

    const renewals = await sql<{ status: string; n: number }>`
      select status, count(*)::int as n from payment_attempts
      where kind = 'subscription' and initiator = 'merchant' group by status`.execute(t.db);
    expect(renewals.rows).toEqual([{ status: 'captured', n: 3 }]);
    const january = await payinsOf('2030-01');
    for (const card of [...renewing, ...steady, annCard]) {
      expect(january.filter((a) => a.card_id === card).map((a) => a.status)).toEqual(['captured']);
    }
    expect((await chargesAtProcessor('2030-01')).every((m) => m.n === 1)).toBe(true);
    expect(await chargesAtProcessor('2030-01')).toHaveLength(january.length);
  });

  it('a pay-in run opened before the renewals it depends on settle waits for them, then charges those cards', async () => {
    const renewing = await seed(2, { expiresAt: ny(2030, 2, 26, 9) });
    await at(ny(2030, 2, 2, 16, 1)); // January's pay-backs
    // A worker's tick at Feb 28 16:05 opens both runs; the pay-in is drained first.
    clock.set(ny(2030, 2, 28, 16, 5));
    await openDueRuns(t.billing, clock.now());
    const payin = await findRun(t.db, 'payin', '2030-02');
    expect(payin?.waiting).toBe(2);
    const first = await drainRun(t.billing, payin?.id as string);
    expect(first?.status).toBe('running'); // still waiting for the two renewals
    expect((await payinsOf('2030-02')).filter((a) => renewing.includes(a.card_id))).toEqual([]);

    const renewals = (await listOpenRuns(t.db)).find((r) => r.kind === 'subscriptions');
    await drainRun(t.billing, renewals?.id as string);
    const done = await drainRun(t.billing, payin?.id as string);
    expect(done).toMatchObject({ status: 'completed', waiting: 0 });
    for (const card of renewing) {
      expect((await payinsOf('2030-02')).filter((a) => a.card_id === card).map((a) => a.status)).toEqual([
        'captured',
      ]);
    }
    expect((await chargesAtProcessor('2030-02')).every((m) => m.n === 1)).toBe(true);
  });

  it('down past the 2nd: the month is missed (not declined, not charged late); a forced run charges it once', async () => {
    await at(ny(2030, 3, 2, 16, 1)); // February's pay-backs
    await at(ny(2030, 3, 20, 12));
    // Down from the 20th to April 3rd: March's window closed on April 2nd 16:00.
    await at(ny(2030, 4, 3, 9));
    const march = await payinsOf('2030-03');
    expect(march.length).toBeGreaterThan(5);
    expect(new Set(march.map((a) => a.status))).toEqual(new Set(['missed']));
    expect(new Set(march.map((a) => a.decline_reason))).toEqual(
      new Set(['No payment in March: Pria was unavailable']),
    );
    expect(await chargesAtProcessor('2030-03')).toEqual([]);
    const books = await reconcilePeriod(t.db, '2030-03');
    expect(books).toMatchObject({
      charged: { count: 0 },
      declined: { count: 0 },
      missed: { count: march.length },
    });

    // The customer reads it in their activity, in our words.
    const activity = (await ann.get('/api/v1/transactions?limit=50')).body.data.rows as {
      transactionState: string;
      remarks: string | null;
    }[];
    expect(activity).toContainEqual(
      expect.objectContaining({
        transactionState: 'Missed',
        remarks: 'No payment in March: Pria was unavailable',
      }),
    );
    const run = await findRun(t.db, 'payin', '2030-03');
    expect(run).toMatchObject({ status: 'completed', missed: march.length });

    // Ticks later the same day change nothing: the window stays closed.
    await at(ny(2030, 4, 3, 9, 5));
    expect((await payinsOf('2030-03')).map((a) => a.status)).toEqual(march.map(() => 'missed'));

    // Staff force it (recorded): each missed card is charged once, and paid back at the next tick.
    const forced = await forceBillingRun(
      t.billing,
      { kind: 'payin', period: '2030-03', audit: ops },
      { wait: true },
    );
    expect(forced).toMatchObject({ status: 'completed', missed: 0, total: march.length, done: march.length });
    const after = await payinsOf('2030-03');
    expect(after.map((a) => a.status)).toEqual(march.map(() => 'captured'));
    expect(after.map((a) => a.reference)).toEqual(march.map((a) => a.reference));
    await forceBillingRun(t.billing, { kind: 'payin', period: '2030-03', audit: ops }, { wait: true });
    const charges = await chargesAtProcessor('2030-03');
    expect(charges.reduce((n, m) => n + m.n, 0)).toBe(march.length);
    await at(ny(2030, 4, 3, 9, 10));
    const paid = await reconcilePeriod(t.db, '2030-03');
    expect(paid.paidBack).toEqual(paid.charged);
    expect(paid.outstanding).toEqual({ count: 0, cents: 0 });
  });

  it('down for eight weeks: the skipped months are missed, the next month is charged on its 28th and not before', async () => {
    await at(ny(2030, 4, 28, 16, 1));
    await at(ny(2030, 5, 2, 16, 1));
    // Down from May 5th until June 28th 15:59, a minute before June's charge, then July 28th
    // 15:59: May (closed June 2nd) and June (closed July 2nd) are missed, July not yet due.
    await at(ny(2030, 5, 5, 12));
    await at(ny(2030, 7, 28, 15, 59));
    for (const period of ['2030-05', '2030-06']) {
      expect(new Set((await payinsOf(period)).map((a) => a.status))).toEqual(new Set(['missed']));
      expect(await chargesAtProcessor(period)).toEqual([]);
    }
    expect(await payinsOf('2030-07')).toEqual([]);
    await at(ny(2030, 7, 28, 16, 0));
    const july = await payinsOf('2030-07');
    expect(july.length).toBeGreaterThan(0);
    expect(new Set(july.map((a) => a.status))).toEqual(new Set(['captured']));
    // No month was paid back in the same tick it was charged.
    expect(
      await sql`select 1 from payouts where period = '2030-07'`.execute(t.db).then((r) => r.rows),
    ).toEqual([]);
  });

  it('pay-backs refused for a while or lost to 15 % timeouts are all paid within a day of ticks, each once', async () => {
    const shaky = await seed(1, { number: '4000000000000077' }); // its first two pay-backs fail
    await at(ny(2030, 8, 28, 16, 1));
    const august = await payinsOf('2030-08');
    expect(august.every((a) => a.status === 'captured')).toBe(true);

    const faulty = await createSimulatorGateway({ db: t.db, publicUrl: t.url, faultRate: 0.15 });
    const deps: BillingDeps = { ...t.billing, payments: faulty };
    // From the pay-back instant, a tick every five minutes for a day.
    const start = ny(2030, 9, 2, 16, 0).getTime();
    try {
      for (let m = 0; m <= 24 * 60; m += 5) await at(new Date(start + m * 60_000), deps);
    } finally {
      await faulty.close();
    }
    const payouts = await sql<{ card_id: string; status: string; tries: number; paid_at: Date }>`
      select card_id, status, tries, paid_at from payouts where period = '2030-08'`.execute(t.db);
    expect(payouts.rows).toHaveLength(august.length);
    expect(payouts.rows.every((p) => p.status === 'paid')).toBe(true);
    // The shaky card: two refusals, then paid at the third try, after 5 + 30 minutes of back-off.
    const s = payouts.rows.find((p) => p.card_id === shaky[0]);
    expect(s?.tries).toBe(3);
    const waited = (new Date(s?.paid_at as Date).getTime() - start) / 60_000;
    expect(waited).toBeGreaterThanOrEqual(35);
    expect(waited).toBeLessThan(60);
    const atProcessor = (await processorMoves(t.db, '2030-08')).filter((m) => m.kind === 'payout');
    expect(atProcessor.filter((m) => m.status === 'paid').every((m) => m.n === 1)).toBe(true);
    expect(atProcessor.filter((m) => m.status === 'paid')).toHaveLength(august.length);
    const books = await reconcilePeriod(t.db, '2030-08');
    expect(books.paidBack).toEqual(books.charged);
    expect(books.retrying).toEqual({ count: 0, cents: 0 });
  }, 120_000);
});
