import { adminMessages, brandCodes, type PaybackAttentionRow } from '@pria/contracts';
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
  r: { payoutId: string; cardId: string; actor: string },
): Promise<void> {
  const payout = await db
    .selectFrom('payouts')
    .select(['id', 'customer_id', 'status'])
    .where('id', '=', r.payoutId)
    .executeTakeFirst();
  if (!payout) throw notFound('Pay-back not found');
  if (payout.status !== 'returned') throw new AppError('CONFLICT', adminMessages.paybackNotReturned);
  const target = await db
    .selectFrom('cards')
    .select(['id', 'brand', 'last_four'])
    .where('id', '=', r.cardId)
    .where('customer_id', '=', payout.customer_id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!target) throw invalid(adminMessages.paybackCardNotOwn);
  const sent = await sendPayoutToCard(db, payout.id, target.id);
  if (!sent) throw new AppError('CONFLICT', adminMessages.paybackNotReturned);
  await logBillingEvent(
    db,
    `Returned pay-back ${sent.id} sent to ${target.brand} ${target.last_four} by ${r.actor}`,
    r.actor,
    { payoutId: sent.id, customerId: sent.customer_id, cardId: target.id, period: sent.period },
  );
}

export async function retryPaybackNow(
  db: Db,
  r: { payoutId: string; actor: string; now: Date },
): Promise<void> {
  const retried = await retryPayoutNow(db, r.payoutId, r.now);
  if (!retried) {
    const exists = await db
      .selectFrom('payouts')
      .select('id')
      .where('id', '=', r.payoutId)
      .executeTakeFirst();
    if (!exists) throw notFound('Pay-back not found');
    throw new AppError('CONFLICT', adminMessages.paybackNotDelayed);
  }
  await logBillingEvent(db, `Pay-back ${retried.id} retried now by ${r.actor}`, r.actor, {
    payoutId: retried.id,
    customerId: retried.customer_id,
    period: retried.period,
  });
}
