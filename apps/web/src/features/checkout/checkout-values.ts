import type { CardView } from '@pria/contracts';
import { expiryOf, maskedNumber } from '../cards/card-display.ts';
import { type CardFormState, emptyCardForm } from '../cards/card-form-values.ts';
import { type AddressValues, emptyAddress } from '../geography/address.ts';

export type PaymentSource = 'new' | 'existing';

export interface CheckoutValues extends CardFormState {
  sameAsProfile: boolean;
  phone: string;
}

export const emptyCheckout: CheckoutValues = { ...emptyCardForm, sameAsProfile: false, phone: '' };

/** Spec: picking an existing card fills the form with its masked number, '***' and its expiry. */
export function existingCardValues(card: CardView, address: AddressValues = emptyAddress): CheckoutValues {
  return {
    ...emptyCheckout,
    name: card.name,
    number: maskedNumber(card.lastFour),
    brand: card.brand,
    cvc: '***',
    expirationDate: expiryOf(card),
    address,
  };
}
