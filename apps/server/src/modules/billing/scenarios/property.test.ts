import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../../gateways/payments/port.ts';
import { cliAuditContext } from '../../../platform/audit.ts';
import { fixedClock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/errors.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { seedSubscribers } from '../../../test/seed-billing.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { addMonths, currentPeriod, latestDuePayout } from '../billing-schedule.ts';
import { reconcileRecent, totalsFromRows } from '../reconciliation/reconcile.ts';
import { forceBillingRun } from '../schedule/force-run.ts';
import { runDueWork } from '../schedule/tick.ts';

/**
 * The money engine's promise as a property (issue 21): whatever the interleaving of minute ticks,
 * processes killed mid-run (before or after a processor call), forced runs and two workers at
 * once, once things calm down every (card, period) owed has exactly one of captured / declined /
 * missed, the processor agrees with our books, and every captured cent is paid back exactly once.
 * The staleness window and lookup lag are zero here, the most hostile settings: a live worker's
 * call may be taken for abandoned and sent again by another (same reference, so still once).
 */
const START = new Date('2030-01-20T17:00:00Z');
const clock = fixedClock(START);
let t: TestApp;
let cardIds: string[] = [];

type Command =
  | { t: 'tick'; hours: number }
  | { t: 'kill'; hours: number; after: number; moneyMoved: boolean }
  | { t: 'force'; kind: 'payin' | 'payout'; monthsBack: number }
  | { t: 'two'; hours: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ t: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 240 }) }),
  fc.record({
    t: fc.constant('kill' as const),
    hours: fc.integer({ min: 1, max: 240 }),
    after: fc.integer({ min: 0, max: 20 }),
    moneyMoved: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('force' as const),
    kind: fc.constantFrom('payin' as const, 'payout' as const),
    monthsBack: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ t: fc.constant('two' as const), hours: fc.integer({ min: 1, max: 240 }) }),
);

/**
 * The processor as a process that dies: after `after` calls every further call hangs forever
 * (the process is gone and records nothing); with `moneyMoved` the last call reaches the
 * processor before the process dies. The calls it had already sent when it died reach the
 * processor or not before anyone looks them up (`landed`): in production a call is cut off long
 * before a row it left is taken for abandoned (BILLING_STALE_AFTER_SECONDS, 120 s, against the
 * processor timeout); here the staleness window is zero, so without this wait a call still on the
 * wire could land after another worker found nothing and recorded the month missed.
 */
function dying(inner: PaymentGateway, after: number, moneyMoved: boolean) {
  let calls = 0;
  let dead!: () => void;
  const died = new Promise<void>((resolve) => {
    dead = resolve;
  });
  const never = new Promise<never>(() => {});
  const sent = new Set<Promise<unknown>>();
  const wrap =
    <A, R>(call: (a: A) => Promise<R>) =>
    async (a: A): Promise<R> => {
      if (calls >= after) {
        if (moneyMoved && calls === after) {
          calls++;
          await call(a).catch(() => {});
        }
        dead();
        return never;
      }
      calls++;
      const answer = call(a);
      sent.add(answer);
      return answer;
    };
  const gateway: PaymentGateway = Object.assign(Object.create(inner) as PaymentGateway, {
    charge: wrap(inner.charge.bind(inner)),
    payout: wrap(inner.payout.bind(inner)),
    lookup: wrap(inner.lookup.bind(inner)),
  });
  const landed = () => Promise.allSettled([...sent]);
  return { gateway, died, landed };
}

const deps = (payments: PaymentGateway = t.billing.payments): BillingDeps => ({
  ...t.billing,
  payments,
  staleAfterMs: 0,
  lookupLagMs: 0,
  concurrency: 3,
  batchSize: 4,
});

async function fresh() {
  await sql`truncate table payout_tries, payouts, payment_attempts, billing_chunks, billing_runs, money_events,
    subscriptions, cards, customers, event_log cascade`.execute(t.db);
  await sql`truncate table gateway_sim.transactions`.execute(t.db);
  clock.set(START);
  // Good cards, an issuer that refuses, answers lost after the money moved, pay-backs refused twice.
  const numbers = ['4111111111111111', '4000000000009995', '4000000000000119', '4000000000000077'];
  ({ cardIds } = await seedSubscribers(t.db, t.payments, {
    customers: 4,
    cardsEach: 2,
    since: new Date('2029-12-01T00:00:00Z'),
    number: (i, c) => numbers[(i + c) % numbers.length] as string,
  }));
}

async function play(c: Command) {
  if (c.t === 'force') {
    const period = addMonths(currentPeriod(clock.now()), -c.monthsBack);
    // Through the staff/CLI use case: a month not due yet, or a pay-back before its pay-in ran, is
    // refused (409) and changes nothing; the invariants below hold either way.
    await forceBillingRun(
      deps(),
      { kind: c.kind, period, audit: cliAuditContext('property') },
      { wait: true },
    ).catch((err: unknown) => {
      if (!(err instanceof AppError && err.httpCode === 409)) throw err;
    });
    return;
  }
  clock.set(new Date(clock.now().getTime() + c.hours * 3_600_000));
  if (c.t === 'tick') await runDueWork(deps(), clock.now());
  else if (c.t === 'two')
    await Promise.all([runDueWork(deps(), clock.now()), runDueWork(deps(), clock.now())]);
  else {
    const { gateway, died, landed } = dying(t.billing.payments, c.after, c.moneyMoved);
    // The dead process's last database writes may still land: a slow process is an interleaving too.
    await Promise.race([runDueWork(deps(gateway), clock.now()).catch(() => {}), died]);
    await landed();
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Calm: healthy ticks for the next eight days: a minute later, then at every pay-back's next
 * try as it falls due, else daily (the tick runs every minute; the minutes between do nothing).
 */
async function calm() {
  const until = clock.now().getTime() + 8 * 86_400_000;
  let next = clock.now().getTime() + 60_000;
  while (next <= until) {
    clock.set(new Date(next));
    await runDueWork(deps(), clock.now());
    const retry = await sql<{ at: Date | null }>`
      select min(next_try_at) as at from payouts where status = 'failed'`.execute(t.db);
    const at = retry.rows[0]?.at ? new Date(retry.rows[0].at).getTime() : Number.POSITIVE_INFINITY;
    next = Math.max(next + 60_000, Math.min(at, next + 86_400_000));
  }
}

async function checkInvariants() {
  const attempts = await sql<{ card_id: string; period: string; status: string; reference: string }>`
    select card_id, period, status, reference from payment_attempts where kind = 'payin'`.execute(t.db);
  const sim = await sql<{ reference: string; kind: string; status: string; instrument_id: string }>`
    select reference, kind, status, instrument_id from gateway_sim.transactions`.execute(t.db);
  const atProcessor = new Map(sim.rows.map((r) => [r.reference, r]));

  // Exactly one of captured / declined / missed per (card, period); nothing left in doubt.
  for (const a of attempts.rows) {
    expect(['captured', 'declined', 'missed'], `${a.reference} ${a.status}`).toContain(a.status);
    const there = atProcessor.get(a.reference);
    if (a.status === 'missed') expect(there, a.reference).toBeUndefined();
    else expect(there?.status, a.reference).toBe(a.status);
  }
  // Never zero times because of us: every period from the first run to the last closed window
  // has an attempt for every card.
  const periods = [...new Set(attempts.rows.map((a) => a.period))].sort();
  const lastClosed = latestDuePayout(clock.now());
  for (let p = periods[0]; p && p <= lastClosed; p = addMonths(p, 1)) {
    const of = attempts.rows.filter((a) => a.period === p);
    expect(of.map((a) => a.card_id).sort(), `period ${p}`).toEqual([...cardIds].sort());
  }
  // The processor never saw a pay-in of ours it was not told of.
  const ours = new Set(attempts.rows.map((a) => a.reference));
  expect(
    sim.rows.filter((r) => r.kind === 'charge' && r.reference.startsWith('payin:') && !ours.has(r.reference)),
  ).toEqual([]);

  // Every capture whose pay-back instant has passed is paid back exactly once, to the cent, at
  // the processor too; a later one (a forced run of this month) at most once.
  const payouts = await sql<{ id: string; attempt_id: string; period: string; status: string }>`
    select id, attempt_id, period, status from payouts`.execute(t.db);
  const captured = attempts.rows.filter((a) => a.status === 'captured');
  const owed = captured.filter((a) => a.period <= lastClosed);
  expect(payouts.rows.filter((p) => p.period <= lastClosed)).toHaveLength(owed.length);
  for (const p of payouts.rows) {
    if (p.period <= lastClosed) expect(p.status, p.id).toBe('paid');
    const paid = sim.rows.filter(
      (r) => r.kind === 'payout' && r.status === 'paid' && r.reference.startsWith(`payout:${p.id}:`),
    );
    expect(paid, `payout ${p.id}`).toHaveLength(p.status === 'paid' ? 1 : 0);
  }
  const cents = await sql<{ captured: number; paid: number }>`
    select (select coalesce(sum(amount_cents), 0) from payment_attempts
            where kind = 'payin' and status = 'captured' and period <= ${lastClosed})::bigint as captured,
           (select coalesce(sum(amount_cents), 0) from payouts
            where status = 'paid' and period <= ${lastClosed})::bigint as paid`.execute(t.db);
  expect(Number(cents.rows[0]?.paid)).toBe(Number(cents.rows[0]?.captured));

  // The roll-ups the admin home reads (kept by triggers, two workers and kills included) equal
  // the rows they summarise, and so does the reconciliation built on them.
  const rolled = await sql`
    select kind, period, month, status, n::bigint, cents::bigint from attempt_rollups where n <> 0 or cents <> 0
    order by 1, 2, 3, 4`.execute(t.db);
  const recounted = await sql`
    select kind, period, to_char(created_at at time zone 'America/New_York', 'YYYY-MM') as month, status,
           count(*)::bigint as n, sum(amount_cents)::bigint as cents
    from payment_attempts group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(t.db);
  expect(rolled.rows).toEqual(recounted.rows);
  const rolledPayouts = await sql`
    select period, paid_month, status, n::bigint, cents::bigint from payout_rollups where n <> 0 or cents <> 0
    order by 1, 2, 3`.execute(t.db);
  const recountedPayouts = await sql`
    select period, coalesce(to_char(paid_at at time zone 'America/New_York', 'YYYY-MM'), '') as paid_month, status,
           count(*)::bigint as n, sum(amount_cents)::bigint as cents
    from payouts group by 1, 2, 3 order by 1, 2, 3`.execute(t.db);
  expect(rolledPayouts.rows).toEqual(recountedPayouts.rows);
  expect(await reconcileRecent(t.db, 24)).toEqual(await totalsFromRows(t.db, periods.toReversed()));
}

beforeAll(async () => {
  t = await startTestApp({}, { clock });
}, 60_000);
afterAll(() => t?.stop());

describe('the money engine under random ticks, kills, forced runs and two workers', () => {
  it('ends with exactly one outcome per (card, period) and every captured cent paid back once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 18 }), async (commands) => {
        await fresh();
        for (const c of commands) await play(c);
        await calm();
        await checkInvariants();
      }),
      { numRuns: Number(process.env.BILLING_PROPERTY_RUNS ?? 12), endOnFailure: true },
    );
  }, 600_000);
});
