import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movedClockRefusal } from './modules/billing/index.ts';
import { cliAuditContext } from './platform/audit.ts';
import { fixedClock } from './platform/clock.ts';
import { runCli } from './test/cli.ts';
import { startTestApp, type TestApp } from './test/harness.ts';
import { seedSubscribers } from './test/seed-billing.ts';

/**
 * The CLI's money commands and time (issue 38). `--at` runs the engine as of another instant:
 * only against the simulator, outside production; elsewhere it is refused before anything is
 * written, saying why. The runs an operator opens are theirs (`cli:<os user>`), each with its
 * audit row and the instant it was run for.
 */
let t: TestApp;
const operator = cliAuditContext().actor;
/** The pay-in of January 2031 is due on the 28th at 16:00 New York: a minute after. */
const januaryPayin = '2031-01-28T21:01:00.000Z';

const cybersource = {
  PAYMENT_GATEWAY: 'cybersource',
  CYBERSOURCE_MERCHANT_ID: 'pria_test',
  CYBERSOURCE_KEY_ID: 'key-id',
  CYBERSOURCE_SHARED_SECRET: Buffer.from('not a real secret').toString('base64'),
};
/** What production needs to start at all (config.ts), so the refusal heard is --at's own. */
const production = {
  NODE_ENV: 'production',
  OIDC_COOKIE_KEYS: 'k'.repeat(40),
  PRIA_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  METRICS_TOKEN: 'm'.repeat(32),
};

/** Every row the money commands write: runs, audit rows, log lines, charges, pay-backs. */
async function written() {
  const r = await sql<Record<string, number>>`
    select (select count(*)::int from billing_runs) as runs,
           (select count(*)::int from staff_audit) as audits,
           (select count(*)::int from event_log) as log_lines,
           (select count(*)::int from payment_attempts) as charges,
           (select count(*)::int from payouts) as paybacks`.execute(t.db);
  return r.rows[0];
}

beforeAll(async () => {
  t = await startTestApp({}, { clock: fixedClock('2031-01-10T15:00:00Z') });
  await seedSubscribers(t.db, t.payments, {
    customers: 2,
    cardsEach: 1,
    since: new Date('2030-12-01T00:00:00Z'),
  });
}, 60_000);
afterAll(() => t?.stop());

describe('--at with a real processor or in production', () => {
  it('is refused with a CyberSource gateway configured, saying why, before anything is written', async () => {
    const was = await written();
    const why = movedClockRefusal({ env: 'test', payments: { gateway: 'cybersource' } as never });
    for (const args of [
      ['billing:tick', '--at', januaryPayin],
      ['billing:run', 'payin', '--period', '2031-01', '--at', januaryPayin],
    ]) {
      const r = await runCli(t, args, cybersource);
      expect(r.code, args[0]).toBe(2);
      expect(r.err, args[0]).toContain(why);
      expect(r.err).toContain('PAYMENT_GATEWAY=cybersource');
    }
    expect(await written()).toEqual(was);
  }, 120_000);

  it('is refused in production, saying why, before anything is written', async () => {
    const was = await written();
    const r = await runCli(t, ['billing:tick', '--at', januaryPayin], production);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--at is refused in production (NODE_ENV=production)');
    expect(await written()).toEqual(was);
  }, 120_000);
});

describe('--at with the simulator', () => {
  it('billing:tick opens the runs due at that instant as cli:<os user>, each with its audit row and the instant', async () => {
    const r = await runCli(t, ['billing:tick', '--at', januaryPayin]);
    expect(r.code, r.err).toBe(0);
    const runs = await t.db
      .selectFrom('billing_runs')
      .select(['id', 'kind', 'period', 'started_by', 'as_of', 'forced_at'])
      .orderBy('kind')
      .execute();
    expect(runs.map((x) => [x.kind, x.period])).toEqual([
      ['payin', '2031-01'],
      ['payout', '2030-12'],
    ]);
    for (const run of runs) {
      expect(run).toMatchObject({ started_by: operator, as_of: new Date(januaryPayin), forced_at: null });
    }
    const audits = await t.db
      .selectFrom('staff_audit')
      .select(['actor', 'action', 'target_type', 'target_id', 'after'])
      .orderBy('target_id')
      .execute();
    expect(audits).toEqual(
      runs
        .map((run) => ({
          actor: operator,
          action: 'billing.open_due_run',
          target_type: 'billing_run',
          target_id: run.id,
          after: { kind: run.kind, period: run.period, asOf: januaryPayin },
        }))
        .sort((a, b) => a.target_id.localeCompare(b.target_id)),
    );
    // The simulator's money moved as of that instant: January's two cards charged.
    const charges = await t.db
      .selectFrom('payment_attempts')
      .select('status')
      .where('period', '=', '2031-01')
      .execute();
    expect(charges).toEqual([{ status: 'captured' }, { status: 'captured' }]);
  }, 120_000);

  it('billing:run forces a run as cli:<os user>, audited with the instant it was run for', async () => {
    const at = '2031-02-02T21:05:00.000Z';
    const r = await runCli(t, ['billing:run', 'payout', '--period', '2031-01', '--at', at]);
    expect(r.code, r.err).toBe(0);
    const run = await t.db
      .selectFrom('billing_runs')
      .select(['id', 'started_by', 'as_of', 'forced_at'])
      .where('kind', '=', 'payout')
      .where('period', '=', '2031-01')
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ started_by: operator, as_of: new Date(at), forced_at: new Date(at) });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['actor', 'after'])
      .where('action', '=', 'billing.force_run')
      .where('target_id', '=', run.id)
      .execute();
    expect(audit).toEqual([{ actor: operator, after: { kind: 'payout', period: '2031-01', asOf: at } }]);
  }, 120_000);
});

describe('without --at', () => {
  it('billing:tick runs as of the real clock', async () => {
    const before = Date.now();
    const r = await runCli(t, ['billing:tick']);
    expect(r.code, r.err).toBe(0);
    const at = new Date((JSON.parse(r.out) as { at: string }).at).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  }, 120_000);
});
