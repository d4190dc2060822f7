import { type CardUpdate, type CardView, cardLimitAllows, messages } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/index.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { toCardView } from './card-view.ts';
import {
  clearDefault,
  findActiveCard,
  isLimitViolation,
  listActiveCards,
  lockCustomer,
  logCardEvent,
  updateCardRow,
} from './cards.repo.ts';
import { fromGatewayError } from './gateway-errors.ts';
import { limitReached } from './register-card.ts';

export interface UpdateCardOptions {
  db: Db;
  gateway: PaymentGateway;
  principal: Principal;
  cardId: string;
  changes: CardUpdate;
}

/**
 * New expiry and billing address (the number and brand cannot change: that is a new card).
 * The processor is told first, so our row never claims something the processor does not know.
 */
export async function updateCard({
  db,
  gateway,
  principal,
  cardId,
  changes,
}: UpdateCardOptions): Promise<CardView> {
  if (changes.cardId !== undefined && changes.cardId !== cardId)
    throw invalid('cardId does not match the path');
  const customer = await currentCustomer(db, principal);
  const card = await findActiveCard(db, customer.id, cardId);
  if (!card) throw notFound(messages.cardNotFound);
  // Joining Charge & Pay counts against its 3 cards (issue 40): refused before the processor is told.
  const joins = changes.chargeAndPay === true && !card.charge_and_pay;
  const joinAllowed = async (q: Db) =>
    cardLimitAllows(
      (await listActiveCards(q, customer.id))
        .filter((c) => c.id !== cardId)
        .map((c) => ({ chargeAndPay: c.charge_and_pay })),
      { chargeAndPay: true },
    );
  if (joins && !(await joinAllowed(db))) throw limitReached();

  const address = { ...changes.address, country: 'US' as const };
  await gateway
    .updateInstrument(card.instrument_id, {
      expirationMonth: changes.expirationMonth,
      expirationYear: changes.expirationYear,
      billingAddress: address,
    })
    .catch((err: unknown) => {
      throw fromGatewayError(err);
    });

  const row = await db
    .transaction()
    .execute(async (trx) => {
      await lockCustomer(trx, customer.id);
      if (!(await findActiveCard(trx, customer.id, cardId))) throw notFound(messages.cardNotFound);
      if (joins && !(await joinAllowed(trx))) throw limitReached();
      if (changes.isDefault === true) await clearDefault(trx, customer.id);
      const updated = await updateCardRow(trx, cardId, {
        expiration_month: changes.expirationMonth,
        expiration_year: changes.expirationYear,
        address1: address.address1,
        address2: address.address2,
        locality: address.locality,
        administrative_area: address.administrativeArea,
        postal_code: address.postalCode,
        ...(changes.isDefault === true ? { is_default: true } : {}),
        ...(changes.chargeAndPay === undefined ? {} : { charge_and_pay: changes.chargeAndPay }),
      });
      await logCardEvent(trx, 'Card updated', customer.id, {
        cardId,
        ...(changes.chargeAndPay === undefined ? {} : { chargeAndPay: changes.chargeAndPay }),
      });
      return updated;
    })
    .catch((err: unknown) => {
      throw isLimitViolation(err) ? limitReached() : err;
    });
  return toCardView(row);
}
