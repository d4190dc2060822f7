import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';

/**
 * Who may write a capture's payout row (ADR 17). A payout run lists the captures it owes in
 * chunks; a capture listed in a chunk not written yet (untaken, or taken and in flight) gets its
 * payout row from that chunk only: its drain, or the stale chunk's writer. Every other writer of
 * a new payout row (the safety-net materialisation, a won dispute) leaves such captures alone, and
 * does so under the chunk lock taken exclusively: cuts take it exclusively too, claims shared, so
 * a claim that found a capture owed has committed its sent list before such a writer looks.
 */

// Any fixed number: the advisory lock around payout chunks (cuts and other payout writers
// exclusive, claims shared).
export const PAYOUT_CHUNK_LOCK = 7_311_003;

/** Takes the chunk lock exclusively for this transaction; with `wait: false`, false when busy. */
export async function lockPayoutChunks(tx: Db, opts: { wait: boolean }): Promise<boolean> {
  if (opts.wait) {
    await sql`select pg_advisory_xact_lock(${PAYOUT_CHUNK_LOCK})`.execute(tx);
    return true;
  }
  const got = await sql<{
    ok: boolean;
  }>`select pg_try_advisory_xact_lock(${PAYOUT_CHUNK_LOCK}) as ok`.execute(tx);
  return got.rows[0]?.ok ?? false;
}

/** True for a capture listed in a payout chunk not written yet (any run). */
export const inUnwrittenPayoutChunk = (attemptId: RawBuilder<unknown>) => sql<boolean>`
  ${attemptId} in (select x.id from payout_chunks k
                   cross join unnest(case when k.taken_at is null then k.attempts else k.sent_attempts end) as x(id)
                   where k.written_at is null)`;
