import { sql } from 'kysely';
import { textArray, uuidArray } from '../../../platform/binary-arrays.ts';
import type { Db } from '../../../platform/db.ts';
import { retryOnDeadlock } from '../../../platform/deadlock-retry.ts';
import { timeOrderedUuid } from '../../../platform/ids.ts';
import { insertOptimistically } from '../../../platform/insert-optimistically.ts';
import { PAYOUT_SETTLED, statusIn } from '../../../platform/money-status-sets.ts';
import { paybackToWriteSql } from '../owed-rule.ts';
import { payoutReference } from '../references.ts';
import { markChunksWritten } from '../runs/runs.repo.ts';
import { PAYOUT_DELAYED_AFTER_TRIES, PAYOUT_RETRY_DELAYS_MS } from './payout-backoff.ts';
import { inUnwrittenPayoutChunk, lockPayoutChunks } from './payout-chunk-lock.ts';
import {
  type ClaimedPayout,
  type PayoutOutcomeRow,
  payoutDueOf,
  recordPayoutOutcomes,
} from './payouts.repo.ts';

/**
 * Pay-backs written once, with their outcome (ADR 17), as pay-in attempts are:
 *
 * 1. `chunkPayouts` lists the captures a payout run owes (captured pay-ins of its period or
 *    earlier with no payout row, not disputed, not listed in another chunk not written yet) in
 *    chunks of `size` consecutive attempt ids. No payout row is written.
 * 2. `claimPayoutChunk` takes a chunk and records in it, committed before any call, the captures
 *    still owed that it is about to pay back (`sent_attempts`) and the id each pay-back gets
 *    (`sent_payouts`, the same positions).
 * 3. `recordSentPayouts` inserts each payout with its first try's outcome (paid, failed with its
 *    back-off, returned, or unknown after a timeout), its payout_tries row and its money event,
 *    in one statement; the chunk is written with its last payout.
 * 4. `writeStalePayoutChunks`: a chunk taken longer ago than the staleness window and not written
 *    inserts a `submitted` payout for each sent capture that has none, dated when the chunk was
 *    taken, which settling then looks up by its reference (ADR 7, unchanged).
 *
 * A first try's reference is `payout:<payout id>:1` whichever path writes the row, so a slow drain
 * and a stale chunk's writer name the same try and the processor pays it at most once. A capture
 * listed in an unwritten chunk gets its payout row from that chunk only (payout-chunk-lock.ts).
 * Pay-backs written `pending` by other paths (a capture settled late, a won dispute) and failed
 * ones due again are claimed row by row (payouts.repo.ts), as before.
 */

/**
 * Lists the captures of `period` or earlier a payout run owes in chunks of `size` consecutive
 * attempt ids, in one statement, replacing the run's untaken chunks. Returns how many it listed.
 */
export async function chunkPayouts(
  db: Db,
  r: { runId: string; period: string; size: number },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await lockPayoutChunks(tx, 'exclusive');
    await sql`delete from payout_chunks where run_id = ${r.runId} and taken_at is null`.execute(tx);
    // NOTE: as in materializePayouts, right after a pay-in the statistics say "no payouts": a
    // nested loop would scan payouts once per capture. Hash (or merge) anti-joins are linear.
    await sql`set local enable_nestloop = off`.execute(tx);
    const res = await sql<{ payouts: number }>`
      insert into payout_chunks (run_id, seq, attempts, payouts)
      select ${r.runId}, base.next + x.g, array_agg(x.id order by x.id), count(*)
      from (select a.id, (row_number() over (order by a.id) - 1) / ${r.size} as g
            from payment_attempts a
            where a.period <= ${r.period} and ${paybackToWriteSql('a')}
              and not ${inUnwrittenPayoutChunk(sql`a.id`)}) x,
           (select coalesce(max(seq) + 1, 0) as next from payout_chunks where run_id = ${r.runId}) base
      group by base.next, x.g
      returning payouts`.execute(tx);
    return res.rows.reduce((n, c) => n + Number(c.payouts), 0);
  });
}

/** A capture a drain is paying back whose payout row is not written yet. */
export type PayoutClaim = ClaimedPayout & { chunk: { runId: string; seq: number }; attemptId: string };

/**
 * Takes the next untaken chunk of a payout run and records the captures it will pay back (still
 * owed) with their payout ids, in one synchronously committed transaction. Null when the run has
 * no untaken chunk left.
 */
export async function claimPayoutChunk(db: Db, runId: string): Promise<PayoutClaim[] | null> {
  return db.transaction().execute(async (tx) => {
    await lockPayoutChunks(tx, 'shared');
    const taken = await sql<{ seq: number }>`
      update payout_chunks set taken_at = now()
      where run_id = ${runId} and seq = (
        select seq from payout_chunks where run_id = ${runId} and taken_at is null
        order by seq limit 1 for update skip locked)
      returning seq`.execute(tx);
    const chunk = taken.rows[0];
    if (!chunk) return null;
    // NOTE: by primary key, one probe per listed capture (the statistics may say "no payouts").
    // The list is read where it is stored: a thousand ids need not travel to us and back.
    await sql`set local enable_hashjoin = off`.execute(tx);
    await sql`set local enable_mergejoin = off`.execute(tx);
    const res = await sql<{ id: string; instrument_id: string; amount_cents: number }>`
      select a.id, a.instrument_id, a.amount_cents from payment_attempts a
      where a.id = any((select k.attempts from payout_chunks k where k.run_id = ${runId} and k.seq = ${chunk.seq})::uuid[])
        and ${paybackToWriteSql('a')}
      order by a.id`.execute(tx);
    const sent = res.rows.map((a) => ({ ...a, attemptId: a.id, id: timeOrderedUuid() }));
    await sql`
      update payout_chunks
      set sent_attempts = ${uuidArray(sent.map((p) => p.attemptId))}::uuid[],
          sent_payouts = ${uuidArray(sent.map((p) => p.id))}::uuid[],
          written_at = ${sent.length === 0 ? sql`now()` : sql`null`}
      where run_id = ${runId} and seq = ${chunk.seq}`.execute(tx);
    return sent.map((p) => ({
      id: p.id,
      attemptId: p.attemptId,
      reference: firstTryReference(p.id),
      tries: 1,
      instrument_id: p.instrument_id,
      amount_cents: Number(p.amount_cents),
      chunk: { runId, seq: chunk.seq },
    }));
  });
}

const firstTryReference = (payoutId: string) => payoutReference(payoutId, 1);

/**
 * Writes sent pay-backs with their first try's outcome, in one transaction: the chunks whose
 * last pay-back this was, then each payout row (its capture's customer, card, instrument and
 * amount, the outcome, back-off), its payout_tries row and its money event in one statement.
 * Payouts a stale chunk's writer inserted `submitted` meanwhile get their outcome afterwards, in
 * a transaction of their own, through the ordinary path (from `submitted` only).
 */
export async function recordSentPayouts(
  db: Db,
  runId: string,
  sent: readonly (PayoutOutcomeRow & { attemptId: string; reference: string })[],
  writtenChunks: readonly { runId: string; seq: number }[],
  occurredAt: Date,
): Promise<{ answered: number; done: number; failed: number }> {
  if (sent.length === 0 && writtenChunks.length === 0) return { answered: 0, done: 0, failed: 0 };
  // NOTE: inserted in capture order, as stale chunks list them: two writers of the same payouts
  // (a slow drain and a stale chunk's writer) then wait on each other in one order.
  const ordered = [...sent].sort((a, b) => (a.attemptId < b.attemptId ? -1 : 1));
  const col = <T>(f: (o: (typeof ordered)[number]) => T) => ordered.map(f);
  const delays = PAYOUT_RETRY_DELAYS_MS.map((ms) => ms / 1000);
  // NOTE: without ON CONFLICT first (ADR 44), as recordSentPayins.
  const r = await insertOptimistically((onConflict) =>
    retryOnDeadlock(() =>
      db.transaction().execute(async (tx) => {
        // NOTE: an outcome lost to a database crash is not lost: the chunk stays unwritten and its
        // pay-backs become submitted payouts, settled by lookup.
        await sql`set local synchronous_commit = off`.execute(tx);
        // NOTE: the chunks first: a stale chunk's writer takes the chunk, then its rows; taking them
        // in the same order, this waits for it (or it for this) instead of deadlocking.
        await markChunksWritten(tx, 'payout_chunks', writtenChunks);
        const res = await sql<{ id: string; status: string }>`
      with v as (
        select * from unnest(${uuidArray(col((o) => o.id))}::uuid[], ${uuidArray(col((o) => o.attemptId))}::uuid[],
                             ${textArray(col((o) => o.status))}::text[], ${textArray(col((o) => o.reason))}::text[],
                             ${textArray(col((o) => o.gatewayTransactionId))}::text[])
          as v(id, attempt_id, status, reason, gtx)
      ),
      ins as (
        insert into payouts (id, attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, tries,
                             reference, billing_run_id, last_error, gateway_transaction_id, paid_at, next_try_at,
                             created_at, due_at, sent_at, settled_at)
        select v.id, a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, v.status, 1,
               pria_payout_reference(v.id, 1), ${runId}, v.reason, v.gtx,
               case when v.status = 'paid' then ${occurredAt}::timestamptz end,
               case when v.status = 'failed' then ${occurredAt}::timestamptz + make_interval(secs => ${delays[0]}) end,
               (select r.as_of from billing_runs r where r.id = ${runId}), ${payoutDueOf}, ${occurredAt}::timestamptz,
               case when ${statusIn('v.status', PAYOUT_SETTLED)} then ${occurredAt}::timestamptz end
        from v join payment_attempts a on a.id = v.attempt_id
        order by v.attempt_id
        ${onConflict(sql`on conflict (attempt_id) do nothing`)}
        returning id, status, reference, tries, customer_id, card_id, amount_cents, last_error
      ),
      tries as (
        insert into payout_tries (payout_id, try_no, reference, billing_run_id, outcome, reason, instrument_id)
        select ins.id, ins.tries, ins.reference, ${runId}, ins.status, ins.last_error, null
        from ins
        ${onConflict(sql`on conflict (reference) do update set outcome = excluded.outcome, reason = excluded.reason`)}
      ),
      events as (
        insert into money_events (type, dedupe_key, customer_id, card_id, amount_cents, reason, occurred_at)
        select e.type, e.type || ':' || e.key, ins.customer_id, ins.card_id, ins.amount_cents, ins.last_error,
               ${occurredAt}::timestamptz
        from ins cross join lateral (
          select case ins.status when 'paid' then 'payout.sent' when 'returned' then 'payout.returned'
                                 else 'payout.failed' end as type,
                 case when ins.status = 'failed' then ins.id::text else ins.reference end as key) e
        where ${statusIn('ins.status', PAYOUT_SETTLED)}
           or (ins.status = 'failed' and ins.tries >= ${sql.lit(PAYOUT_DELAYED_AFTER_TRIES)})
        ${onConflict(sql`on conflict (dedupe_key) do nothing`)}
      )
      select id, status from ins`.execute(tx);
        const rows = res.rows;
        const out = {
          answered: rows.filter((r) => r.status !== 'unknown').length,
          done: rows.filter((r) => r.status === 'paid' || r.status === 'returned').length,
          failed: rows.filter((r) => r.status === 'failed' || r.status === 'returned').length,
        };
        const written = new Set(rows.map((r) => r.id));
        return { out, others: sent.filter((o) => !written.has(o.id)) };
      }),
    ),
  );
  // Payouts a stale chunk's writer inserted `submitted` meanwhile get their outcome the ordinary
  // way, from `submitted` only. NOTE: in a transaction of its own (see recordSentPayins).
  if (r.others.length === 0) return r.out;
  const late = await recordPayoutOutcomes(db, runId, ['submitted'], r.others, occurredAt);
  return {
    answered: r.out.answered + late.answered,
    done: r.out.done + late.done,
    failed: r.out.failed + late.failed,
  };
}

/**
 * Payout chunks of a run taken longer ago than `staleAfterMs` and not written: each sent capture
 * that has no payout row gets its payout `submitted` under the id and first-try reference the
 * chunk recorded, dated when the chunk was taken, for settling to look up. The chunk is written
 * in the same statement. Returns how many payouts were written.
 */
export async function writeStalePayoutChunks(db: Db, runId: string, staleAfterMs: number): Promise<number> {
  return retryOnDeadlock(() =>
    db.transaction().execute(async (tx) => {
      await lockPayoutChunks(tx, 'shared');
      const res = await sql`
      with stale as (
        update payout_chunks set written_at = now()
        where run_id = ${runId} and taken_at is not null and written_at is null
          and taken_at < now() - make_interval(secs => ${staleAfterMs / 1000})
        returning sent_attempts, sent_payouts, taken_at
      ),
      sent as (select x.attempt_id, x.id, stale.taken_at
               from stale cross join unnest(stale.sent_attempts, stale.sent_payouts) as x(attempt_id, id))
      -- NOTE: a payout its (slow) drain is inserting right now makes this insert wait for that
      -- drain's commit, then do nothing: the drain's row, same id and reference, stands.
      insert into payouts (id, attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, tries,
                           reference, billing_run_id, created_at, updated_at, due_at, sent_at)
      select sent.id, a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, 'submitted', 1,
             pria_payout_reference(sent.id, 1), ${runId}, (select r.as_of from billing_runs r where r.id = ${runId}),
             sent.taken_at, ${payoutDueOf}, (select r.as_of from billing_runs r where r.id = ${runId})
      from sent join payment_attempts a on a.id = sent.attempt_id
      order by sent.attempt_id
      on conflict (attempt_id) do nothing`.execute(tx);
      return Number(res.numAffectedRows ?? 0);
    }),
  );
}
