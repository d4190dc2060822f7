import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.ts';
import { runCli } from '../../../test/cli.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Forced runs obey the engine's rules on every path (issue 28): a pay-in never for a month not
 * due yet, a pay-back only for a month whose pay-in ran, a closed month's cards as the scheduled
 * run judged them; refused requests change nothing; every forced run is audited.
 */
const clock = fixedClock('2031-03-10T15:00:00Z');
let t: TestApp;
let finance: Api;
let card: string;

const count = async (table: 'billing_runs' | 'payment_attempts' | 'staff_audit', where = sql`true`) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.db))
    .rows[0]?.n;
/** A forced run is drained in the background (no job queue in tests): its status once it settles. */
async function finished(runId: string): Promise<string | undefined> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const run = await t.db
      .selectFrom('billing_runs')
      .select('status')
      .where('id', '=', runId)
      .executeTakeFirst();
    if (run?.status === 'completed' || Date.now() > deadline) return run?.status;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const forcedAudits = () => count('staff_audit', sql`action = 'billing.force_run'`);
const payins = (period: string) => count('payment_attempts', sql`kind = 'payin' and period = ${period}`);

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  const ann = await signedInUser(t, 'ann@example.com');
  finance = await signedInUser(t, 'fin@pria.example', ['finance']);
  card = (await addCard(ann, testCards.visa, '123', { month: 12, year: 2040 })).body.data.id;
  expect((await ann.post('/api/v1/subscriptions', { plan: 'semi-annual', card })).status).toBe(200);
}, 60_000);
afterAll(() => t?.stop());

describe('forced pay-ins', () => {
  it('refuses a month not due yet with its due date, and changes nothing', async () => {
    const res = await finance.post('/api/v1/payin-payout/payin?period=2031-04');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adminMessages.payinNotDue('April 2031', 'April 28, 2031 at 4:00 PM ET'));
    expect(await count('billing_runs')).toBe(0);
    expect(await forcedAudits()).toBe(0);
  });

  it('refuses the current month before its 28th at 16:00 New York', async () => {
    const res = await finance.post('/api/v1/payin-payout/payin?period=2031-03');
    expect(res.status).toBe(409);
    expect(await count('billing_runs')).toBe(0);
  });

  it('is refused by the database too, whatever path opens the run', async () => {
    const early = sql`insert into billing_runs (kind, period, status, as_of, started_by)
      values ('payin', '2031-03', 'running', '2031-03-28T19:59:00Z', 'script')`.execute(t.db);
    await expect(early).rejects.toMatchObject({ constraint: 'billing_runs_payin_not_before_due' });
  });

  it('runs the latest due month by default, and records who forced it', async () => {
    const res = await finance.post('/api/v1/payin-payout/payin');
    expect(res.status).toBe(202);
    expect(res.body.data.period).toBe('2031-02');
    expect(await finished(res.body.data.id)).toBe('completed');
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['actor', 'target_id'])
      .where('action', '=', 'billing.force_run')
      .execute();
    expect(audit).toEqual([{ actor: 'fin@pria.example', target_id: res.body.data.id }]);
  });

  it('charges the current month once its due instant has passed', async () => {
    clock.set('2031-03-28T20:05:00Z');
    const res = await finance.post('/api/v1/payin-payout/payin?period=2031-03');
    expect(res.status).toBe(202);
    expect(await finished(res.body.data.id)).toBe('completed');
    const attempts = await t.db
      .selectFrom('payment_attempts')
      .select(['card_id', 'status'])
      .where('kind', '=', 'payin')
      .where('period', '=', '2031-03')
      .execute();
    expect(attempts).toEqual([{ card_id: card, status: 'captured' }]);
  });

  it("never charges a closed month's cards that its window did not record, even judged eligible now", async () => {
    // February closed (forced above) with no card owed. Ann's plan now looks as if it had run in
    // February (as a clock mixed up by a test run or an import would make it): still nothing.
    await sql`update subscriptions set created_at = '2031-01-01T00:00:00Z'`.execute(t.db);
    const res = await finance.post('/api/v1/payin-payout/payin?period=2031-02');
    expect(res.status).toBe(202);
    await finished(res.body.data.id);
    expect(await payins('2031-02')).toBe(0);
  });

  it("charges a month whose window closed unrun for the cards owed as at its due instant, once, without a 'missed' notice", async () => {
    // April's window closed on May 2nd with no run at all (no tick): forced on May 5th.
    clock.set('2031-05-05T14:00:00Z');
    for (let i = 0; i < 2; i++) {
      const res = await finance.post('/api/v1/payin-payout/payin?period=2031-04');
      expect(res.status).toBe(202);
      await finished(res.body.data.id);
    }
    const april = await t.db
      .selectFrom('payment_attempts')
      .select(['card_id', 'status'])
      .where('kind', '=', 'payin')
      .where('period', '=', '2031-04')
      .execute();
    expect(april).toEqual([{ card_id: card, status: 'captured' }]);
    const missed = await sql<{
      n: number;
    }>`select count(*)::int as n from money_events where type = 'charge.missed'`.execute(t.db);
    expect(missed.rows[0]?.n).toBe(0);
  });
});

describe('forced pay-backs', () => {
  it('refuses a month whose pay-in never ran, and changes nothing', async () => {
    const before = await count('billing_runs');
    const res = await finance.post('/api/v1/payin-payout/payout?period=2031-01');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adminMessages.payoutBeforePayin('January 2031'));
    expect(await count('billing_runs')).toBe(before);
  });

  it('is refused by the database too', async () => {
    const forced = sql`insert into billing_runs (kind, period, status, as_of, started_by, forced_at)
      values ('payout', '2030-12', 'running', now(), 'script', now())`.execute(t.db);
    await expect(forced).rejects.toMatchObject({ constraint: 'billing_runs_payout_after_payin' });
  });

  it('pays back the latest month whose pay-in ran by default', async () => {
    const res = await finance.post('/api/v1/payin-payout/payout');
    expect(res.status).toBe(202);
    expect(res.body.data.period).toBe('2031-04');
  });
});

describe('forced runs from the CLI', () => {
  it('refuses a month not due yet with the same words (exit 2), and changes nothing', async () => {
    const before = await count('billing_runs');
    const r = await runCli(t, [
      'billing:run',
      'payin',
      '--period',
      '2031-06',
      '--at',
      '2031-05-05T14:00:00Z',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(adminMessages.payinNotDue('June 2031', 'June 28, 2031 at 4:00 PM ET'));
    expect(await count('billing_runs')).toBe(before);
  });

  it('records the forced run in the audit trail with the CLI as the actor', async () => {
    const r = await runCli(t, [
      'billing:run',
      'payin',
      '--period',
      '2031-04',
      '--at',
      '2031-05-05T14:00:00Z',
    ]);
    expect(r.code).toBe(0);
    const rows = await t.db
      .selectFrom('staff_audit')
      .select(['actor', 'actor_roles'])
      .where('action', '=', 'billing.force_run')
      .where('actor', 'like', 'cli%')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
