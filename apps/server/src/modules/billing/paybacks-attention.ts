import { adminMessages, brandCodes, type PaybackAttentionRow } from '@pria/contracts';
import { type AuditContext, recordStaffAction } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { logBillingEvent } from './billing-log.ts';
import {
  type AttentionRow,
  listPayoutsNeedingAttention,
  retryPayoutNow,
  sendPayoutToCard,
} from './payouts.repo.ts';

/**
 * The staff queue of pay-backs that have not gone through (ADR 7, docs/operations.md): delayed
 * ones the tick keeps retrying (staff may bring the next try forward), and returned ones the card
 * could not take (staff send them to another card of the same customer). Every action is
 * recorded in the event log with the staff member's identity.
 */
const card = (c: { id: string; brand: string; last_four: string }) => ({
  id: c.id,
  brand: c.brand,
  brandCode: brandCodes[c.brand as keyof typeof brandCodes] ?? '',
  lastFour: c.last_four,
});

function toRow(r: AttentionRow): PaybackAttentionRow {
  return {
    id: r.id,
    period: r.period,
    amount: Number(r.amount_cents),
    state: r.status === 'returned' ? 'returned' : 'delayed',
    tries: r.tries,
    reason: r.last_error,
    nextTryAt: r.next_try_at ? new Date(r.next_try_at).toISOString() : null,
    updatedAt: new Date(r.updated_at).toISOString(),
    customer: { id: r.customer_id, email: r.email },
    card: card({ id: r.card_id, brand: r.brand, last_four: r.last_four }),
    sentTo: r.sent_to ? card(r.sent_to) : null,
    otherCards: r.other_cards.map(card),
  };
}

export async function listPaybacksNeedingAttention(db: Db): Promise<PaybackAttentionRow[]> {
  return (await listPayoutsNeedingAttention(db, 200)).map(toRow);
}

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

export async function retryPaybackNow(
  db: Db,
  r: { payoutId: string; audit: AuditContext; now: Date },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const retried = await retryPayoutNow(tx, r.payoutId, r.now);
    if (!retried) {
      const exists = await tx
        .selectFrom('payouts')
        .select('id')
        .where('id', '=', r.payoutId)
        .executeTakeFirst();
      if (!exists) throw notFound('Pay-back not found');
      throw new AppError('CONFLICT', adminMessages.paybackNotDelayed);
    }
    await logBillingEvent(tx, `Pay-back ${retried.id} retried now by ${r.audit.actor}`, r.audit.actor, {
      payoutId: retried.id,
      customerId: retried.customer_id,
      period: retried.period,
    });
    await recordStaffAction(tx, r.audit, {
      action: 'payback.retry_now',
      targetType: 'payout',
      targetId: retried.id,
      after: { nextTryAt: r.now.toISOString() },
    });
  });
}
