import { adminMessages } from '@pria/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAuditContext } from '../../../platform/audit.ts';
import { fixedClock } from '../../../platform/clock.ts';
import { runCli } from '../../../test/cli.ts';
import { type Api, addCard, signedInUser, testCards } from '../../../test/customers.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { forceBillingRun } from './force-run.ts';

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

/** A month of the service's range, each kind of outside it: the calendar's, ours, the future's, none. */
const outOfRange = ['0000-01', '0001-01', '2026-10', '2031-04', '2031-13', 'March 2031', '2031-3'];
const before = async () => ({
  runs: await count('billing_runs'),
  audits: await count('staff_audit'),
  attempts: await count('payment_attempts'),
});

describe('periods a run may be forced for: from the first billing period to the current month', () => {
  it('refuses any other period through the API with a 400 naming the range, and changes nothing', async () => {
    const was = await before();
    for (const kind of ['payin', 'payout']) {
      for (const period of outOfRange) {
        const res = await finance.post(`/api/v1/payin-payout/${kind}?period=${encodeURIComponent(period)}`);
        expect(res.status, `${kind} ${period}`).toBe(400);
        expect(res.body.message, `${kind} ${period}`).toBe('period must be a month from 2026-11 to 2031-03');
      }
    }
    expect(await before()).toEqual(was);
  });

  it('states the range in the API document: no pattern there lets year 0000 or 0001 through', async () => {
    const doc = (await finance.get('/api/docs/json')).body as {
      paths: Record<string, { post?: { parameters?: { name: string; schema: { pattern?: string } }[] } }>;
    };
    for (const kind of ['payin', 'payout']) {
      const param = doc.paths[`/api/v1/payin-payout/${kind}`]?.post?.parameters?.find(
        (p) => p.name === 'period',
      );
      const pattern = new RegExp(param?.schema.pattern ?? '');
      expect(param?.schema.pattern).toBeDefined();
      expect(['0000-01', '0001-01', '2026-10'].filter((p) => pattern.test(p))).toEqual([]);
      expect(['2026-11', '2031-03'].every((p) => pattern.test(p))).toBe(true);
    }
  });

  it('refuses the same periods at the CLI (billing:run --period) in the same words (exit 2), and changes nothing', async () => {
    const was = await before();
    const periods = ['0000-01', '0001-01', '2031-04', 'March 2031'];
    const at = clock.now().toISOString();
    // One CLI process per period, side by side: each starts a Node process of its own.
    const answers = await Promise.all(
      periods.map((period) => runCli(t, ['billing:run', 'payin', '--period', period, '--at', at])),
    );
    for (const [i, r] of answers.entries()) {
      expect(r.code, periods[i]).toBe(2);
      expect(r.err, periods[i]).toContain('period must be a month from 2026-11 to 2031-03');
    }
    expect(await before()).toEqual(was);
  }, 120_000);

  it("starts from the installation's first billing month (PRIA_FIRST_BILLING_PERIOD)", async () => {
    const later = { ...t.billing, firstPeriod: '2030-01' };
    const asked = forceBillingRun(
      later,
      { kind: 'payout', period: '2029-12', audit: cliAuditContext('test') },
      { wait: true },
    );
    await expect(asked).rejects.toMatchObject({
      httpCode: 400,
      message: 'period must be a month from 2030-01 to 2031-03',
    });
  });

  it('is refused by the use case itself, whoever calls it', async () => {
    const asked = forceBillingRun(
      t.billing,
      { kind: 'payin', period: '0001-01', audit: cliAuditContext('test') },
      { wait: true },
    );
    await expect(asked).rejects.toMatchObject({
      httpCode: 400,
      message: 'period must be a month from 2026-11 to 2031-03',
    });
  });
});

describe('forced pay-ins', () => {
  it('refuses the current month before its 28th at 16:00 New York with its due date, and changes nothing', async () => {
    const res = await finance.post('/api/v1/payin-payout/payin?period=2031-03');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(adminMessages.payinNotDue('March 2031', 'March 28, 2031 at 4:00 PM ET'));
    expect(await count('billing_runs')).toBe(0);
    expect(await forcedAudits()).toBe(0);
  });

  it('is refused by the database too, whatever path opens the run', async () => {
    const early = sql`insert into billing_runs (kind, period, status, as_of, started_by)
      values ('payin', '2031-03', 'running', '2031-03-28T19:59:00Z', 'script')`.execute(t.db);
    await expect(early).rejects.toMatchObject({ constraint: 'billing_runs_payin_not_before_due' });
  });

  it('runs the latest due month by default, and records the staff member who forced it and the instant', async () => {
    const res = await finance.post('/api/v1/payin-payout/payin');
    expect(res.status).toBe(202);
    expect(res.body.data.period).toBe('2031-02');
    expect(await finished(res.body.data.id)).toBe('completed');
    const run = await t.db
      .selectFrom('billing_runs')
      .select(['started_by', 'as_of', 'forced_at'])
      .where('id', '=', res.body.data.id)
      .executeTakeFirst();
    expect(run).toEqual({ started_by: 'fin@pria.example', as_of: clock.now(), forced_at: clock.now() });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['actor', 'target_id', 'after'])
      .where('action', '=', 'billing.force_run')
      .execute();
    expect(audit).toEqual([
      {
        actor: 'fin@pria.example',
        target_id: res.body.data.id,
        after: { kind: 'payin', period: '2031-02', asOf: clock.now().toISOString() },
      },
    ]);
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
      '2031-05',
      '--at',
      '2031-05-05T14:00:00Z',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(adminMessages.payinNotDue('May 2031', 'May 28, 2031 at 4:00 PM ET'));
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
    expect(rows).toEqual([{ actor: cliAuditContext().actor, actor_roles: ['operator'] }]);
  });
});

describe('a forced run and its audit row are one transaction', () => {
  const refuseAudits = async (on: boolean) => {
    if (on) {
      await sql`create function test_refuse_force_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit trail unavailable'; end $$`.execute(t.db);
      await sql`create trigger test_refuse_force_audit before insert on staff_audit
        for each row when (new.action = 'billing.force_run') execute function test_refuse_force_audit()`.execute(
        t.db,
      );
    } else {
      await sql`drop trigger test_refuse_force_audit on staff_audit`.execute(t.db);
      await sql`drop function test_refuse_force_audit()`.execute(t.db);
    }
  };
  const force = (kind: 'payout' | 'subscriptions', period?: string) =>
    forceBillingRun(t.billing, { kind, period, audit: cliAuditContext('test') }, { wait: false });

  it('a failure writing the audit row leaves no run opened', async () => {
    await refuseAudits(true);
    try {
      await expect(force('subscriptions')).rejects.toThrow('audit trail unavailable');
      expect(await count('billing_runs', sql`kind = 'subscriptions'`)).toBe(0);
    } finally {
      await refuseAudits(false);
    }
  });

  it('a failure writing the audit row leaves a run it would reopen as it was', async () => {
    const run = () =>
      t.db
        .selectFrom('billing_runs')
        .select(['status', 'as_of', 'forced_at', 'forced_count'])
        .where('kind', '=', 'payout')
        .where('period', '=', '2031-04')
        .executeTakeFirstOrThrow();
    const was = await run();
    const audits = await count('staff_audit');
    clock.set('2031-05-06T14:00:00Z');
    await refuseAudits(true);
    try {
      await expect(force('payout', '2031-04')).rejects.toThrow('audit trail unavailable');
    } finally {
      await refuseAudits(false);
    }
    expect(await run()).toEqual(was);
    expect(await count('staff_audit')).toBe(audits);
  });

  it('with the audit trail back, the run and its audit row are written together', async () => {
    const opened = await force('subscriptions');
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['actor', 'target_id'])
      .where('action', '=', 'billing.force_run')
      .where('target_id', '=', opened.id)
      .execute();
    expect(audit).toEqual([{ actor: 'cli:test', target_id: opened.id }]);
  });
});
