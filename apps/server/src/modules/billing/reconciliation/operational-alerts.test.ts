import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCard, insertCharge, insertCustomer, insertPayout } from '../../../test/db-rows.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { payinDueAt, payoutDueAt } from '../billing-schedule.ts';
import { operationalAlerts } from './operational-alerts.ts';

// The conditions the alerting rules and the admin home's banners share (issue 16 §7), as of an
// instant: runs not completed an hour after they were due, a pay-in the tick never started,
// pay-backs still owed a day after their instant, disputes nobody decided. January and
// February 2031: the runs are written as each case needs them; Ann's three January captures
// are one paid back, one not, one disputed.
const HOUR = 3_600_000;
const janPayin = payinDueAt('2031-01');
const janPayout = payoutDueAt('2031-01');
const febPayin = payinDueAt('2031-02');
let t: TestApp;

const after = (instant: Date, ms: number) => new Date(instant.getTime() + ms);
const run = (kind: 'payin' | 'payout', period: string, asOf: Date) =>
  t.db
    .insertInto('billing_runs')
    .values({ kind, period, status: 'running', as_of: asOf, started_by: 'schedule' })
    .returning('id')
    .executeTakeFirstOrThrow();
const overdueAt = async (now: Date) => (await operationalAlerts(t.db, now)).overdueRuns;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.stop());

describe('overdue runs', () => {
  it('none on a new installation', async () => {
    expect(await operationalAlerts(t.db, new Date('2031-01-10T15:00:00Z'))).toEqual({
      overdueRuns: [],
      outstandingPaybacks: { count: 0, cents: 0 },
      openDisputes: 0,
    });
  });

  it('a pay-in run still running an hour after its due instant is overdue', async () => {
    await run('payin', '2031-01', janPayin);
    expect(await overdueAt(after(janPayin, HOUR + 60_000))).toEqual([
      { kind: 'payin', period: '2031-01', dueAt: janPayin.toISOString() },
    ]);
  });

  it('is not overdue within that hour', async () => {
    expect(await overdueAt(after(janPayin, HOUR - 60_000))).toEqual([]);
  });

  it('a completed run is not overdue', async () => {
    await sql`update billing_runs set status = 'completed' where kind = 'payin' and period = '2031-01'`.execute(
      t.db,
    );
    expect(await overdueAt(after(janPayin, 2 * HOUR))).toEqual([]);
  });

  it('a payout run still running an hour after the 2nd, 4pm New York is overdue', async () => {
    await run('payout', '2031-01', janPayout);
    expect(await overdueAt(after(janPayout, 2 * HOUR))).toEqual([
      { kind: 'payout', period: '2031-01', dueAt: janPayout.toISOString() },
    ]);
  });

  it('the latest pay-in never started an hour after its instant is overdue (the tick is not running), oldest first', async () => {
    expect(await overdueAt(after(febPayin, 2 * HOUR))).toEqual([
      { kind: 'payout', period: '2031-01', dueAt: janPayout.toISOString() },
      { kind: 'payin', period: '2031-02', dueAt: febPayin.toISOString() },
    ]);
  });

  it('a pay-in never started whose window has closed is no longer reported (its cards are missed)', async () => {
    const overdue = await overdueAt(after(payoutDueAt('2031-02'), 2 * HOUR));
    expect(overdue.filter((r) => r.kind === 'payin')).toEqual([]);
  });
});

describe('pay-backs and disputes', () => {
  beforeAll(async () => {
    const ann = await insertCustomer(t.db, { email: 'ann@example.com' });
    const cards = [
      await insertCard(t.db, ann, { slot: 1 }),
      await insertCard(t.db, ann, { slot: 2 }),
      await insertCard(t.db, ann, { slot: 3 }),
    ];
    const captures: string[] = [];
    for (const card of cards) {
      captures.push(
        await insertCharge(t.db, { customerId: ann, cardId: card, period: '2031-01', createdAt: janPayin }),
      );
    }
    await insertPayout(t.db, captures[0] as string, { createdAt: janPayout });
    await t.db
      .insertInto('disputes')
      .values({
        processor_dispute_id: 'case-1',
        attempt_id: captures[2] as string,
        customer_id: ann,
        card_id: cards[2] as string,
        amount_cents: 300,
        reason: 'Fraudulent',
        status: 'open',
        payback_sent: false,
        opened_at: janPayin,
      })
      .execute();
  });

  it('counts the captures still not paid back a day after their pay-back instant, leaving out the disputed one', async () => {
    const alerts = await operationalAlerts(t.db, after(janPayout, 25 * HOUR));
    expect(alerts.outstandingPaybacks).toEqual({ count: 1, cents: 300 });
  });

  it('counts none within that day', async () => {
    const alerts = await operationalAlerts(t.db, after(janPayout, 23 * HOUR));
    expect(alerts.outstandingPaybacks).toEqual({ count: 0, cents: 0 });
  });

  it('counts the disputes nobody has decided', async () => {
    expect((await operationalAlerts(t.db, after(janPayout, HOUR))).openDisputes).toBe(1);
    await sql`update disputes set status = 'lost', decided_at = now(), decided_by = 'test'`.execute(t.db);
    expect((await operationalAlerts(t.db, after(janPayout, HOUR))).openDisputes).toBe(0);
  });
});
