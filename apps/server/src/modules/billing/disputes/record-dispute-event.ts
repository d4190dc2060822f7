import { sql } from 'kysely';
import type { DisputeEvent } from '../../../gateways/payments/port.ts';
import type { Db } from '../../../platform/db.ts';
import { PAYOUT_SENT, PAYOUT_WITHHOLDABLE } from '../../../platform/money-status-sets.ts';
import { insertMoneyEvents } from '../money-events.ts';
import { applyDisputeDecision } from './apply-dispute-decision.ts';

/**
 * Disputes (chargebacks, issue 16). The processor reports them (the simulator's feed, polled by
 * the tick; CyberSource's signed notifications, pushed): a disputed capture is never paid back by
 * the payout run (its payout is `withheld`; the cardholder's bank returns the $3 instead); if the
 * pay-back had already been sent, the dispute is a loss unless Pria wins it. Winning releases the
 * pay-back; losing keeps it withheld. Staff may record a decision the processor does not report.
 */
export type DisputeResult = 'recorded' | 'duplicate' | 'unknown-charge';

export async function recordDisputeEvent(db: Db, e: DisputeEvent, by = 'processor'): Promise<DisputeResult> {
  return db.transaction().execute(async (tx) => {
    const charge = await sql<{ id: string; customer_id: string; card_id: string; amount_cents: number }>`
      select id, customer_id, card_id, amount_cents from payment_attempts
      where reference = ${e.chargeReference} and status = 'captured' for update`.execute(tx);
    const attempt = charge.rows[0];
    if (!attempt) return 'unknown-charge';
    const existing = await tx
      .selectFrom('disputes')
      .selectAll()
      .where('processor_dispute_id', '=', e.disputeId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) {
      // One open dispute per charge (a unique index too): another notice for a charge already
      // disputed is the same case to us, whatever id it carries; it withholds nothing twice.
      const open = await tx
        .selectFrom('disputes')
        .select('processor_dispute_id')
        .where('attempt_id', '=', attempt.id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (open) return 'duplicate';
      const payout = await tx
        .selectFrom('payouts')
        .select(['id', 'status'])
        .where('attempt_id', '=', attempt.id)
        .forUpdate()
        .executeTakeFirst();
      // In flight counts as sent: the pay-back may already be on its way.
      const paybackSent = payout !== undefined && PAYOUT_SENT.includes(payout.status);
      await tx
        .insertInto('disputes')
        .values({
          processor_dispute_id: e.disputeId,
          attempt_id: attempt.id,
          customer_id: attempt.customer_id,
          card_id: attempt.card_id,
          amount_cents: e.amountCents,
          reason: e.reason,
          status: e.status,
          payback_sent: paybackSent,
          opened_at: e.at,
          decided_at: e.status === 'open' ? null : e.at,
          decided_by: e.status === 'open' ? null : by,
        })
        .execute();
      if (e.status !== 'won' && payout && PAYOUT_WITHHOLDABLE.includes(payout.status)) {
        await tx
          .updateTable('payouts')
          .set({ status: 'withheld', settled_at: e.at, updated_at: new Date() })
          .where('id', '=', payout.id)
          .execute();
      }
      await insertMoneyEvents(tx, [
        {
          type: 'dispute.opened',
          dedupe_key: `dispute.opened:${e.disputeId}`,
          customer_id: attempt.customer_id,
          card_id: attempt.card_id,
          amount_cents: e.amountCents,
          reason: e.reason,
          attempt_id: attempt.id,
          occurred_at: e.at,
        },
      ]);
      return 'recorded';
    }
    if (existing.status !== 'open' || e.status === 'open') return 'duplicate';
    await applyDisputeDecision(tx, existing.id, attempt.id, e.status, by, e.at);
    return 'recorded';
  });
}
