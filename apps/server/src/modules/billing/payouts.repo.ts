import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { PayoutStatus } from '../../platform/db-schema.ts';
import { PAYOUT_DELAYED_AFTER_TRIES, PAYOUT_RETRY_DELAYS_MS } from './payout-backoff.ts';
import { insertMoneyEvents } from './runs.repo.ts';

// Any fixed number: the advisory lock that lets one process at a time write a run's payouts.
const MATERIALIZE_LOCK = 7_311_001;

/**
 * One payout per captured pay-in of `period` or earlier that has none yet: exactly the captured
 * amount, to the instrument that was charged. ON CONFLICT (attempt_id) keeps it one per capture.
 * NOTE: one writer at a time (advisory lock): several drains inserting the same 100,000 rows at
 * once made each wait on the others' uncommitted rows, one by one. With `wait: false` a caller
 * skips when another process is writing them (that one writes what exists now; what settles
 * later is written by the next drain or run).
 */
export async function materializePayouts(
  db: Db,
  period: string,
  asOf: Date,
  opts: { wait: boolean } = { wait: true },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    if (opts.wait) await sql`select pg_advisory_xact_lock(${MATERIALIZE_LOCK})`.execute(tx);
    else {
      const got = await sql<{
        ok: boolean;
      }>`select pg_try_advisory_xact_lock(${MATERIALIZE_LOCK}) as ok`.execute(tx);
      if (!got.rows[0]?.ok) return 0;
    }
    // NOTE: right after a pay-in the statistics still say "no captured attempts, no payouts", and
    // the planner then checks each capture against a sequential scan of payouts, which grows as
    // this very statement inserts: quadratic (3 minutes at 100,000 cards). Without nested loops
    // it is a hash (or merge) anti-join: one pass over each side, linear in the history.
    await sql`set local enable_nestloop = off`.execute(tx);
    const res = await sql`
      insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at)
      select a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, 'pending', ${asOf}
      from payment_attempts a
      where a.kind = 'payin' and a.status = 'captured' and a.period <= ${period}
        and not exists (select 1 from payouts p where p.attempt_id = a.id)
      on conflict (attempt_id) do nothing`.execute(tx);
    return Number(res.numAffectedRows ?? 0);
  });
}

/** Payouts still owed for `period` or earlier: the work of a payout run when it opens. */
export async function countOwedPayouts(db: Db, period: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from payouts
    where period <= ${period} and status in ('pending', 'failed', 'submitted', 'unknown')`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/** True when a pay-back is waiting to be tried at `at`: new, or failed and its back-off is over. */
export async function payoutsDue(db: Db, at: Date): Promise<boolean> {
  const res = await sql<{ due: boolean }>`
    select exists (select 1 from payouts
                   where status in ('pending', 'failed') and (status = 'pending' or next_try_at <= ${at})) as due`.execute(
    db,
  );
  return res.rows[0]?.due ?? false;
}

export interface ClaimedPayout {
  id: string;
  reference: string;
  tries: number;
  instrument_id: string;
  amount_cents: number;
}

/** Where a pay-back goes: the charged card's instrument, or the card staff chose after a return. */
const payTo = sql`coalesce((select c.instrument_id from cards c where c.id = payouts.paid_to_card_id), payouts.instrument_id)`;

/**
 * Takes up to `limit` payouts to try and marks them submitted under a fresh reference for this
 * try (payout:<id>:<try>): new ones, and failed ones whose back-off is over at `now`.
 */
export async function claimPayouts(
  db: Db,
  runId: string,
  period: string,
  limit: number,
  now: Date,
): Promise<ClaimedPayout[]> {
  const res = await sql<ClaimedPayout>`
    update payouts set status = 'submitted', tries = tries + 1, next_try_at = null,
      reference = 'payout:' || id || ':' || (tries + 1), billing_run_id = ${runId}, updated_at = now()
    where id in (
      select id from payouts
      where period <= ${period}
        and (status = 'pending' or (status = 'failed' and next_try_at <= ${now}))
      limit ${limit}
      for update skip locked)
    returning id, reference, tries, ${payTo} as instrument_id, amount_cents`.execute(db);
  return res.rows;
}

/**
 * In-doubt payouts the processor has no record of, taken to be sent again under the SAME
 * reference (the same try). As for charges, the WHERE clause repeats what made them conclusive.
 */
export async function claimPayoutResends(
  db: Db,
  ids: readonly string[],
  r: { lookedAt: Date; lagMs: number; staleAfterMs: number },
): Promise<ClaimedPayout[]> {
  if (ids.length === 0) return [];
  const res = await sql<ClaimedPayout>`
    update payouts set status = 'submitted', updated_at = clock_timestamp()
    where id = any(${ids}::uuid[])
      and (status = 'unknown'
           or (status = 'submitted' and updated_at < now() - make_interval(secs => ${r.staleAfterMs / 1000})))
      and updated_at <= ${r.lookedAt}::timestamptz - make_interval(secs => ${r.lagMs / 1000})
    returning id, reference, tries, ${payTo} as instrument_id, amount_cents`.execute(db);
  return res.rows;
}

export interface PayoutOutcomeRow {
  id: string;
  status: Extract<PayoutStatus, 'paid' | 'failed' | 'unknown' | 'returned'>;
  reason: string | null;
  gatewayTransactionId: string | null;
}

/**
 * Records payout outcomes, their tries and the money events, in one transaction. A failed try
 * gets its back-off (`next_try_at`); the customer hears of it once, when the pay-back is
 * delayed (PAYOUT_DELAYED_AFTER_TRIES failures), not at every try.
 */
export async function recordPayoutOutcomes(
  db: Db,
  runId: string,
  from: readonly PayoutStatus[],
  outcomes: readonly PayoutOutcomeRow[],
  occurredAt: Date,
): Promise<{ answered: number; done: number; failed: number }> {
  if (outcomes.length === 0) return { answered: 0, done: 0, failed: 0 };
  const values = sql.join(
    outcomes.map(
      (o) => sql`(${o.id}::uuid, ${o.status}::text, ${o.reason}::text, ${o.gatewayTransactionId}::text)`,
    ),
  );
  // NOTE: the back-off counts this try (claims number tries before sending): the n-th failure
  // waits PAYOUT_RETRY_DELAYS_MS[n - 1], the last delay repeating.
  const delays = PAYOUT_RETRY_DELAYS_MS.map((ms) => ms / 1000);
  const nextTry = sql`${occurredAt}::timestamptz + make_interval(secs =>
    (${delays}::float8[])[least(greatest(p.tries, 1), ${delays.length})])`;
  return db.transaction().execute(async (tx) => {
    // NOTE: an outcome lost to a database crash leaves the row submitted, and submitted rows are
    // settled by asking the processor (never by sending again), so this commit need not wait
    // for the disk. Claims (submitted, written before the call) keep the synchronous commit.
    await sql`set local synchronous_commit = off`.execute(tx);
    const updated = await sql<{
      id: string;
      status: PayoutStatus;
      reference: string;
      tries: number;
      customer_id: string;
      card_id: string;
      amount_cents: number;
      last_error: string | null;
      paid_to_instrument: string | null;
    }>`
      update payouts p
      set status = v.status, last_error = v.reason, gateway_transaction_id = coalesce(v.gtx, p.gateway_transaction_id),
          paid_at = case when v.status = 'paid' then ${occurredAt}::timestamptz else p.paid_at end,
          next_try_at = case when v.status = 'failed' then ${nextTry} else null end, updated_at = now()
      from (values ${values}) as v(id, status, reason, gtx)
      where p.id = v.id and p.status in (${sql.join(from.map((s) => sql`${s}`))})
      returning p.id, p.status, p.reference, p.tries, p.customer_id, p.card_id, p.amount_cents, p.last_error,
                (select c.instrument_id from cards c where c.id = p.paid_to_card_id) as paid_to_instrument`.execute(
      tx,
    );
    const rows = updated.rows;
    if (rows.length === 0) return { answered: 0, done: 0, failed: 0 };

    await sql`
      insert into payout_tries (payout_id, try_no, reference, billing_run_id, outcome, reason, instrument_id)
      values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.tries}, ${r.reference}, ${runId}, ${r.status}, ${r.last_error}, ${r.paid_to_instrument})`))}
      on conflict (reference) do update set outcome = excluded.outcome, reason = excluded.reason`.execute(tx);

    const events = rows.flatMap((r) => {
      const event = (type: 'payout.sent' | 'payout.failed' | 'payout.returned', key: string) => ({
        type,
        dedupe_key: `${type}:${key}`,
        customer_id: r.customer_id,
        card_id: r.card_id,
        amount_cents: r.amount_cents,
        reason: r.last_error,
        occurred_at: occurredAt,
      });
      if (r.status === 'paid') return [event('payout.sent', r.reference)];
      if (r.status === 'returned') return [event('payout.returned', r.reference)];
      // Once per pay-back: "delayed, we are retrying".
      if (r.status === 'failed' && r.tries >= PAYOUT_DELAYED_AFTER_TRIES)
        return [event('payout.failed', r.id)];
      return [];
    });
    await insertMoneyEvents(tx, events);
    // `done`: pay-backs that need nothing more from the engine (paid, or returned to staff);
    // `failed`: tries that did not pay.
    return {
      answered: rows.filter((r) => r.status !== 'unknown').length,
      done: rows.filter((r) => r.status === 'paid' || r.status === 'returned').length,
      failed: rows.filter((r) => r.status === 'failed' || r.status === 'returned').length,
    };
  });
}

/**
 * What keeps a payout run open: its own tries not answered yet, and pay-backs up to its period
 * that may be tried now (new, or failed with the back-off over at `now`). A failed pay-back
 * waiting for its next try does not: the tick reopens the run when the try falls due.
 */
export async function countOpenPayouts(db: Db, runId: string, period: string, now: Date): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from payouts
    where (billing_run_id = ${runId} and status in ('submitted', 'unknown'))
       or (period <= ${period} and (status = 'pending' or (status = 'failed' and next_try_at <= ${now})))`.execute(
    db,
  );
  return res.rows[0]?.n ?? 0;
}
