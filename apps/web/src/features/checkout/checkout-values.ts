import type { CardView } from '@pria/contracts';
import { zodValidate } from '../../components/form/zod-validate.ts';
import { expiryOf, maskedNumber } from '../cards/card-display.ts';
import {
  type CardFormState,
  emptyCardForm,
  hostedCardSchema,
  newCardSchema,
} from '../cards/card-form-values.ts';
import { hostedFieldErrors, type MicroformFields } from '../cards/microform/use-microform.ts';
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

/**
 * The new-card checks; with Microform (`hosted`), number and CVC are checked through its fields'
 * state. A missing city says "City is required", as under the field labelled City (the spec's
 * "locality is required" named the API's field: issue 40, ADR 61).
 */
export function validateNewCardCheckout(
  values: CheckoutValues,
  hosted?: MicroformFields,
): Record<string, string> {
  return hosted
    ? { ...zodValidate<CheckoutValues>(hostedCardSchema())(values), ...hostedFieldErrors(hosted) }
    : zodValidate<CheckoutValues>(newCardSchema())(values);
}
