import { sql } from 'kysely';
import type { Db } from '../../../platform/db.ts';
import { payoutDueAt } from '../billing-schedule.ts';
import { paybackToWriteSql } from '../owed-rule.ts';
import { inUnwrittenPayoutChunk, lockPayoutChunks } from '../payback/payout-chunk-lock.ts';

/**
 * A dispute decided (by the processor's notice or by finance): won, the charge stands and its
 * pay-back is owed again; lost, the pay-back stays withheld (the bank returned the money).
 */
export async function applyDisputeDecision(
  tx: Db,
  disputeId: string,
  attemptId: string,
  outcome: 'won' | 'lost',
  by: string,
  at: Date,
) {
  await tx
    .updateTable('disputes')
    .set({ status: outcome, decided_at: at, decided_by: by, updated_at: new Date() })
    .where('id', '=', disputeId)
    .execute();
  if (outcome !== 'won') return;
  // Won: the charge stands, so its pay-back is owed again: a withheld payout is pending once more,
  // and one never written is written now if its pay-back instant has passed (the tick pays it
  // within a minute; before that instant the month's payout run writes it as usual).
  await tx
    .updateTable('payouts')
    .set({ status: 'pending', next_try_at: null, settled_at: null, updated_at: new Date() })
    .where('attempt_id', '=', attemptId)
    .where('status', '=', 'withheld')
    .execute();
  const charge = await tx
    .selectFrom('payment_attempts')
    .select(['period', 'kind'])
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow();
  if (charge.kind === 'payin' && at >= payoutDueAt(charge.period)) {
    // NOTE: not for a capture a payout run listed in a chunk not written yet: that chunk writes
    // its payout (ADR 17). Checked under the chunk lock, so no drain is sending it meanwhile.
    await lockPayoutChunks(tx, 'exclusive');
    await sql`
      insert into payouts (attempt_id, customer_id, card_id, instrument_id, period, amount_cents, status, created_at, due_at)
      select a.id, a.customer_id, a.card_id, a.instrument_id, a.period, a.amount_cents, 'pending', ${at}, ${at}
      from payment_attempts a where a.id = ${attemptId} and ${paybackToWriteSql('a')}
        and not ${inUnwrittenPayoutChunk(sql`a.id`)}
      on conflict (attempt_id) do nothing`.execute(tx);
  }
}
