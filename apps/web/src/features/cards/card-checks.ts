import { isAcceptedBrand } from '@pria/contracts/card-brands';
import { cardFormSchema } from '@pria/contracts/card-form';
import { detectBrand } from '@pria/contracts/card-numbers';
import { messages } from '@pria/contracts/messages';
import * as z from 'zod/mini';
import { zodValidate } from '../../components/form/zod-validate.ts';
import { formErrorsInLanguage } from '../profile/form-words.ts';
import type { CardFormState } from './card-form-values.ts';
import { hostedFieldErrors, type MicroformFields } from './microform/use-microform.ts';

/**
 * The card form's checks: the shared schemas (zod's mini API, ADR 88's addendum), loaded once
 * the form is on screen (`laterChecks`, issue 43), with the spec's words in the language spoken.
 */

/** Add mode: the shared card schema plus "Visa or Mastercard only", with the spec's words. */
export function newCardSchema(now = new Date()) {
  return cardFormSchema(now).check(
    z.superRefine((values, ctx) => {
      const detected = detectBrand(values.number);
      if (values.number.replace(/\s/g, '').length >= 13 && detected && !isAcceptedBrand(detected)) {
        ctx.addIssue({ code: 'custom', path: ['number'], message: messages.cardBrandNotAccepted });
      }
    }),
  );
}

/**
 * Add mode with Microform: number and CVC are in CyberSource's hosted fields (checked through
 * the fields' own state, see hostedFieldErrors); the rest as in newCardSchema.
 */
export function hostedCardSchema(now = new Date()) {
  return z.omit(cardFormSchema(now), { number: true, cvc: true, brand: true });
}

/** Edit mode: only the expiry and the billing address can change. */
export function editCardSchema(now = new Date()) {
  return z.object({
    expirationDate: cardFormSchema(now).shape.expirationDate,
    address: cardFormSchema(now).shape.address,
  });
}

/** The card form's errors: editing (expiry and address), a new card, or a new card in Microform. */
export function cardFormErrors(
  values: CardFormState,
  mode: { editing: boolean; hosted?: MicroformFields },
): Record<string, string> {
  if (mode.editing) return formErrorsInLanguage(zodValidate<CardFormState>(editCardSchema())(values));
  if (!mode.hosted) return formErrorsInLanguage(zodValidate<CardFormState>(newCardSchema())(values));
  return formErrorsInLanguage({
    ...zodValidate<CardFormState>(hostedCardSchema())(values),
    ...hostedFieldErrors(mode.hosted),
  });
}
