import * as z from 'zod/mini';
import { billingAddress } from './address.ts';
import { isExpiryPast, luhnValid } from './card-numbers.ts';
import { messages } from './messages.ts';
import { requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';

// zod's mini API (zod-mini.ts): the card form checks with this in the browser.

/**
 * The card form in the browser (two steps: card details, billing address), with the spec's
 * messages. `now` is injectable so "not in the past" can be tested.
 */
export function cardFormSchema(now: Date = new Date()) {
  return z.object({
    name: requiredText('Name on card', textLimits.cardName, messages.cardNameRequired),
    number: z.string({ error: messages.cardNumberRequired }).check(
      z.minLength(1, messages.cardNumberRequired),
      z.minLength(13, messages.invalidCardNumber),
      z.maxLength(19 + 4, messages.invalidCardNumber),
      z.regex(/^[\d ]+$/, messages.invalidCardNumber),
      z.refine(
        (v) => v.replace(/\s/g, '').length >= 13 && v.replace(/\s/g, '').length <= 19,
        messages.invalidCardNumber,
      ),
      z.refine(luhnValid, messages.invalidCardNumber),
    ),
    brand: z.string({ error: messages.cardBrandRequired }).check(z.minLength(1, messages.cardBrandRequired)),
    expirationDate: z.string({ error: messages.expiryRequired }).check(
      z.minLength(1, messages.expiryRequired),
      z.regex(/^\d{2}\/\d{2}$/, messages.invalidDateFormat),
      z.refine((v) => {
        const [mm = 0, yy = 0] = v.split('/').map(Number);
        return mm >= 1 && mm <= 12 && !isExpiryPast(mm, 2000 + yy, now);
      }, messages.invalidDate),
    ),
    // 3 digits (4 on an American Express card): a 1- or 2-digit CVC is refused before it is sent.
    cvc: z
      .string({ error: messages.cvcRequired })
      .check(
        z.minLength(1, messages.cvcRequired),
        z.maxLength(4, messages.invalidCvc),
        z.regex(/^\d{3,4}$/, messages.invalidCvc),
      ),
    address: billingAddress,
    phone: z.optional(z.string().check(z.maxLength(14))),
  });
}
export type CardFormValues = z.input<ReturnType<typeof cardFormSchema>>;
