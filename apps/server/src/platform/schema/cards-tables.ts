import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp } from './column-types.ts';

/** Table types of the cards module (composed into `Database` in platform/db-schema.ts). */
export interface CardsTable {
  id: Generated<string>;
  customer_id: string;
  gateway: string;
  instrument_id: string;
  brand: 'visa' | 'mastercard';
  last_four: string;
  expiration_month: number;
  expiration_year: number;
  name: string;
  address1: string;
  address2: string | null;
  locality: string;
  administrative_area: string;
  country: Generated<string>;
  postal_code: string;
  is_default: Generated<boolean>;
  /** Charged $3 each month and paid back (Charge & Pay); false: pays for the plan only (migration 0061). */
  charge_and_pay: Generated<boolean>;
  slot: number;
  /** The processor's name for the card number (migration 0112): one active card per number per customer. */
  card_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  instrument_released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface CardTables {
  cards: CardsTable;
}
