import type { PaymentGateway } from '../../gateways/payments/port.ts';
import type { Db } from '../../platform/db.ts';
import { moneyOwedToCard } from '../billing/index.ts';

/**
 * The processor forgets a removed card once Pria owes it nothing (its last pay-in paid back):
 * the instrument is deleted there and the card marked released. Billing calls this after each
 * pay-back pass through its `afterPayouts` port (wired at the composition root); it never
 * writes `cards` itself.
 */
export async function releaseSettledInstruments(
  db: Db,
  payments: PaymentGateway,
  now: Date,
): Promise<number> {
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'instrument_id'])
    .where('removed_at', 'is not', null)
    .where('instrument_released_at', 'is', null)
    .limit(1000)
    .execute();
  let released = 0;
  for (const card of cards) {
    if (await moneyOwedToCard(db, card.id, now)) continue;
    await payments.deleteInstrument(card.instrument_id);
    await markInstrumentReleased(db, card.id);
    released++;
  }
  return released;
}

/** A deleted account's cards: their instruments are deleted at the processor (after the erasure commits). */
export async function releaseInstrumentsOf(
  db: Db,
  payments: PaymentGateway,
  customerId: string,
): Promise<void> {
  const cards = await db
    .selectFrom('cards')
    .select(['id', 'instrument_id'])
    .where('customer_id', '=', customerId)
    .where('instrument_released_at', 'is', null)
    .execute();
  for (const card of cards) {
    await payments.deleteInstrument(card.instrument_id);
    await markInstrumentReleased(db, card.id);
  }
}

async function markInstrumentReleased(db: Db, cardId: string): Promise<void> {
  await db
    .updateTable('cards')
    .set({ instrument_released_at: new Date() })
    .where('id', '=', cardId)
    .execute();
}

/** A deleted account's cards: the rows stay (payments reference them) with only brand, last four and expiry. */
export async function eraseCardsOf(db: Db, customerId: string): Promise<void> {
  await db
    .updateTable('cards')
    .set({
      name: '[erased]',
      address1: '[erased]',
      address2: null,
      locality: '[erased]',
      postal_code: '00000',
      card_fingerprint: null,
      is_default: false,
      removed_at: new Date(),
      updated_at: new Date(),
    })
    .where('customer_id', '=', customerId)
    .execute();
}
