import { sql } from 'kysely';
import { reconcilePeriod } from '../modules/billing/index.ts';
import type { Db } from '../platform/db.ts';
import type { PhaseReport, SeededCard } from './database-crash.ts';

/** How many cards (or captures) have 0, 1, 2… of something: `{ 1: n }` is exactly once for all. */
type Histogram = Record<number, number>;

const histogram = (counts: number[]): Histogram => {
  const h: Histogram = {};
  for (const n of counts) h[n] = (h[n] ?? 0) + 1;
  return h;
};

/**
 * A month's money after its pay-in and pay-back, read back from our books and the processor's,
 * as facts a test compares whole: each card's pay-in (ours and the processor's), each capture's
 * pay-back, what is still in doubt, the books, and every engine instant checked against the
 * engine's clock while each run ran (a date from the database's or the machine's clock falls
 * outside it: the lab's engine runs years from both).
 */
export async function exactlyOnceLedger(
  db: Db,
  period: string,
  cards: readonly SeededCard[],
  runs: { payin: PhaseReport; payout: PhaseReport },
  notOwed: readonly SeededCard[],
) {
  const ids = cards.map((c) => c.id);
  const attempts = (
    await sql<{ card_id: string; status: string; decline_reason: string | null; n: number }>`
      select card_id, min(status) as status, min(decline_reason) as decline_reason, count(*)::int as n
      from payment_attempts where kind = 'payin' and period = ${period} and card_id = any(${ids}::uuid[])
      group by card_id`.execute(db)
  ).rows;
  const byCard = new Map(attempts.map((a) => [a.card_id, a]));
  const charges = (
    await sql<{ instrument_id: string; status: string; amount_cents: number; n: number }>`
      select instrument_id, min(status) as status, min(amount_cents)::int as amount_cents, count(*)::int as n
      from gateway_sim.transactions
      where kind = 'charge' and reference like ${`payin:%:${period}`} group by instrument_id`.execute(db)
  ).rows;
  const chargeOf = new Map(charges.map((c) => [c.instrument_id, c]));
  const payouts = (
    await sql<{
      attempt_status: string;
      payouts: number;
      paid: number;
      at_processor: number;
      paid_there: number;
    }>`
      select a.status as attempt_status,
             count(p.id)::int as payouts,
             count(p.id) filter (where p.status = 'paid' and p.amount_cents = a.amount_cents)::int as paid,
             (select count(*)::int from gateway_sim.transactions t
              where t.kind = 'payout' and t.instrument_id = a.instrument_id
                and split_part(t.reference, ':', 2) in (select q.id::text from payouts q where q.period = ${period}))
               as at_processor,
             (select count(*)::int from gateway_sim.transactions t
              where t.kind = 'payout' and t.instrument_id = a.instrument_id and t.status = 'paid'
                and t.amount_cents = a.amount_cents
                and split_part(t.reference, ':', 2) in (select q.id::text from payouts q where q.period = ${period}))
               as paid_there
      from payment_attempts a left join payouts p on p.attempt_id = a.id
      where a.kind = 'payin' and a.period = ${period} and a.card_id = any(${ids}::uuid[])
      group by a.id`.execute(db)
  ).rows;
  const chargedNotOwed = (
    await sql<{ ours: number; theirs: number }>`
      select
        (select count(*)::int from payment_attempts
         where period = ${period} and card_id = any(${notOwed.map((c) => c.id)}::uuid[])) as ours,
        (select count(*)::int from gateway_sim.transactions
         where kind = 'charge' and instrument_id = any(${notOwed.map((c) => c.instrumentId)}::text[])) as theirs`.execute(
      db,
    )
  ).rows[0];
  const captures = payouts.filter((p) => p.attempt_status === 'captured');
  const inDoubt = (
    await sql<{ attempts: number; payouts: number; tries: number }>`
      select
        (select count(*)::int from payment_attempts
         where period = ${period} and status not in ('captured', 'declined')) as attempts,
        (select count(*)::int from payouts where period = ${period} and status <> 'paid') as payouts,
        (select count(*)::int from payout_tries t join payouts p on p.id = t.payout_id
         where p.period = ${period} and t.outcome = 'unknown') as tries`.execute(db)
  ).rows[0];

  // Every instant the engine writes, against the clock the engine ran on (inclusive).
  const within = (col: string, { from, to }: { from: Date; to: Date }) =>
    sql<boolean>`coalesce(${sql.ref(col)} between ${from} and ${to}, false)`;
  const inPayin = (col: string) => within(col, runs.payin.engine);
  const inPayout = (col: string) => within(col, runs.payout.engine);
  const outside = (
    await sql<Record<string, number>>`
      select
        count(*) filter (where a.due_at <> pria_payin_due_at(a.period))::int as "payment_attempts.due_at",
        count(*) filter (where not ${inPayin('a.created_at')})::int as "payment_attempts.created_at",
        count(*) filter (where not ${inPayin('a.sent_at')})::int as "payment_attempts.sent_at",
        count(*) filter (where not ${inPayin('a.settled_at')})::int as "payment_attempts.settled_at",
        count(p.id) filter (where p.due_at <> pria_payout_due_at(p.period))::int as "payouts.due_at",
        count(p.id) filter (where not ${inPayout('p.created_at')})::int as "payouts.created_at",
        count(p.id) filter (where not ${inPayout('p.sent_at')})::int as "payouts.sent_at",
        count(p.id) filter (where not ${inPayout('p.settled_at')})::int as "payouts.settled_at",
        count(p.id) filter (where not ${inPayout('p.paid_at')})::int as "payouts.paid_at"
      from payment_attempts a left join payouts p on p.attempt_id = a.id
      where a.kind = 'payin' and a.period = ${period}`.execute(db)
  ).rows[0];
  // Money events (what customers are told) of the period's rows: keyed by the attempt, and by
  // the reference of the pay-back's try.
  const events = (
    await sql<{
      attempt_status: string;
      charge_events: number;
      payback_events: number;
      charge_off: number;
      payback_off: number;
    }>`
      select a.status as attempt_status,
        count(distinct c.id)::int as charge_events,
        count(distinct s.id)::int as payback_events,
        count(distinct c.id) filter (where not ${inPayin('c.occurred_at')})::int as charge_off,
        count(distinct s.id) filter (where not ${inPayout('s.occurred_at')})::int as payback_off
      from payment_attempts a
      left join money_events c on c.dedupe_key in ('charge.succeeded:' || a.id, 'charge.declined:' || a.id)
      left join payouts p on p.attempt_id = a.id
      left join payout_tries t on t.payout_id = p.id
      left join money_events s on s.dedupe_key = 'payout.sent:' || t.reference
      where a.kind = 'payin' and a.period = ${period} and a.card_id = any(${ids}::uuid[])
      group by a.id`.execute(db)
  ).rows;
  const runRows = (
    await sql<Record<string, number>>`
      select
        count(*) filter (where kind = 'payin' and not ${inPayin('as_of')})::int as "billing_runs.as_of (pay-in)",
        count(*) filter (where kind = 'payout' and not ${inPayout('as_of')})::int as "billing_runs.as_of (pay-back)",
        count(*) filter (where kind = 'payin' and not ${inPayout('window_closed_at')})::int as "billing_runs.window_closed_at",
        count(*) filter (where status <> 'completed')::int as "runs not completed"
      from billing_runs where period = ${period}`.execute(db)
  ).rows[0];
  const { 'runs not completed': runsOpen, ...runTimes } = runRows ?? {};

  return {
    /** Cards by how many pay-ins we wrote for them: `{ 1: cards }`. */
    payinsPerCard: histogram(cards.map((c) => byCard.get(c.id)?.n ?? 0)),
    /** Cards whose one pay-in is not their own outcome (captured; declined "Insufficient funds"). */
    wrongOutcome: cards.filter((c) => {
      const a = byCard.get(c.id);
      return c.declines
        ? a?.status !== 'declined' || a.decline_reason !== 'Insufficient funds'
        : a?.status !== 'captured';
    }).length,
    /** Cards by how many charges the processor holds for the period: `{ 1: cards }`. */
    chargesAtProcessorPerCard: histogram(cards.map((c) => chargeOf.get(c.instrumentId)?.n ?? 0)),
    /** Cards where the processor's outcome or amount is not ours. */
    processorDisagrees: cards.filter((c) => {
      const theirs = chargeOf.get(c.instrumentId);
      return theirs?.status !== byCard.get(c.id)?.status || theirs?.amount_cents !== 300;
    }).length,
    /** Pay-ins of cards not owed the month (joined after its due instant), ours and the processor's. */
    chargedNotOwed,
    captured: captures.length,
    /** Captures by how many pay-backs we wrote for them, paid in full: `{ 1: captures }`. */
    paybacksPerCapture: histogram(captures.map((p) => p.payouts)),
    paidPerCapture: histogram(captures.map((p) => p.paid)),
    /** Captures by how many pay-backs the processor holds, and paid in full: `{ 1: captures }`. */
    paybacksAtProcessorPerCapture: histogram(captures.map((p) => p.at_processor)),
    paidAtProcessorPerCapture: histogram(captures.map((p) => p.paid_there)),
    /** Declined charges paid back anyway (by us or at the processor). */
    paybacksOfDeclines: payouts
      .filter((p) => p.attempt_status !== 'captured')
      .reduce((n, p) => n + p.payouts + p.at_processor, 0),
    /** Money rows of the period without their final outcome. */
    inDoubt,
    runsOpen,
    /** Pay-ins by how many charge events (succeeded or declined) customers are told of: `{ 1: cards }`. */
    chargeEventsPerCard: histogram(events.map((e) => e.charge_events)),
    /** Captures by how many "paid back" events: `{ 1: captures }`. */
    paybackEventsPerCapture: histogram(
      events.filter((e) => e.attempt_status === 'captured').map((e) => e.payback_events),
    ),
    /** Engine instants outside the engine's clock (or not the schedule's due instant), by column. */
    notByTheEngineClock: {
      ...outside,
      'money_events.occurred_at (charges)': events.reduce((n, e) => n + e.charge_off, 0),
      'money_events.occurred_at (pay-backs)': events.reduce((n, e) => n + e.payback_off, 0),
      ...runTimes,
    },
    books: await reconcilePeriod(db, period),
  };
}
