import { MONTHLY_CHARGE } from '@pria/contracts';
import { sql } from 'kysely';
import { textArray, timestamptzArray, uuidArray } from '../../../platform/binary-arrays.ts';
import type { Db } from '../../../platform/db.ts';
import { retryOnDeadlock } from '../../../platform/deadlock-retry.ts';
import { timeOrderedUuid } from '../../../platform/ids.ts';
import { insertOptimistically } from '../../../platform/insert-optimistically.ts';
import { ATTEMPT_SETTLED, statusIn } from '../../../platform/money-status-sets.ts';
import { payinReference } from '../references.ts';
import { markChunksWritten } from '../runs/runs.repo.ts';
import {
  type AttemptOutcome,
  type ClaimedAttempt,
  insertLatePayouts,
  lockRunChunks,
  PAYIN_DESCRIPTION,
  payinsOnly,
  recordOutcomes,
} from './charges.repo.ts';
import { payinCards } from './eligibility.ts';

/**
 * Pay-in attempts written once, with their outcome (ADR 17).
 *
 * 1. `claimPayinChunk` takes a chunk and records in it, committed synchronously and before any
 *    call, the cards it is about to charge (`sent_cards`). No attempt row is written yet.
 * 2. `recordSentPayins` inserts each attempt with its outcome (captured, declined, or unknown
 *    after a timeout) and the money events, in one statement; when a chunk's last card is
 *    written, the chunk is marked written in the same transaction.
 * 3. `writeStaleChunks`: a chunk taken longer ago than the staleness window and still not written
 *    (its drain died, or is stuck) becomes `submitted` attempts for the sent cards that have none,
 *    dated when the chunk was taken. From there the settling of ADR 7 applies unchanged: lookup
 *    by reference, then the outcome, or the same reference sent again, or `missed`.
 *
 * Once per (card, period) is still the unique index's: an attempt insert that finds one already
 * written (a stale chunk's, written while this drain was slow) records its outcome on that row,
 * only if it is still `submitted`, exactly as an outcome update did before.
 */

/** What a drain needs to write a pay-in attempt it sent: the row does not exist yet. */
export interface SentPayin {
  runId: string;
  period: string;
  seq: number;
  cardId: string;
  customerId: string;
  subscriptionId: string | null;
  instrumentId: string;
  asOf: Date;
}

export type PayinClaim = ClaimedAttempt & { payin: SentPayin };

/**
 * Takes the next untaken chunk of a pay-in run and records the cards it will charge, in one
 * transaction (SKIP LOCKED lets any number of workers take chunks at once). Eligibility is
 * checked again as at the due instant, with pause and removal read now, so a card removed or a
 * subscription paused since the run opened is not charged; the run's total follows. A card that
 * has an attempt for the period already (written by any path) is not taken.
 * Returns null when the run has no untaken chunk left.
 * NOTE: the chunk's sent cards are committed BEFORE the processor is called (synchronous
 * commit): after a crash they are found in a stale chunk and settled by lookup, never charged
 * blind a second time.
 */
export async function claimPayinChunk(db: Db, runId: string, period: string): Promise<PayinClaim[] | null> {
  return db.transaction().execute(async (tx) => {
    await lockRunChunks(tx, runId, 'shared');
    const taken = await sql<{
      seq: number;
      first_card: string;
      last_card: string;
      cards: number;
      due_at: Date;
      as_of: Date;
    }>`
      update billing_chunks set taken_at = now()
      where run_id = ${runId} and seq = (
        select seq from billing_chunks where run_id = ${runId} and taken_at is null
        order by seq limit 1 for update skip locked)
      returning seq, first_card, last_card, cards, due_at, as_of`.execute(tx);
    const chunk = taken.rows[0];
    if (!chunk) return null;
    // NOTE: a chunk's thousand cards each find their subscription by its unique customer index;
    // the planner otherwise hashes every subscription for every chunk.
    await sql`set local enable_hashjoin = off`.execute(tx);
    await sql`set local enable_mergejoin = off`.execute(tx);
    const eligible = await sql<{
      card_id: string;
      customer_id: string;
      subscription_id: string;
      instrument_id: string;
    }>`
      select c.id as card_id, c.customer_id, s.id as subscription_id, c.instrument_id
      ${payinCards(chunk.due_at)}
        and c.id between ${chunk.first_card} and ${chunk.last_card}`.execute(tx);
    // A card with an attempt for the period already (the cut left those out; this is the check
    // that a race cannot get past). NOTE: a separate statement, by the once index: while a run is
    // written the statistics say payment_attempts is empty and an anti-join became a scan per card.
    await sql`set local enable_seqscan = off`.execute(tx);
    const had = await sql<{ card_id: string }>`
      select card_id from payment_attempts
      where card_id = any(${uuidArray(eligible.rows.map((c) => c.card_id))}::uuid[]) and kind = 'payin'
        and period = ${period}`.execute(tx);
    const skip = new Set(had.rows.map((r) => r.card_id));
    const cards = skip.size ? eligible.rows.filter((c) => !skip.has(c.card_id)) : eligible.rows;
    await sql`
      update billing_chunks
      set sent_cards = ${uuidArray(cards.map((c) => c.card_id))}::uuid[],
          written_at = ${cards.length === 0 ? sql`now()` : sql`null`}
      where run_id = ${runId} and seq = ${chunk.seq}`.execute(tx);
    if (cards.length !== chunk.cards) {
      await sql`update billing_runs set total = total + ${cards.length - chunk.cards}
        where id = ${runId}`.execute(tx);
    }
    return cards.map((c) => ({
      id: timeOrderedUuid(),
      reference: payinReference(c.card_id, period),
      kind: 'payin' as const,
      instrument_id: c.instrument_id,
      amount_cents: MONTHLY_CHARGE,
      description: PAYIN_DESCRIPTION,
      payin: {
        runId,
        period,
        seq: chunk.seq,
        cardId: c.card_id,
        customerId: c.customer_id,
        subscriptionId: c.subscription_id,
        instrumentId: c.instrument_id,
        asOf: chunk.as_of,
      },
    }));
  });
}

/**
 * Writes sent pay-ins with their outcomes, in one transaction: the chunks whose last card this
 * was (`writtenChunks`), the attempts (one insert), their money events (derived in the same
 * statement) and the pay-backs of late captures. Then, in a second transaction and only if a
 * stale chunk's writer got there first, the outcomes onto the attempts it wrote (from
 * `submitted` only). Returns what the run's counters need. Every pay-in in `sent` belongs to `run`
 * (a drain drains one run): its id and period go into the statement once.
 */
export async function recordSentPayins(
  db: Db,
  run: { id: string; period: string },
  sent: readonly (AttemptOutcome & { payin: SentPayin })[],
  writtenChunks: readonly { runId: string; seq: number }[],
  occurredAt: Date,
): Promise<{ done: number; declined: number }> {
  if (sent.length === 0 && writtenChunks.length === 0) return { done: 0, declined: 0 };
  // NOTE: inserted in card order, as stale chunks are written: two writers of the same cards
  // (a slow drain and a stale chunk's writer) then wait on each other in one order, never deadlock.
  const ordered = [...sent].sort((a, b) => (a.payin.cardId < b.payin.cardId ? -1 : 1));
  const col = <T>(f: (o: AttemptOutcome & { payin: SentPayin }) => T) => ordered.map(f);
  // NOTE: without ON CONFLICT first (ADR 44): a row written meanwhile by a stale chunk's writer
  // makes the insert fail, and the whole transaction runs again with the clauses.
  const r = await insertOptimistically((onConflict) =>
    retryOnDeadlock(() =>
      db.transaction().execute(async (tx) => {
        // NOTE: as for outcome updates, an outcome lost to a database crash is not lost: the chunk
        // stays unwritten and becomes `submitted` attempts, settled by lookup.
        await sql`set local synchronous_commit = off`.execute(tx);
        // NOTE: the chunks first: a stale chunk's writer takes the chunk, then its rows; taking them
        // in the same order, this waits for it (or it for this) instead of deadlocking.
        await markChunksWritten(tx, 'billing_chunks', writtenChunks);
        const inserted = await sql<{ id: string; card_id: string; status: string; period: string }>`
      with v as (
        select * from unnest(
          ${uuidArray(col((o) => o.id))}::uuid[], ${uuidArray(col((o) => o.payin.cardId))}::uuid[],
          ${uuidArray(col((o) => o.payin.customerId))}::uuid[], ${textArray(col((o) => o.payin.instrumentId))}::text[],
          ${uuidArray(col((o) => o.payin.subscriptionId))}::uuid[],
          ${timestamptzArray(col((o) => o.payin.asOf))}::timestamptz[], ${textArray(col((o) => o.status))}::text[],
          ${textArray(col((o) => o.reason))}::text[], ${textArray(col((o) => o.gatewayTransactionId))}::text[])
          as v(id, card_id, customer_id, instrument_id, subscription_id, as_of, status, reason, gtx)
      ),
      ins as (
        insert into payment_attempts
          (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, billing_run_id,
           amount_cents, description, initiator, status, decline_reason, gateway_transaction_id, created_at,
           due_at, sent_at, settled_at)
        select v.id, pria_payin_reference(v.card_id, ${run.period}), 'payin', ${run.period}, v.customer_id, v.card_id,
               v.instrument_id, v.subscription_id, ${run.id}::uuid, ${MONTHLY_CHARGE}, ${PAYIN_DESCRIPTION}, 'merchant',
               v.status, v.reason, v.gtx, v.as_of, pria_payin_due_at(${run.period}), ${occurredAt}::timestamptz,
               case when ${statusIn('v.status', ATTEMPT_SETTLED)} then ${occurredAt}::timestamptz end
        from v
        order by v.card_id
        ${onConflict(sql`on conflict do nothing`)}
        returning id, customer_id, card_id, status, decline_reason, period
      ),
      events as (
        insert into money_events (type, dedupe_key, customer_id, card_id, amount_cents, reason, occurred_at)
        select e.type, e.type || ':' || ins.id, ins.customer_id, ins.card_id, ${MONTHLY_CHARGE},
               ins.decline_reason, ${occurredAt}::timestamptz
        from ins cross join lateral (
          select case ins.status when 'captured' then 'charge.succeeded' else 'charge.declined' end as type) e
        where ${statusIn('ins.status', ATTEMPT_SETTLED)}
        ${onConflict(sql`on conflict (dedupe_key) do nothing`)}
      )
      select id, card_id, status, period from ins`.execute(tx);
        const rows = inserted.rows;
        await insertLatePayouts(
          tx,
          rows.map((r) => ({ ...r, kind: 'payin' })),
          occurredAt,
        );
        const done = rows.filter((r) => r.status !== 'unknown').length;
        const declined = rows.filter((r) => r.status === 'declined').length;

        return { done, declined, others: rows.length < sent.length ? notIn(sent, rows) : [] };
      }),
    ),
  );
  // Written meanwhile from a stale chunk (this drain was slower than the staleness window):
  // the outcome goes onto that row, from `submitted` only. NOTE: in a transaction of its own,
  // so that no transaction writes attempts (and their roll-ups) in two statements, whose roll-up
  // keys could then be locked out of order against another's.
  if (r.others.length === 0) return { done: r.done, declined: r.declined };
  const existing = await sql<{ id: string; card_id: string }>`
    select id, card_id from payment_attempts
    where kind = 'payin' and period = ${run.period}
      and card_id = any(${r.others.map((o) => o.payin.cardId)}::uuid[])`.execute(db);
  const idOf = new Map(existing.rows.map((e) => [e.card_id, e.id]));
  const onExisting = r.others.flatMap((o) => {
    const id = idOf.get(o.payin.cardId);
    return id ? [{ ...o, id }] : [];
  });
  // Pay-ins only: no renewal outcome to report.
  const late = await recordOutcomes(db, payinsOnly, ['submitted'], onExisting, occurredAt);
  return { done: r.done + late.done, declined: r.declined + late.declined };
}

const notIn = <T extends { payin: SentPayin }>(sent: readonly T[], rows: readonly { card_id: string }[]) => {
  const written = new Set(rows.map((r) => r.card_id));
  return sent.filter((o) => !written.has(o.payin.cardId));
};

/**
 * Chunks of a run taken longer ago than `staleAfterMs` and not written (their drain died, or
 * is stuck): each sent card without an attempt gets one, `submitted`, dated when the chunk was
 * taken, so that settling looks it up (and, once conclusive, sends it again under the same
 * reference or records it missed). The chunk is written in the same statement. Returns how many
 * attempts were written.
 */
export async function writeStaleChunks(db: Db, runId: string, staleAfterMs: number): Promise<number> {
  return retryOnDeadlock(() =>
    db.transaction().execute(async (tx) => {
      await lockRunChunks(tx, runId, 'shared');
      const res = await sql`
      with stale as (
        update billing_chunks k set written_at = now()
        from billing_runs r
        where k.run_id = ${runId} and r.id = k.run_id and k.taken_at is not null and k.written_at is null
          and k.taken_at < now() - make_interval(secs => ${staleAfterMs / 1000})
        returning k.sent_cards, k.taken_at, k.as_of, r.period
      )
      insert into payment_attempts
        (id, reference, kind, period, customer_id, card_id, instrument_id, subscription_id, billing_run_id,
         amount_cents, description, initiator, status, created_at, updated_at, due_at, sent_at)
      select gen_random_uuid(), pria_payin_reference(c.id, stale.period), 'payin', stale.period, c.customer_id, c.id,
             c.instrument_id, s.id, ${runId}, ${MONTHLY_CHARGE}, ${PAYIN_DESCRIPTION}, 'merchant', 'submitted',
             stale.as_of, stale.taken_at, pria_payin_due_at(stale.period),
             -- NOTE: the engine's time of the send died with its drain: the run's instant stands for it.
             stale.as_of
      from stale
      cross join unnest(stale.sent_cards) as x(card_id)
      join cards c on c.id = x.card_id
      left join subscriptions s on s.customer_id = c.customer_id
      order by c.id
      on conflict do nothing`.execute(tx);
      return Number(res.numAffectedRows ?? 0);
    }),
  );
}
