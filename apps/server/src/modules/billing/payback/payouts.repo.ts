import { sql } from 'kysely';
import { int8Array, textArray, uuidArray } from '../../../platform/binary-arrays.ts';
import type { Db } from '../../../platform/db.ts';
import type { PayoutStatus } from '../../../platform/db-schema.ts';
import { retryOnDeadlock } from '../../../platform/deadlock-retry.ts';
import {
  PAYOUT_OPEN,
  PAYOUT_SETTLED,
  SENT_UNANSWERED,
  statusIn,
} from '../../../platform/money-status-sets.ts';
import { inDoubt, lastWrittenBefore } from '../in-doubt/in-doubt.sql.ts';
import { insertMoneyEvents } from '../money-events.ts';
import { paybackToWriteSql } from '../owed-rule.ts';
import { PAYOUT_DELAYED_AFTER_TRIES, PAYOUT_RETRY_DELAYS_MS } from './payout-backoff.ts';
import { inUnwrittenPayoutChunk, lockPayoutChunks, unwrittenChunkCaptures } from './payout-chunk-lock.ts';

/**
 * A `pending` payout per captured pay-in of `period` or earlier that has none yet and is not
 * listed in a payout chunk not written yet (that chunk writes it: ADR 17): exactly the captured
 * amount, to the instrument that was charged. A safety net behind the payout run's chunks and
 * the late-capture path; ON CONFLICT (attempt_id) keeps it one per capture.
 * NOTE: under the payout chunk lock, exclusively (payout-chunk-lock.ts). With `wait: false` a
 * caller skips when the lock is busy (the next drain or run writes what is left).
 */
export async function materializePayouts(
  db: Db,
  period: string,
  asOf: Date,
  opts: { wait: boolean } = { wait: true },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockPayoutChunks(tx, opts.wait ? 'exclusive' : 'try'))) return 0;
    // NOTE: right after a pay-in the statistics still say "no captured attempts, no payouts", and
    // the planner then checks each capture against a sequential scan of payouts, which grows as
    // this very statement inserts: quadratic (3 minutes at 100,000 cards). Without nested loops
    // it is a hash (or merge) anti-join: one pass over each side, linear in the history.
    await sql`set local enable_nestloop = off`.execute(tx);
    const res = await sql`
      insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at, due_at)
      select a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, 'pending', ${asOf}, ${payoutDueOf}
      from payment_attempts a
      -- A disputed capture is not paid back: the cardholder's bank returns it (unless Pria wins).
      where a.period <= ${period} and ${paybackToWriteSql('a')} and not ${inUnwrittenPayoutChunk(sql`a.id`)}
      on conflict (attempt_id) do nothing`.execute(tx);
    return Number(res.numAffectedRows ?? 0);
  });
}

/**
 * Pay-backs still owed for `period` or earlier: the work of a payout run when it opens. Open
 * payout rows, and captures listed in payout chunks not written yet that have no row (ADR 17).
 */
export async function countOwedPayouts(db: Db, period: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select (select count(*) from payouts
            where period <= ${period} and ${statusIn('status', PAYOUT_OPEN)})::int
         + (select count(*) from (${unwrittenChunkCaptures}) x
            where not exists (select 1 from payouts p where p.attempt_id = x.id))::int as n`.execute(db);
  return res.rows[0]?.n ?? 0;
}

/**
 * A pay-back that may be tried at `at` (of payouts aliased `p`, or unqualified): new, or failed
 * with its back-off over. The claim, the run's open count and the forced run's preview ask it.
 */
const triableAt = (at: Date, p?: string) => {
  const c = (name: string) => (p ? sql.ref(`${p}.${name}`) : sql.ref(name));
  return sql<boolean>`(${c('status')} = 'pending' or (${c('status')} = 'failed' and ${c('next_try_at')} <= ${at}))`;
};

/**
 * What a payout run of `period` forced at `now` would pay back (its preview): the captures of the
 * period or earlier owed a pay-back and not written yet (`paybackToWriteSql`, as the run's chunks list
 * them), and the pay-backs written but not sent (pending) or failed and due again. Returns their
 * number, the cards they go to and their sum in cents.
 */
export async function previewPayouts(
  db: Db,
  period: string,
  now: Date,
): Promise<{ count: number; cards: number; cents: number }> {
  const res = await sql<{ count: number; cards: number; cents: string }>`
    select count(*)::int as count, count(distinct x.card_id)::int as cards,
           coalesce(sum(x.amount_cents), 0)::bigint as cents
    from (select a.card_id, a.amount_cents from payment_attempts a
          where a.period <= ${period} and ${paybackToWriteSql('a')}
          union all
          select coalesce(p.paid_to_card_id, p.card_id), p.amount_cents from payouts p
          where p.period <= ${period}
            and ${triableAt(now, 'p')}) x`.execute(db);
  const row = res.rows[0];
  return { count: row?.count ?? 0, cards: row?.cards ?? 0, cents: Number(row?.cents ?? 0) };
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

/**
 * When a capture's pay-back is due (of capture `a`): its month's pay-back instant, or when the
 * capture settled if that was later (a late lookup, a forced missed month).
 */
export const payoutDueOf = sql`greatest(pria_payout_due_at(a.period), coalesce(a.settled_at, a.created_at))`;

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
      reference = pria_payout_reference(id, tries + 1), billing_run_id = ${runId}, sent_at = ${now},
      updated_at = now()
    where id in (
      select id from payouts
      where period <= ${period}
        and ${triableAt(now)}
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
  r: { lookedAt: Date; lagMs: number; staleAfterMs: number; at: Date },
): Promise<ClaimedPayout[]> {
  if (ids.length === 0) return [];
  const res = await retryOnDeadlock(() =>
    sql<ClaimedPayout>`
    update payouts set status = 'submitted', sent_at = ${r.at}, updated_at = clock_timestamp()
    where id = any(${ids}::uuid[])
      and ${inDoubt(r.staleAfterMs)}
      and ${lastWrittenBefore(r.lookedAt, r.lagMs)}
    returning id, reference, tries, ${payTo} as instrument_id, amount_cents`.execute(db),
  );
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
  return retryOnDeadlock(() =>
    db.transaction().execute((tx) => recordPayoutOutcomesIn(tx, runId, from, outcomes, occurredAt)),
  );
}

/** The statements of recordPayoutOutcomes, in its transaction. */
async function recordPayoutOutcomesIn(
  tx: Db,
  runId: string,
  from: readonly PayoutStatus[],
  outcomes: readonly PayoutOutcomeRow[],
  occurredAt: Date,
): Promise<{ answered: number; done: number; failed: number }> {
  // NOTE: the batch travels as binary arrays (ADR 45), not a list of four parameters per row.
  const values = sql`unnest(${uuidArray(outcomes.map((o) => o.id))}::uuid[],
    ${textArray(outcomes.map((o) => o.status))}::text[], ${textArray(outcomes.map((o) => o.reason))}::text[],
    ${textArray(outcomes.map((o) => o.gatewayTransactionId))}::text[])`;
  // NOTE: the back-off counts this try (claims number tries before sending): the n-th failure
  // waits PAYOUT_RETRY_DELAYS_MS[n - 1], the last delay repeating.
  const delays = PAYOUT_RETRY_DELAYS_MS.map((ms) => ms / 1000);
  const nextTry = sql`${occurredAt}::timestamptz + make_interval(secs =>
    (${delays}::float8[])[least(greatest(p.tries, 1), ${delays.length})])`;
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
    paid_to_card_id: string | null;
    amount_cents: number;
    last_error: string | null;
    paid_to_instrument: string | null;
  }>`
    update payouts p
    set status = v.status, last_error = v.reason, gateway_transaction_id = coalesce(v.gtx, p.gateway_transaction_id),
        paid_at = case when v.status = 'paid' then ${occurredAt}::timestamptz else p.paid_at end,
        sent_at = coalesce(p.sent_at, ${occurredAt}::timestamptz),
        settled_at = case when ${statusIn('v.status', PAYOUT_SETTLED)} then ${occurredAt}::timestamptz else null end,
        next_try_at = case when v.status = 'failed' then ${nextTry} else null end, updated_at = now()
    from ${values} as v(id, status, reason, gtx)
    where p.id = v.id and p.status in (${sql.join(from.map((s) => sql`${s}`))})
    returning p.id, p.status, p.reference, p.tries, p.customer_id, p.card_id, p.paid_to_card_id, p.amount_cents, p.last_error,
              (select c.instrument_id from cards c where c.id = p.paid_to_card_id) as paid_to_instrument`.execute(
    tx,
  );
  const rows = updated.rows;
  if (rows.length === 0) return { answered: 0, done: 0, failed: 0 };

  await sql`
    insert into payout_tries (payout_id, try_no, reference, billing_run_id, outcome, reason, instrument_id)
    select t.id, t.try_no, t.reference, ${runId}, t.outcome, t.reason, t.instrument_id
    from unnest(${uuidArray(rows.map((r) => r.id))}::uuid[], ${int8Array(rows.map((r) => r.tries))}::bigint[],
                ${textArray(rows.map((r) => r.reference))}::text[], ${textArray(rows.map((r) => r.status))}::text[],
                ${textArray(rows.map((r) => r.last_error))}::text[], ${textArray(rows.map((r) => r.paid_to_instrument))}::text[])
      as t(id, try_no, reference, outcome, reason, instrument_id)
    on conflict (reference) do update set outcome = excluded.outcome, reason = excluded.reason`.execute(tx);

  const events = rows.flatMap((r) => {
    const event = (type: 'payout.sent' | 'payout.failed' | 'payout.returned', key: string) => ({
      type,
      dedupe_key: `${type}:${key}`,
      customer_id: r.customer_id,
      // The card this try went to: staff may have sent a returned pay-back to another card.
      card_id: r.paid_to_card_id ?? r.card_id,
      amount_cents: r.amount_cents,
      reason: r.last_error,
      occurred_at: occurredAt,
    });
    if (r.status === 'paid') return [event('payout.sent', r.reference)];
    if (r.status === 'returned') return [event('payout.returned', r.reference)];
    // Once per pay-back: "delayed, we are retrying".
    if (r.status === 'failed' && r.tries >= PAYOUT_DELAYED_AFTER_TRIES) return [event('payout.failed', r.id)];
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
}

/**
 * What keeps a payout run open: its own tries not answered yet, pay-backs up to its period that
 * may be tried now (new, or failed with the back-off over at `now`), and its chunks not written
 * yet (untaken, or in flight: ADR 17). A failed pay-back waiting for its next try does not: the
 * tick reopens the run when the try falls due.
 */
export async function countOpenPayouts(db: Db, runId: string, period: string, now: Date): Promise<number> {
  const res = await sql<{ n: number }>`
    select (select count(*) from payouts
            where (billing_run_id = ${runId} and ${statusIn('status', SENT_UNANSWERED)})
               or (period <= ${period} and ${triableAt(now)}))::int
         + (select count(*) from payout_chunks where run_id = ${runId} and written_at is null)::int as n`.execute(
    db,
  );
  return res.rows[0]?.n ?? 0;
}

export interface AttentionRow {
  id: string;
  period: string;
  amount_cents: number;
  status: 'failed' | 'returned';
  tries: number;
  last_error: string | null;
  next_try_at: Date | null;
  updated_at: Date;
  customer_id: string;
  email: string | null;
  card_id: string;
  brand: string;
  last_four: string;
  sent_to: { id: string; brand: string; last_four: string } | null;
  other_cards: { id: string; brand: string; last_four: string }[];
}

/**
 * Pay-backs staff should see, newest first: delayed (PAYOUT_DELAYED_AFTER_TRIES or more failed
 * tries, still being retried) and returned (the card could not take it). With each, the customer's other
 * cards still registered, where a returned one can be sent.
 */
export async function listPayoutsNeedingAttention(db: Db, limit: number): Promise<AttentionRow[]> {
  const res = await sql<AttentionRow>`
    select p.id, p.period, p.amount_cents, p.status, p.tries, p.last_error, p.next_try_at, p.updated_at,
           p.customer_id, cu.email, p.card_id, cd.brand, cd.last_four,
           (select json_build_object('id', s.id, 'brand', s.brand, 'last_four', s.last_four)
            from cards s where s.id = p.paid_to_card_id) as sent_to,
           coalesce((select json_agg(json_build_object('id', o.id, 'brand', o.brand, 'last_four', o.last_four)
                                     order by o.slot)
                     from cards o where o.customer_id = p.customer_id and o.removed_at is null
                       and o.id <> p.card_id and o.id is distinct from p.paid_to_card_id), '[]') as other_cards
    from payouts p
    join customers cu on cu.id = p.customer_id
    join cards cd on cd.id = p.card_id
    -- NOTE: the predicate of the partial index payouts_attention (migration 0015), verbatim.
    where p.status = 'returned' or (p.status = 'failed' and p.tries >= ${sql.lit(PAYOUT_DELAYED_AFTER_TRIES)})
    order by p.updated_at desc
    limit ${limit}`.execute(db);
  return res.rows;
}

/** Counts for the admin home's banners and /metrics. */
export async function countPayoutsNeedingAttention(db: Db): Promise<{ delayed: number; returned: number }> {
  const res = await sql<{ delayed: number; returned: number }>`
    select count(*) filter (where status = 'failed')::int as delayed,
           count(*) filter (where status = 'returned')::int as returned
    from payouts
    where status = 'returned' or (status = 'failed' and tries >= ${sql.lit(PAYOUT_DELAYED_AFTER_TRIES)})`.execute(
    db,
  );
  return res.rows[0] ?? { delayed: 0, returned: 0 };
}

/**
 * Staff send a returned pay-back to one of the customer's cards (the trigger refuses any other
 * customer's): it is pending again and the tick pays it within a minute. Undefined when the
 * pay-back is not returned (nothing changes).
 */
export async function sendPayoutToCard(db: Db, payoutId: string, cardId: string) {
  return db
    .updateTable('payouts')
    .set({
      status: 'pending',
      paid_to_card_id: cardId,
      next_try_at: null,
      last_error: null,
      settled_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', payoutId)
    .where('status', '=', 'returned')
    .returning(['id', 'customer_id', 'period', 'amount_cents'])
    .executeTakeFirst();
}

/** Staff bring a delayed pay-back's next try forward to `now`. Undefined when it is not waiting. */
export async function retryPayoutNow(db: Db, payoutId: string, now: Date) {
  return db
    .updateTable('payouts')
    .set({ next_try_at: now, updated_at: new Date() })
    .where('id', '=', payoutId)
    .where('status', '=', 'failed')
    .returning(['id', 'customer_id', 'period', 'amount_cents'])
    .executeTakeFirst();
}
