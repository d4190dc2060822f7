import { brandCodes, type CardView } from '@pria/contracts';
import type { CardRow } from './cards.repo.ts';

/** A card as the spec's client reads it (camelCase, address nested, processor's instrument id). */
export function toCardView(row: CardRow): CardView {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    brandCode: brandCodes[row.brand],
    lastFour: row.last_four,
    expirationMonth: row.expiration_month,
    expirationYear: row.expiration_year,
    isDefault: row.is_default,
    chargeAndPay: row.charge_and_pay,
    instrumentId: row.instrument_id,
    address: {
      address1: row.address1,
      address2: row.address2,
      locality: row.locality,
      administrativeArea: row.administrative_area,
      country: row.country,
      postalCode: row.postal_code,
    },
    createdAt: row.created_at.toISOString(),
  };
}
