import { type CardView, messages } from '@pria/contracts';
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
 * The new-card checks, with checkout's own word for a missing city ('locality is required');
 * with Microform (`hosted`), number and CVC are checked through its fields' state.
 */
export function validateNewCardCheckout(
  values: CheckoutValues,
  hosted?: MicroformFields,
): Record<string, string> {
  const errors = hosted
    ? { ...zodValidate<CheckoutValues>(hostedCardSchema())(values), ...hostedFieldErrors(hosted) }
    : zodValidate<CheckoutValues>(newCardSchema())(values);
  if (errors['address.locality'] === messages.cityRequired)
    errors['address.locality'] = messages.webLocalityRequired;
  return errors;
}
