import { messages } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/index.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { moneyOwedToCard } from '../billing/index.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendSecurityNotice } from '../notifications/index.ts';
import {
  findActiveCard,
  listActiveCards,
  lockCustomer,
  logCardEvent,
  markRemoved,
  updateCardRow,
} from './cards.repo.ts';
import { fromGatewayError } from './gateway-errors.ts';

/**
 * The plan in force a card pays for, or null: the subscriptions module's rule (`planFundedBy`),
 * wired at the composition root (subscriptions already depends on cards). Called inside the
 * removal's transaction, where it locks the subscription row.
 */
export type FundedPlanOf = (
  tx: Db,
  customerId: string,
  cardId: string,
) => Promise<{ planName: string } | null>;

export const fundingCardInUse = () => new AppError('CONFLICT', messages.fundingCardInUse);

export interface RemoveCardOptions {
  db: Db;
  fundedPlanOf: FundedPlanOf;
  gateway: PaymentGateway;
  principal: Principal;
  cardId: string;
  /** The engine's clock: what the card is still owed is judged now, and it is removed as of now. */
  now: Date;
  /** The app's address, for the security notice's links. */
  publicUrl: string;
}

/**
 * Removes a card: the processor deletes the instrument (unless a pay-back is still owed to the
 * card), then our row is marked removed (never deleted: payments reference it). If it was the default, the card in the lowest slot takes
 * over. NOTE: the gateway delete is idempotent, so a retry after a failed commit is safe.
 * The card that pays for the plan in force is not removed (409): the customer chooses another
 * funding card first (issue 40: the plan was left with nothing to charge at its renewal).
 */
export async function removeCard({
  db,
  fundedPlanOf,
  gateway,
  principal,
  cardId,
  now,
  publicUrl,
}: RemoveCardOptions): Promise<void> {
  const customer = await currentCustomer(db, principal);
  const card = await findActiveCard(db, customer.id, cardId);
  if (!card) throw notFound(messages.cardNotFound);
  // Asked first without a lock, so a refusal never touches the processor; asked again below, locked.
  if (await fundedPlanOf(db, customer.id, card.id)) throw fundingCardInUse();

  // NOTE: while a $3 charged on this card is not yet paid back, or the month's $3 is due and not
  // yet sent (eligibility is as at the 28th's due instant), the instrument stays at the processor;
  // the payout run deletes it once settled.
  const owed = await moneyOwedToCard(db, card.id, now);
  if (!owed) {
    await gateway.deleteInstrument(card.instrument_id).catch((err: unknown) => {
      throw fromGatewayError(err);
    });
  }

  await db.transaction().execute(async (trx) => {
    await lockCustomer(trx, customer.id);
    const current = await findActiveCard(trx, customer.id, cardId);
    if (!current) return; // removed concurrently: the outcome the caller wanted
    if (await fundedPlanOf(trx, customer.id, cardId)) throw fundingCardInUse();
    await markRemoved(trx, cardId, now);
    if (!owed)
      await trx
        .updateTable('cards')
        .set({ instrument_released_at: new Date() })
        .where('id', '=', cardId)
        .execute();
    if (current.is_default) {
      const [next] = await listActiveCards(trx, customer.id);
      if (next) await updateCardRow(trx, next.id, { is_default: true });
    }
    await logCardEvent(trx, 'Card removed', customer.id, { cardId });
    // Always told, whatever the settings (ADR 68); once per card (its id names the event).
    await sendSecurityNotice(
      trx,
      {
        userId: principal.subject,
        email: principal.email ?? customer.email ?? '',
        event: 'card_removed',
        eventId: cardId,
        card: { brand: current.brand, lastFour: current.last_four },
        at: now,
        issuer: principal.issuer,
      },
      { publicUrl },
    );
  });
}
