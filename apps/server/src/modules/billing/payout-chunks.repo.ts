import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { retryOnDeadlock } from '../../platform/deadlock-retry.ts';
import { PAYOUT_DELAYED_AFTER_TRIES, PAYOUT_RETRY_DELAYS_MS } from './payout-backoff.ts';
import { type ClaimedPayout, type PayoutOutcomeRow, recordPayoutOutcomes } from './payouts.repo.ts';
import { markChunksWritten } from './runs.repo.ts';

/**
 * Pay-back tries written once, with their outcome (ADR 17), as pay-in attempts are:
 *
 * 1. `chunkPayouts` cuts the pending pay-backs a payout run owns into chunks of consecutive ids.
 * 2. `claimPayoutChunk` takes a chunk and records in it, committed before any call, the payouts
 *    it is about to send (each still `pending`; its try number is the next one). The payout
 *    rows are not written.
 * 3. `recordSentPayouts` writes each payout's try with its outcome (paid, failed with its back-off,
 *    returned, or unknown after a timeout) from `pending` only, its payout_tries row and its money
 *    event, in one statement; the chunk is written with its last payout.
 * 4. `writeStalePayoutChunks`: a chunk taken longer ago than the staleness window and not written
 *    turns its sent payouts still `pending` into `submitted` tries dated when it was taken, which
 *    settling then looks up by their reference (ADR 7, unchanged).
 *
 * A try's reference is `payout:<id>:<try>` whichever path writes it, so a slow drain and a stale
 * chunk's writer name the same try and the processor pays it at most once.
 */

// Any fixed number: the advisory lock around payout chunks (cuts exclusive, claims shared).
const PAYOUT_CHUNK_LOCK = 7_311_003;

/** Not a payout a drain took and may be sending right now (its chunk is taken, not written). */
const notInFlight = sql`
  p.id not in (select x.id from payout_chunks k cross join unnest(k.sent_payouts) as x(id)
               where k.taken_at is not null and k.written_at is null)`;

/**
 * Cuts the pending pay-backs of `period` or earlier into chunks of `size` consecutive payout ids,
 * in one statement, replacing the run's untaken chunks. Returns how many payouts they hold.
 */
export async function chunkPayouts(
  db: Db,
  r: { runId: string; period: string; size: number },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${PAYOUT_CHUNK_LOCK})`.execute(tx);
    await sql`delete from payout_chunks where run_id = ${r.runId} and taken_at is null`.execute(tx);
    const res = await sql<{ payouts: number }>`
      insert into payout_chunks (run_id, seq, first_payout, last_payout, payouts)
      select ${r.runId}, base.next + x.g, min(x.id::text collate "C")::uuid, max(x.id::text collate "C")::uuid, count(*)
      from (select p.id, (row_number() over (order by p.id) - 1) / ${r.size} as g
            from payouts p
            where p.period <= ${r.period} and p.status = 'pending' and ${notInFlight}) x,
           (select coalesce(max(seq) + 1, 0) as next from payout_chunks where run_id = ${r.runId}) base
      group by base.next, x.g
      returning payouts`.execute(tx);
    return res.rows.reduce((n, c) => n + Number(c.payouts), 0);
  });
}

/** A claimed payout whose try is not written yet: written with its outcome. */
export type PayoutClaim = ClaimedPayout & { chunk: { runId: string; seq: number } };

/**
 * Takes the next untaken chunk of a payout run and records the payouts it will send (still
 * pending, not in flight elsewhere), in one synchronously committed transaction. Null when the
 * run has no untaken chunk left.
 */
export async function claimPayoutChunk(db: Db, runId: string, period: string): Promise<PayoutClaim[] | null> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock_shared(${PAYOUT_CHUNK_LOCK})`.execute(tx);
    const taken = await sql<{ seq: number; first_payout: string; last_payout: string }>`
      update payout_chunks set taken_at = now()
      where run_id = ${runId} and seq = (
        select seq from payout_chunks where run_id = ${runId} and taken_at is null
        order by seq limit 1 for update skip locked)
      returning seq, first_payout, last_payout`.execute(tx);
    const chunk = taken.rows[0];
    if (!chunk) return null;
    // NOTE: FOR UPDATE SKIP LOCKED: a payout another path is writing now (a staff action, a
    // retry's claim, a stale chunk's writer) is left to it; if it is still pending afterwards,
    // the retry claim sends it once this chunk is written. Never waiting, a claim never deadlocks.
    const res = await sql<{ id: string; tries: number; instrument_id: string; amount_cents: number }>`
      select p.id, p.tries + 1 as tries, p.amount_cents,
             coalesce((select c.instrument_id from cards c where c.id = p.paid_to_card_id), p.instrument_id)
               as instrument_id
      from payouts p
      where p.id between ${chunk.first_payout} and ${chunk.last_payout}
        and p.period <= ${period} and p.status = 'pending' and ${notInFlight}
      order by p.id
      for update of p skip locked`.execute(tx);
    const sent = res.rows;
    await sql`
      update payout_chunks
      set sent_payouts = ${sent.map((p) => p.id)}::uuid[],
          written_at = ${sent.length === 0 ? sql`now()` : sql`null`}
      where run_id = ${runId} and seq = ${chunk.seq}`.execute(tx);
    return sent.map((p) => ({
      id: p.id,
      reference: `payout:${p.id}:${p.tries}`,
      tries: p.tries,
      instrument_id: p.instrument_id,
      amount_cents: Number(p.amount_cents),
      chunk: { runId, seq: chunk.seq },
    }));
  });
}

/**
 * Writes sent payouts' tries with their outcomes, in one transaction: the chunks whose last
 * payout this was, then each payout from `pending` (its try number, reference, outcome,
 * back-off), its payout_tries row and its money event in one statement. Tries a stale chunk's
 * writer made `submitted` meanwhile get their outcome afterwards, in a transaction of their own,
 * through the ordinary path (from `submitted` only).
 */
export async function recordSentPayouts(
  db: Db,
  runId: string,
  sent: readonly (PayoutOutcomeRow & { tries: number; reference: string })[],
  writtenChunks: readonly { runId: string; seq: number }[],
  occurredAt: Date,
): Promise<{ answered: number; done: number; failed: number }> {
  if (sent.length === 0 && writtenChunks.length === 0) return { answered: 0, done: 0, failed: 0 };
  // NOTE: written in id order, as the claim locked them and stale chunks list them.
  const ordered = [...sent].sort((a, b) => (a.id < b.id ? -1 : 1));
  const col = <T>(f: (o: (typeof ordered)[number]) => T) => ordered.map(f);
  const delays = PAYOUT_RETRY_DELAYS_MS.map((ms) => ms / 1000);
  const r = await retryOnDeadlock(() =>
    db.transaction().execute(async (tx) => {
      // NOTE: an outcome lost to a database crash is not lost: the chunk stays unwritten and its
      // payouts become submitted tries, settled by lookup.
      await sql`set local synchronous_commit = off`.execute(tx);
      // NOTE: the chunks first: a stale chunk's writer takes the chunk, then its rows; taking them
      // in the same order, this waits for it (or it for this) instead of deadlocking.
      await markChunksWritten(tx, 'payout_chunks', writtenChunks);
      const res = await sql<{ id: string; status: string }>`
      with v as (
        select * from unnest(${col((o) => o.id)}::uuid[], ${col((o) => o.tries)}::int[],
                             ${col((o) => o.reference)}::text[], ${col((o) => o.status)}::text[],
                             ${col((o) => o.reason)}::text[], ${col((o) => o.gatewayTransactionId)}::text[])
          as v(id, tries, reference, status, reason, gtx)
      ),
      upd as (
        update payouts p
        set status = v.status, tries = v.tries, reference = v.reference, billing_run_id = ${runId},
            last_error = v.reason, gateway_transaction_id = v.gtx,
            paid_at = case when v.status = 'paid' then ${occurredAt}::timestamptz end,
            next_try_at = case when v.status = 'failed' then ${occurredAt}::timestamptz + make_interval(secs =>
              (${delays}::float8[])[least(greatest(v.tries, 1), ${delays.length})]) end,
            updated_at = now()
        from v
        where p.id = v.id and p.status = 'pending' and p.tries = v.tries - 1
        returning p.id, p.status, p.reference, p.tries, p.customer_id, p.card_id, p.amount_cents, p.last_error,
                  p.paid_to_card_id
      ),
      tries as (
        insert into payout_tries (payout_id, try_no, reference, billing_run_id, outcome, reason, instrument_id)
        select upd.id, upd.tries, upd.reference, ${runId}, upd.status, upd.last_error,
               (select c.instrument_id from cards c where c.id = upd.paid_to_card_id)
        from upd
        on conflict (reference) do update set outcome = excluded.outcome, reason = excluded.reason
      ),
      events as (
        insert into money_events (type, dedupe_key, customer_id, card_id, amount_cents, reason, occurred_at)
        select e.type, e.type || ':' || e.key, upd.customer_id, upd.card_id, upd.amount_cents, upd.last_error,
               ${occurredAt}::timestamptz
        from upd cross join lateral (
          select case upd.status when 'paid' then 'payout.sent' when 'returned' then 'payout.returned'
                                 else 'payout.failed' end as type,
                 case when upd.status = 'failed' then upd.id::text else upd.reference end as key) e
        where upd.status in ('paid', 'returned')
           or (upd.status = 'failed' and upd.tries >= ${sql.lit(PAYOUT_DELAYED_AFTER_TRIES)})
        on conflict (dedupe_key) do nothing
      )
      select id, status from upd`.execute(tx);
      const rows = res.rows;
      const out = {
        answered: rows.filter((r) => r.status !== 'unknown').length,
        done: rows.filter((r) => r.status === 'paid' || r.status === 'returned').length,
        failed: rows.filter((r) => r.status === 'failed' || r.status === 'returned').length,
      };
      const written = new Set(rows.map((r) => r.id));
      return { out, others: sent.filter((o) => !written.has(o.id)) };
    }),
  );
  // Tries a stale chunk's writer made `submitted` meanwhile get their outcome the ordinary way,
  // from `submitted` only. NOTE: in a transaction of its own (see recordSentPayins).
  if (r.others.length === 0) return r.out;
  const late = await recordPayoutOutcomes(db, runId, ['submitted'], r.others, occurredAt);
  return {
    answered: r.out.answered + late.answered,
    done: r.out.done + late.done,
    failed: r.out.failed + late.failed,
  };
}

/**
 * Payout chunks of a run taken longer ago than `staleAfterMs` and not written: each sent payout
 * still `pending` becomes its next try, `submitted`, dated when the chunk was taken, for settling
 * to look up. The chunk is written in the same statement. Returns how many tries were written.
 */
export async function writeStalePayoutChunks(db: Db, runId: string, staleAfterMs: number): Promise<number> {
  return retryOnDeadlock(() =>
    db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock_shared(${PAYOUT_CHUNK_LOCK})`.execute(tx);
      const res = await sql`
      with stale as (
        update payout_chunks set written_at = now()
        where run_id = ${runId} and taken_at is not null and written_at is null
          and taken_at < now() - make_interval(secs => ${staleAfterMs / 1000})
        returning sent_payouts, taken_at
      ),
      sent as (select x.id, stale.taken_at from stale cross join unnest(stale.sent_payouts) as x(id)),
      -- NOTE: SKIP LOCKED: a payout its (slow) drain is writing right now is left to it. Should
      -- that write be lost, the payout is still pending with the same try number, and the retry
      -- claim sends it under the same reference: the processor answers that same try.
      locked as (select p.id, sent.taken_at from payouts p join sent on sent.id = p.id
                 where p.status = 'pending' order by p.id for update of p skip locked)
      update payouts p
      set status = 'submitted', tries = p.tries + 1, next_try_at = null, reference = 'payout:' || p.id || ':' || (p.tries + 1),
          billing_run_id = ${runId}, updated_at = locked.taken_at
      from locked
      where p.id = locked.id`.execute(tx);
      return Number(res.numAffectedRows ?? 0);
    }),
  );
}
