import { randomUUID } from 'node:crypto';
import { type CardView, cardLimitAllows, messages, type NewCard } from '@pria/contracts';
import type { PaymentGateway } from '../../gateways/payments/index.ts';
import type { Principal } from '../../platform/auth.ts';
import { recordConsents } from '../../platform/consents.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { payingCustomer } from '../customers/index.ts';
import { sendSecurityNotice } from '../notifications/index.ts';
import { toCardView } from './card-view.ts';
import {
  clearDefault,
  freeSlot,
  insertCard,
  isLimitViolation,
  isUniqueViolation,
  listActiveCards,
  lockCustomer,
  logCardEvent,
} from './cards.repo.ts';
import { fromGatewayError } from './gateway-errors.ts';

export interface RegisterCardOptions {
  db: Db;
  gateway: PaymentGateway;
  logger: Logger;
  principal: Principal;
  card: NewCard;
  /** The engine's clock: a card is owed the monthly $3 from the first 28th after it is registered. */
  now: Date;
  /** The client that added it: the card's recurring-charge authorization is recorded with it. */
  client?: { ip: string | null; userAgent: string | null };
  /** The app's address, for the security notice's links. */
  publicUrl: string;
}

export const limitReached = () => new AppError('CONFLICT', messages.cardLimitReached);
/** The same card twice would be charged the monthly $3 twice: one registration per card number (the database's index). */
const alreadyRegistered = () => new AppError('CONFLICT', messages.cardAlreadyRegistered);

/** The active cards as the limit counts them (Charge & Pay or only the plan). */
const asCounted = (rows: { charge_and_pay: boolean }[]) =>
  rows.map((c) => ({ chargeAndPay: c.charge_and_pay }));

/**
 * Registers a card: the processor verifies it ($0) and gives back an instrument id, and we
 * keep only that, brand, last four, expiry, name and address. The encrypted card goes to the
 * processor and nowhere else. The first card becomes the default. The owner gets the "card
 * added" security notice in the same transaction.
 */
export async function registerCard({
  db,
  gateway,
  logger,
  principal,
  card,
  now,
  client = { ip: null, userAgent: null },
  publicUrl,
}: RegisterCardOptions): Promise<CardView> {
  const customer = await payingCustomer(db, principal);
  // Cheap early refusal; the database (a slot each, at most 3 in Charge & Pay) enforces it.
  const adding = { chargeAndPay: card.chargeAndPay };
  if (!cardLimitAllows(asCounted(await listActiveCards(db, customer.id)), adding)) throw limitReached();

  const cardId = randomUUID();
  const billingAddress = { ...card.address, country: 'US' as const };
  const instrument = await gateway
    .createInstrument({
      reference: `card:${cardId}`,
      encryptedCard: card.number,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      name: card.name,
      billingAddress,
    })
    .catch((err: unknown) => {
      throw fromGatewayError(err);
    });

  try {
    const row = await db.transaction().execute(async (trx) => {
      await lockCustomer(trx, customer.id);
      const active = await listActiveCards(trx, customer.id);
      const slot = freeSlot(active);
      if (slot === null || !cardLimitAllows(asCounted(active), adding)) throw limitReached();
      const makeDefault = card.isDefault || !active.some((c) => c.is_default);
      if (makeDefault) await clearDefault(trx, customer.id);
      const inserted = await insertCard(trx, {
        id: cardId,
        customer_id: customer.id,
        gateway: gateway.name,
        instrument_id: instrument.instrumentId,
        brand: instrument.brand,
        last_four: instrument.lastFour,
        expiration_month: instrument.expirationMonth,
        expiration_year: instrument.expirationYear,
        card_fingerprint: instrument.fingerprint,
        name: card.name,
        address1: billingAddress.address1,
        address2: billingAddress.address2,
        locality: billingAddress.locality,
        administrative_area: billingAddress.administrativeArea,
        postal_code: billingAddress.postalCode,
        is_default: makeDefault,
        charge_and_pay: card.chargeAndPay,
        slot,
        created_at: now,
      });
      // NOTE: the stored-credential consent card networks require before merchant-initiated
      // charges (the monthly $3, renewals): recorded with the card, in the same transaction.
      await recordConsents(
        trx,
        { issuer: principal.issuer, subject: principal.subject, customerId: customer.id, ...client },
        { documents: ['recurring'], context: 'card', cardId },
      );
      await logCardEvent(trx, 'Card added', customer.id, {
        cardId,
        brand: inserted.brand,
        lastFour: inserted.last_four,
        chargeAndPay: inserted.charge_and_pay,
      });
      // A card that can be charged is a security matter (ADR 68): the owner hears of it, always.
      await sendSecurityNotice(
        trx,
        {
          userId: principal.subject,
          email: principal.email ?? customer.email ?? '',
          event: 'card_added',
          eventId: cardId,
          card: { brand: inserted.brand, lastFour: inserted.last_four },
          at: now,
          issuer: principal.issuer,
        },
        { publicUrl },
      );
      return inserted;
    });
    return toCardView(row);
  } catch (err) {
    // NOTE: the processor already holds the instrument; without our row nobody could ever
    // remove it, so it is deleted again (best effort: an orphan is harmless, just untidy).
    await gateway.deleteInstrument(instrument.instrumentId).catch((e: unknown) => {
      logger.warn({ err: e, instrumentId: instrument.instrumentId }, 'could not delete an orphan instrument');
    });
    if (isUniqueViolation(err, 'cards_active_slot_key') || isLimitViolation(err)) throw limitReached();
    if (isUniqueViolation(err, 'cards_active_fingerprint_key')) throw alreadyRegistered();
    throw err;
  }
}
