import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayTimeout, type PaymentGateway } from '../../../gateways/payments/port.ts';
import { fixedClock } from '../../../platform/clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { processorMoves, seedSubscribers } from '../../../test/seed-billing.ts';
import { payinDueAt, payoutDueAt } from '../billing-schedule.ts';
import { drainRun, startRun } from './run-engine.ts';

// The run engine (issue 28: one strategy per kind of run): startRun opens the run for a kind
// and period and writes the work it owns; drainRun works it off and completes it once nothing
// of it is open. Three subscribers with one card each; June 2031's pay-in, then its pay-back.
const clock = fixedClock('2031-06-28T20:01:00Z');
const period = '2031-06';
let t: TestApp;
let runId: string;

const runRow = (id: string) =>
  t.db.selectFrom('billing_runs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const logLines = async (like: string) =>
  (
    await sql<{ message: string; actor: string }>`
      select message, actor from event_log where stream = 'billing' and message like ${like} order by id`.execute(
      t.db,
    )
  ).rows;
const charges = async () =>
  (await processorMoves(t.db, period)).filter((m) => m.kind === 'charge').reduce((n, m) => n + m.n, 0);

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  await seedSubscribers(t.db, t.payments, {
    customers: 3,
    cardsEach: 1,
    since: new Date('2031-01-01T00:00:00Z'),
  });
}, 60_000);
afterAll(() => t?.stop());

describe('starting a run', () => {
  it('opens the run as of its instant, holding the work it owns (a pay-in: the cards owed)', async () => {
    const run = await startRun(t.billing, {
      kind: 'payin',
      period,
      asOf: payinDueAt(period),
      by: 'schedule',
      forced: false,
    });
    runId = run.id;
    expect(await runRow(run.id)).toMatchObject({
      kind: 'payin',
      period,
      status: 'running',
      total: 3,
      done: 0,
      as_of: payinDueAt(period),
      started_by: 'schedule',
      forced_count: 0,
    });
    expect(run.total).toBe(3);
  });

  it('says so in the event log, with who started it', async () => {
    expect(await logLines('payin run 2031-06 started%')).toEqual([
      { message: 'payin run 2031-06 started (3 items)', actor: 'schedule' },
    ]);
  });

  it('is refused by the database when it names nobody as who started it (migration 0093)', async () => {
    for (const startedBy of ['', '   ']) {
      const nobody = sql`insert into billing_runs (kind, period, status, as_of, started_by)
        values ('payout', '2031-05', 'running', now(), ${startedBy})`.execute(t.appDb);
      await expect(nobody).rejects.toMatchObject({ constraint: 'billing_runs_started_by_named' });
    }
  });

  it('opened by the schedule, is never forced: only a person forces a run', async () => {
    const forcedBySchedule = startRun(t.billing, {
      kind: 'payin',
      period,
      asOf: clock.now(),
      by: 'schedule',
      forced: true,
    });
    await expect(forcedBySchedule).rejects.toThrow('only a person forces a run');
  });

  it('started again, reopens the same run and adds no work twice', async () => {
    const again = await startRun(t.billing, {
      kind: 'payin',
      period,
      asOf: clock.now(),
      by: { actor: 'ops@pria.example', roles: ['finance'], requestId: null, clientIp: null },
      forced: true,
    });
    expect(again.id).toBe(runId);
    expect(await runRow(runId)).toMatchObject({ total: 3, forced_count: 1, as_of: clock.now() });
  });
});

describe('draining a run', () => {
  it('sends its work and completes it once nothing of it is open', async () => {
    const after = await drainRun(t.billing, runId);
    expect(after).toMatchObject({ id: runId, status: 'completed', done: 3, failed: 0 });
    expect(after?.finished_at).not.toBeNull();
    expect(await charges()).toBe(3);
  });

  it('says so in the event log', async () => {
    expect(await logLines('payin run 2031-06 completed%')).toEqual([
      { message: 'payin run 2031-06 completed: 3 done, 0 failed', actor: 'system' },
    ]);
  });

  it('drained again, sends nothing more', async () => {
    expect(await drainRun(t.billing, runId)).toMatchObject({ status: 'completed', done: 3 });
    expect(await charges()).toBe(3);
    expect(await logLines('payin run 2031-06 completed%')).toHaveLength(1);
  });

  it('of a run that does not exist: nothing', async () => {
    expect(await drainRun(t.billing, crypto.randomUUID())).toBeUndefined();
  });

  it('leaves a run open while its work is in doubt (a pay-back run: the pay-back strategy)', async () => {
    clock.set(new Date(payoutDueAt(period).getTime() + 60_000));
    const lost: PaymentGateway = Object.assign(Object.create(t.billing.payments) as PaymentGateway, {
      payout: (i: { reference: string }) => Promise.reject(new GatewayTimeout(i.reference)),
    });
    const deps = { ...t.billing, payments: lost, lookupLagMs: 3_600_000 };
    const run = await startRun(deps, {
      kind: 'payout',
      period,
      asOf: clock.now(),
      by: 'schedule',
      forced: false,
    });
    expect(run.total).toBe(3);
    expect(await drainRun(deps, run.id)).toMatchObject({ status: 'running', done: 0 });
    const inDoubt = await t.db.selectFrom('payouts').select('status').where('period', '=', period).execute();
    expect(inDoubt.map((p) => p.status)).toEqual(['unknown', 'unknown', 'unknown']);
    // The processor answers again and the lag has passed: the same run completes.
    expect(await drainRun({ ...t.billing, lookupLagMs: 0 }, run.id)).toMatchObject({
      status: 'completed',
      done: 3,
    });
  });
});
