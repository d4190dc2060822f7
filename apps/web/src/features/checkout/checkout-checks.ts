import { zodValidate } from '../../components/form/zod-validate.ts';
import { hostedCardSchema, newCardSchema } from '../cards/card-checks.ts';
import { hostedFieldErrors, type MicroformFields } from '../cards/microform/use-microform.ts';
import { formErrorsInLanguage } from '../profile/form-words.ts';
import type { CheckoutValues } from './checkout-values.ts';

/**
 * The new-card checks; with Microform (`hosted`), number and CVC are checked through its fields'
 * state. A missing city says "City is required", as under the field labelled City (the spec's
 * "locality is required" named the API's field: issue 40, ADR 61).
 */
export function newCardCheckoutErrors(
  values: CheckoutValues,
  hosted?: MicroformFields,
): Record<string, string> {
  return formErrorsInLanguage(
    hosted
      ? { ...zodValidate<CheckoutValues>(hostedCardSchema())(values), ...hostedFieldErrors(hosted) }
      : zodValidate<CheckoutValues>(newCardSchema())(values),
  );
}
