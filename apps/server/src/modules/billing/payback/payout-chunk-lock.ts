import { type RawBuilder, sql } from 'kysely';
import { lockForTransaction, tryLockForTransaction } from '../../../platform/advisory-locks.ts';
import type { Db } from '../../../platform/db.ts';

/**
 * Who may write a capture's payout row (ADR 17). A payout run lists the captures it owes in
 * chunks; a capture listed in a chunk not written yet (untaken, or taken and in flight) gets its
 * payout row from that chunk only: its drain, or the stale chunk's writer. Every other writer of
 * a new payout row (the safety-net materialisation, a won dispute) leaves such captures alone, and
 * does so under the chunk lock taken exclusively: cuts take it exclusively too, claims and stale
 * writers shared, so a claim that found a capture owed has committed its sent list before such a
 * writer looks.
 */

/**
 * Takes the chunk lock (`ADVISORY_LOCKS.payoutChunks`) for this transaction: `exclusive` (cuts
 * and other writers of new payouts), `shared` (claims, stale writers), or `try` (exclusive if free
 * now: false when busy).
 */
export async function lockPayoutChunks(tx: Db, mode: 'exclusive' | 'shared' | 'try'): Promise<boolean> {
  if (mode === 'try') return tryLockForTransaction(tx, 'payoutChunks');
  await lockForTransaction(tx, 'payoutChunks', mode);
  return true;
}

/** The captures listed in payout chunks not written yet (any run): the untaken chunks' lists, the taken ones' sent lists. */
export const unwrittenChunkCaptures = sql`
  select x.id from payout_chunks k
  cross join unnest(case when k.taken_at is null then k.attempts else k.sent_attempts end) as x(id)
  where k.written_at is null`;

/** True for a capture listed in a payout chunk not written yet. */
export const inUnwrittenPayoutChunk = (attemptId: RawBuilder<unknown>) =>
  sql<boolean>`${attemptId} in (${unwrittenChunkCaptures})`;
