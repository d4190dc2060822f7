import { adminMessages } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError, invalid, notFound } from '../../../platform/errors.ts';
import { logBillingEvent } from '../billing-log.ts';
import { sendPayoutToCard } from './payouts.repo.ts';

/**
 * Staff send a returned pay-back (the card could not take it) to another card of the same
 * customer: never to a card that returned it. Recorded in the event log and the staff audit.
 */
export async function sendPaybackToCard(
  db: Db,
  r: { payoutId: string; cardId: string; audit: AuditContext },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const payout = await tx
      .selectFrom('payouts')
      .select(['id', 'customer_id', 'status', 'card_id', 'paid_to_card_id'])
      .where('id', '=', r.payoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!payout) throw notFound('Pay-back not found');
    if (payout.status !== 'returned') throw new AppError('CONFLICT', adminMessages.paybackNotReturned);
    // A card that returned it cannot take it (the database refuses it too: migration 0033).
    if (r.cardId === payout.card_id || r.cardId === payout.paid_to_card_id)
      throw invalid(adminMessages.paybackSameCard);
    const target = await tx
      .selectFrom('cards')
      .select(['id', 'brand', 'last_four'])
      .where('id', '=', r.cardId)
      .where('customer_id', '=', payout.customer_id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!target) throw invalid(adminMessages.paybackCardNotOwn);
    const sent = await sendPayoutToCard(tx, payout.id, target.id);
    if (!sent) throw new AppError('CONFLICT', adminMessages.paybackNotReturned);
    const actor = r.audit.actor;
    await logBillingEvent(
      tx,
      `Returned pay-back ${sent.id} sent to ${target.brand} ${target.last_four} by ${actor}`,
      actor,
      { payoutId: sent.id, customerId: sent.customer_id, cardId: target.id, period: sent.period },
    );
    await recordStaffAction(tx, r.audit, {
      action: 'payback.send_to_card',
      targetType: 'payout',
      targetId: sent.id,
      before: { status: 'returned', cardId: payout.card_id },
      after: { status: 'pending', cardId: target.id },
    });
  });
}
