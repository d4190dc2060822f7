import { brandCodes, type PaybackAttentionRow } from '@pria/contracts';
import type { Db } from '../../../platform/db.ts';
import { type AttentionRow, listPayoutsNeedingAttention } from './payouts.repo.ts';

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
