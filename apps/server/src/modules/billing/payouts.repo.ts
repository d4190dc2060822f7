import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { PayoutStatus } from '../../platform/db-schema.ts';
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

export interface ClaimedPayout {
  id: string;
  reference: string;
  tries: number;
  instrument_id: string;
  amount_cents: number;
}

/**
 * Takes up to `limit` payouts to try and marks them submitted under a fresh reference for this
 * try (payout:<id>:<try>). A failed payout is retried by a later run, never twice by one run.
 */
export async function claimPayouts(
  db: Db,
  runId: string,
  period: string,
  limit: number,
): Promise<ClaimedPayout[]> {
  const res = await sql<ClaimedPayout>`
    update payouts set status = 'submitted', tries = tries + 1,
      reference = 'payout:' || id || ':' || (tries + 1), billing_run_id = ${runId}, updated_at = now()
    where id in (
      select id from payouts
      where period <= ${period}
        and (status = 'pending' or (status = 'failed' and billing_run_id is distinct from ${runId}))
      limit ${limit}
      for update skip locked)
    returning id, reference, tries, instrument_id, amount_cents`.execute(db);
  return res.rows;
}

export interface PayoutOutcomeRow {
  id: string;
  status: Extract<PayoutStatus, 'paid' | 'failed' | 'unknown'>;
  reason: string | null;
  gatewayTransactionId: string | null;
}

/** Records payout outcomes, their tries and the money events, in one transaction. */
export async function recordPayoutOutcomes(
  db: Db,
  runId: string,
  from: readonly PayoutStatus[],
  outcomes: readonly PayoutOutcomeRow[],
  occurredAt: Date,
): Promise<{ recorded: number; failed: number }> {
  if (outcomes.length === 0) return { recorded: 0, failed: 0 };
  const values = sql.join(
    outcomes.map(
      (o) => sql`(${o.id}::uuid, ${o.status}::text, ${o.reason}::text, ${o.gatewayTransactionId}::text)`,
    ),
  );
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
    }>`
      update payouts p
      set status = v.status, last_error = v.reason, gateway_transaction_id = coalesce(v.gtx, p.gateway_transaction_id),
          paid_at = case when v.status = 'paid' then ${occurredAt}::timestamptz else p.paid_at end, updated_at = now()
      from (values ${values}) as v(id, status, reason, gtx)
      where p.id = v.id and p.status in (${sql.join(from.map((s) => sql`${s}`))})
      returning p.id, p.status, p.reference, p.tries, p.customer_id, p.card_id, p.amount_cents, p.last_error`.execute(
      tx,
    );
    const rows = updated.rows;
    if (rows.length === 0) return { recorded: 0, failed: 0 };

    await sql`
      insert into payout_tries (payout_id, try_no, reference, billing_run_id, outcome, reason)
      values ${sql.join(rows.map((r) => sql`(${r.id}, ${r.tries}, ${r.reference}, ${runId}, ${r.status}, ${r.last_error})`))}
      on conflict (reference) do update set outcome = excluded.outcome, reason = excluded.reason`.execute(tx);

    const events = rows
      .filter((r) => r.status === 'paid' || r.status === 'failed')
      .map((r) => {
        const type = r.status === 'paid' ? ('payout.sent' as const) : ('payout.failed' as const);
        return {
          type,
          dedupe_key: `${type}:${r.reference}`,
          customer_id: r.customer_id,
          card_id: r.card_id,
          amount_cents: r.amount_cents,
          reason: r.last_error,
          occurred_at: occurredAt,
        };
      });
    await insertMoneyEvents(tx, events);
    return { recorded: rows.length, failed: rows.filter((r) => r.status === 'failed').length };
  });
}

export async function countOpenPayouts(db: Db, runId: string, period: string): Promise<number> {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from payouts
    where (billing_run_id = ${runId} and status in ('submitted', 'unknown'))
       or (period <= ${period} and (status = 'pending' or (status = 'failed' and billing_run_id is distinct from ${runId})))`.execute(
    db,
  );
  return res.rows[0]?.n ?? 0;
}
