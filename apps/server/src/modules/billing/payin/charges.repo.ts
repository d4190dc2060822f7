import { MONTHLY_CHARGE } from '@pria/contracts';
import { sql } from 'kysely';
import { type LockMode, lockForTransaction } from '../../../platform/advisory-locks.ts';
import { textArray, uuidArray } from '../../../platform/binary-arrays.ts';
import type { Db } from '../../../platform/db.ts';
import type { AttemptStatus } from '../../../platform/db-schema.ts';
import { retryOnDeadlock } from '../../../platform/deadlock-retry.ts';
import {
  ATTEMPT_IN_FLIGHT,
  ATTEMPT_SETTLED,
  SENT_UNANSWERED,
  statusIn,
} from '../../../platform/money-status-sets.ts';
import type { CheckoutOutcome, SubscriptionEffects } from '../billing-deps.ts';
import { payoutDueAt } from '../billing-schedule.ts';
import { inDoubt, lastWrittenBefore } from '../in-doubt/in-doubt.sql.ts';
import { insertMoneyEvents } from '../money-events.ts';
import { paybackToWriteSql } from '../owed-rule.ts';
import { payinCards } from './eligibility.ts';

/**
 * The lock around a run's chunks (`ADVISORY_LOCKS.runChunks`). Cutting chunks and closing the
 * window take it exclusively; taking a chunk and writing a stale one take it shared, so no card
 * is cut or missed while a drain is taking it.
 */
export const lockRunChunks = (tx: Db, runId: string, mode: LockMode) =>
  lockForTransaction(tx, { name: 'runChunks', item: runId }, mode);

/** What a customer's statement says of the monthly $3. */
export const PAYIN_DESCRIPTION = 'Monthly Charge & Pay';

/**
 * Not a card a drain took and may be charging right now: its chunk is taken but its attempts
 * are not written yet (ADR 17). Such a card has no attempt row, yet must not be cut, missed or
 * taken again; its chunk is written by its drain, or turned into `submitted` attempts once stale.
 */
const notInFlight = (runId: string) => sql`
    and not exists (select 1 from billing_chunks k
                    where k.run_id = ${runId} and k.taken_at is not null and k.written_at is null
                      and c.id = any(k.sent_cards))`;

/**
 * Splits the cards owed a pay-in into chunks of `size` consecutive card ids, in one statement on
 * the server (no card list in memory), and returns how many cards they hold. Drains then take a
 * chunk at a time (claimPayinChunk). Reopening a run replaces its untaken chunks: a chunk being
 * taken right now is waited for, and its cards then have attempts, so they are not chunked again.
 */
export async function chunkPayins(
  db: Db,
  r: { runId: string; period: string; dueAt: Date; asOf: Date; size: number },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await lockRunChunks(tx, r.runId, 'exclusive');
    await sql`delete from billing_chunks where run_id = ${r.runId} and taken_at is null`.execute(tx);
    // NOTE: uuid has no min/max; its text in the C collation sorts exactly as the uuids do.
    const res = await sql<{ cards: number }>`
      insert into billing_chunks (run_id, seq, first_card, last_card, cards, due_at, as_of)
      select ${r.runId}, base.next + x.g, min(x.id::text collate "C")::uuid, max(x.id::text collate "C")::uuid, count(*), ${r.dueAt}, ${r.asOf}
      from (select c.id, (row_number() over (order by c.id) - 1) / ${r.size} as g
            ${payinCards(r.dueAt)}
              and not exists (select 1 from payment_attempts a
                              where a.card_id = c.id and a.kind = 'payin' and a.period = ${r.period})
              ${notInFlight(r.runId)}) x,
           (select coalesce(max(seq) + 1, 0) as next from billing_chunks where run_id = ${r.runId}) base
      group by base.next, x.g
      returning cards`.execute(tx);
    return res.rows.reduce((n, c) => n + Number(c.cards), 0);
  });
}

/**
 * A forced run of a period whose window closed: its `missed` attempts (cards still owed it as at
 * the due instant) become `created` again and are sent by the run like any other. Returns how
 * many; the run's counters are corrected.
 */
export async function reviveMissed(
  db: Db,
  r: { runId: string; period: string; dueAt: Date },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const res = await sql`
      update payment_attempts a set status = 'created', decline_reason = null, billing_run_id = ${r.runId},
             sent_at = null, settled_at = null, updated_at = now()
      where a.kind = 'payin' and a.period = ${r.period} and a.status = 'missed'
        and exists (select 1 ${payinCards(r.dueAt)} and c.id = a.card_id)`.execute(tx);
    const n = Number(res.numAffectedRows ?? 0);
    if (n > 0) {
      await sql`update billing_runs set missed = greatest(missed - ${n}, 0), done = greatest(done - ${n}, 0)
        where id = ${r.runId}`.execute(tx);
    }
    return n;
  });
}

/**
 * Closes a pay-in period's window: every card still owed it and never sent is recorded `missed`
 * (with our reason, never a decline), and the untaken chunks are dropped. `onlyUntaken`: the
 * scheduled pass did run, so only the cards it had not reached yet are missed; otherwise (no
 * pass on the 28th at all) every card owed the period as at its due instant without an attempt.
 * Idempotent: ON CONFLICT keeps one attempt per (card, period).
 */
export async function insertMissedPayins(
  db: Db,
  r: {
    runId: string;
    period: string;
    dueAt: Date;
    onlyUntaken: boolean;
    reason: string;
    at: Date;
    /** Write the customers' "missed" money events (not when a forced run sends them at once). */
    tellCustomers: boolean;
  },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await lockRunChunks(tx, r.runId, 'exclusive');
    const untaken = r.onlyUntaken
      ? sql`and exists (select 1 from billing_chunks k where k.run_id = ${r.runId} and k.taken_at is null
                          and c.id between k.first_card and k.last_card)`
      : sql``;
    const missed = await sql<{ id: string; customer_id: string; card_id: string }>`
      insert into payment_attempts
        (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, billing_run_id,
         amount_cents, description, initiator, status, decline_reason, created_at, due_at, settled_at)
      select gen_random_uuid(), pria_payin_reference(c.id, ${r.period}), 'payin', ${r.period}, c.customer_id, c.id,
             c.instrument_id, s.id, ${r.runId}, ${MONTHLY_CHARGE}, ${PAYIN_DESCRIPTION}, 'merchant', 'missed',
             ${r.reason}, ${r.dueAt}, ${r.dueAt}, ${r.at}
      ${payinCards(r.dueAt)}
        and not exists (select 1 from payment_attempts a
                        where a.card_id = c.id and a.kind = 'payin' and a.period = ${r.period})
        ${untaken}
        ${notInFlight(r.runId)}
      on conflict do nothing
      returning id, customer_id, card_id`.execute(tx);
    await sql`delete from billing_chunks where run_id = ${r.runId} and taken_at is null`.execute(tx);
    if (r.tellCustomers) await insertMoneyEvents(tx, missedEvents(missed.rows, r.reason, r.at));
    const n = missed.rows.length;
    await sql`update billing_runs set window_closed_at = ${r.at}, missed = missed + ${n}, done = done + ${n},
        total = (select count(*) from payment_attempts where billing_run_id = ${r.runId})
      where id = ${r.runId}`.execute(tx);
    return n;
  });
}

const missedEvents = (
  rows: readonly { id: string; customer_id: string; card_id: string }[],
  reason: string,
  at: Date,
) =>
  rows.map((m) => ({
    type: 'charge.missed' as const,
    dedupe_key: `charge.missed:${m.id}`,
    customer_id: m.customer_id,
    card_id: m.card_id,
    amount_cents: MONTHLY_CHARGE,
    reason,
    occurred_at: at,
  }));

/**
 * In-doubt pay-ins found never received after their period's window closed: sending them now
 * would be a late charge (ADR 7), so they are `missed`, with our reason.
 */
export async function markAttemptsMissed(
  db: Db,
  ids: readonly string[],
  r: { reason: string; at: Date; lookedAt: Date; lagMs: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  return retryOnDeadlock(() =>
    db.transaction().execute(async (tx) => {
      const rows = await sql<{ id: string; customer_id: string; card_id: string; billing_run_id: string }>`
      update payment_attempts set status = 'missed', decline_reason = ${r.reason}, settled_at = ${r.at},
             updated_at = now()
      where id = any(${ids}::uuid[]) and kind = 'payin' and ${statusIn('status', SENT_UNANSWERED)}
        and ${lastWrittenBefore(r.lookedAt, r.lagMs)}
      returning id, customer_id, card_id, billing_run_id`.execute(tx);
      await insertMoneyEvents(tx, missedEvents(rows.rows, r.reason, r.at));
      return rows.rows.length;
    }),
  );
}

export interface ClaimedAttempt {
  id: string;
  reference: string;
  kind: 'payin' | 'subscription';
  instrument_id: string;
  amount_cents: number;
  description: string;
}

/**
 * Takes up to `limit` created attempts of a run and marks them submitted in one statement.
 * SKIP LOCKED lets any number of workers drain one run without waiting on each other.
 * NOTE: submitted is committed BEFORE the processor is called: after a crash the attempt is
 * found submitted and settled by lookup, never charged again.
 */
export async function claimAttempts(
  db: Db,
  runId: string,
  limit: number,
  at: Date,
): Promise<ClaimedAttempt[]> {
  const res = await sql<ClaimedAttempt>`
    update payment_attempts set status = 'submitted', sent_at = ${at}, updated_at = now()
    where id in (
      select id from payment_attempts
      where billing_run_id = ${runId} and status = 'created'
      -- NOTE: no ORDER BY: sorting every open row on each claim made a run quadratic.
      limit ${limit}
      for update skip locked)
    returning id, reference, kind, instrument_id, amount_cents, description`.execute(db);
  return res.rows;
}

/**
 * In-doubt attempts the processor has no record of, taken to be sent again under the SAME
 * reference (sending what was never received is the first try, not a retry). The WHERE clause
 * repeats what made them conclusive: still in doubt, and last written before `lookedAt` minus the
 * lookup lag, so an attempt another worker sent (or re-sent) since is left alone.
 */
export async function claimResends(
  db: Db,
  ids: readonly string[],
  r: { lookedAt: Date; lagMs: number; staleAfterMs: number; at: Date },
): Promise<ClaimedAttempt[]> {
  if (ids.length === 0) return [];
  const res = await retryOnDeadlock(() =>
    sql<ClaimedAttempt>`
    update payment_attempts set status = 'submitted', sent_at = ${r.at}, updated_at = clock_timestamp()
    where id = any(${ids}::uuid[])
      and ${inDoubt(r.staleAfterMs)}
      and ${lastWrittenBefore(r.lookedAt, r.lagMs)}
    returning id, reference, kind, instrument_id, amount_cents, description`.execute(db),
  );
  return res.rows;
}

export interface AttemptOutcome {
  id: string;
  status: Extract<AttemptStatus, 'captured' | 'declined' | 'unknown' | 'requires_authentication'>;
  reason: string | null;
  gatewayTransactionId: string | null;
  sessionUrl: string | null;
}

/** What a batch of plan charges' outcomes reports to the subscriptions module. */
type PlanChargeEffects = Pick<SubscriptionEffects, 'recordRenewalOutcomes' | 'recordCheckoutOutcomes'>;

/** For outcomes of pay-ins only: there is no plan charge among them to report. */
export const payinsOnly: PlanChargeEffects = {
  recordRenewalOutcomes: async () => {},
  recordCheckoutOutcomes: async () => {},
};

/**
 * Records a batch of outcomes in one transaction: the attempts' new states (only from the state
 * they were in), the money events for notifications, and the subscription effects of plan
 * charges (renewals, and checkouts settled by the settle step).
 */
export async function recordOutcomes(
  db: Db,
  effects: PlanChargeEffects,
  from: readonly AttemptStatus[],
  outcomes: readonly AttemptOutcome[],
  occurredAt: Date,
): Promise<{ done: number; declined: number }> {
  if (outcomes.length === 0) return { done: 0, declined: 0 };
  return retryOnDeadlock(() =>
    db.transaction().execute((tx) => recordOutcomesIn(tx, effects, from, outcomes, occurredAt)),
  );
}

/** The statements of recordOutcomes, in its transaction. */
async function recordOutcomesIn(
  tx: Db,
  effects: PlanChargeEffects,
  from: readonly AttemptStatus[],
  outcomes: readonly AttemptOutcome[],
  occurredAt: Date,
): Promise<{ done: number; declined: number }> {
  // NOTE: the batch travels as binary arrays (ADR 45), not a list of five parameters per row.
  const values = sql`unnest(${uuidArray(outcomes.map((o) => o.id))}::uuid[],
    ${textArray(outcomes.map((o) => o.status))}::text[], ${textArray(outcomes.map((o) => o.reason))}::text[],
    ${textArray(outcomes.map((o) => o.gatewayTransactionId))}::text[],
    ${textArray(outcomes.map((o) => o.sessionUrl))}::text[])`;
  // NOTE: an outcome lost to a database crash leaves the row submitted, and submitted rows are
  // settled by asking the processor (never by sending again), so this commit need not wait
  // for the disk. Claims (submitted, written before the call) keep the synchronous commit.
  await sql`set local synchronous_commit = off`.execute(tx);
  const updated = await sql<{
    id: string;
    kind: 'payin' | 'subscription';
    period: string;
    status: AttemptStatus;
    customer_id: string;
    card_id: string;
    amount_cents: number;
    decline_reason: string | null;
    subscription_id: string | null;
    plan_id: string | null;
    initiator: string;
  }>`
    update payment_attempts a
    set status = v.status, decline_reason = v.reason, gateway_transaction_id = coalesce(v.gtx, a.gateway_transaction_id),
        session_url = v.session, sent_at = coalesce(a.sent_at, ${occurredAt}::timestamptz),
        settled_at = case when ${statusIn('v.status', ATTEMPT_SETTLED)} then ${occurredAt}::timestamptz else a.settled_at end,
        updated_at = now()
    from ${values} as v(id, status, reason, gtx, session)
    where a.id = v.id and a.status in (${sql.join(from.map((s) => sql`${s}`))})
    returning a.id, a.kind, a.period, a.status, a.customer_id, a.card_id, a.amount_cents, a.decline_reason,
              a.subscription_id, a.plan_id, a.initiator`.execute(tx);
  const rows = updated.rows;

  const events = rows.flatMap((r) => {
    const type =
      r.kind === 'payin'
        ? r.status === 'captured'
          ? 'charge.succeeded'
          : r.status === 'declined'
            ? 'charge.declined'
            : null
        : r.initiator === 'merchant'
          ? r.status === 'captured'
            ? 'subscription.renewed'
            : r.status === 'declined'
              ? 'subscription.failed'
              : null
          : null;
    return type
      ? [
          {
            type,
            dedupe_key: `${type}:${r.id}`,
            customer_id: r.customer_id,
            card_id: r.card_id,
            amount_cents: r.amount_cents,
            reason: r.decline_reason,
            attempt_id: r.kind === 'subscription' ? r.id : null,
            occurred_at: occurredAt,
          } as const,
        ]
      : [];
  });
  await insertMoneyEvents(tx, events);

  await insertLatePayouts(tx, rows, occurredAt);

  // What a plan charge's outcome does to its plan is the subscriptions module's to say (the port).
  await effects.recordRenewalOutcomes(
    tx,
    rows.flatMap((r) =>
      r.kind === 'subscription' &&
      r.initiator === 'merchant' &&
      r.subscription_id &&
      r.plan_id &&
      (r.status === 'captured' ||
        r.status === 'declined' ||
        r.status === 'unknown' ||
        r.status === 'requires_authentication')
        ? [{ subscriptionId: r.subscription_id, planId: r.plan_id, period: r.period, status: r.status }]
        : [],
    ),
  );
  // A checkout's charge is waiting for an answer (pending verification) until a final one.
  await effects.recordCheckoutOutcomes(
    tx,
    rows.flatMap((r): CheckoutOutcome[] =>
      r.kind === 'subscription' &&
      r.initiator === 'customer' &&
      r.subscription_id &&
      r.plan_id &&
      (r.status === 'captured' || r.status === 'declined')
        ? [
            {
              attemptId: r.id,
              subscriptionId: r.subscription_id,
              customerId: r.customer_id,
              cardId: r.card_id,
              planId: r.plan_id,
              period: r.period,
              amountCents: Number(r.amount_cents),
              status: r.status,
              settledAt: occurredAt,
            },
          ]
        : [],
    ),
  );
  // NOTE: `done` counts answers that end an attempt; an unknown one is not done until settled.
  return {
    done: rows.filter((r) => r.status !== 'unknown').length,
    declined: rows.filter((r) => r.status === 'declined').length,
  };
}

/**
 * A pay-in settled after its pay-back instant (found captured by a late lookup, or a forced run
 * of a missed month) is owed its pay-back now: the tick sees the pending payout and pays it
 * within minutes instead of at next month's run.
 */
export async function insertLatePayouts(
  tx: Db,
  rows: readonly { id: string; kind: string; status: string; period: string }[],
  occurredAt: Date,
): Promise<void> {
  const late = rows.filter(
    (r) => r.kind === 'payin' && r.status === 'captured' && occurredAt >= payoutDueAt(r.period),
  );
  if (late.length === 0) return;
  await sql`
    insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at, due_at)
    select a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, 'pending', ${occurredAt}, ${occurredAt}
    from payment_attempts a where a.id = any(${late.map((r) => r.id)}::uuid[]) and ${paybackToWriteSql('a')}
    on conflict (attempt_id) do nothing`.execute(tx);
}

/**
 * Attempts of a run not settled yet, plus the chunks not sent yet or in flight (taken, their
 * attempts not written yet: ADR 17).
 */
export async function countOpenAttempts(db: Db, runId: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select (select count(*) from payment_attempts
            where billing_run_id = ${runId} and ${statusIn('status', ATTEMPT_IN_FLIGHT)})::int
         + (select count(*) from billing_chunks where run_id = ${runId} and written_at is null)::int as n`.execute(
    db,
  );
  return res.rows[0]?.n ?? 0;
}

/**
 * A run's work (one snapshot): its attempts, the cards in chunks not sent yet, and the cards in
 * flight whose attempts are not written yet.
 */
export async function countRunWork(db: Db, runId: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select (select count(*) from payment_attempts where billing_run_id = ${runId})::int
         + (select coalesce(sum(cards), 0) from billing_chunks where run_id = ${runId} and taken_at is null)::int
         + (select count(*) from billing_chunks k join billing_runs r on r.id = k.run_id
            cross join unnest(k.sent_cards) as x(card_id)
            where k.run_id = ${runId} and k.taken_at is not null and k.written_at is null
              and not exists (select 1 from payment_attempts a
                              where a.period = r.period and a.card_id = x.card_id and a.kind = 'payin'
                                and a.billing_run_id = ${runId}))::int
           as n`.execute(db);
  return res.rows[0]?.n ?? 0;
}
