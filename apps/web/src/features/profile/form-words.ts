import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages } from '@pria/contracts';
import { i18n } from '../../app/i18n/i18n.ts';

/**
 * The validation words the customer's forms (profile, billing address, card) show from the shared
 * schemas of `@pria/contracts`, as messages of the customer catalog, keyed by the contracts'
 * English (form-words.test.ts holds them word for word, so the API's 400 and the form agree in
 * English). Words not listed (a length limit the field's maxLength already prevents) stay English.
 */
const formWords = new Map<string, MessageDescriptor>([
  [messages.firstNameRequired, msg`First name is required`],
  [messages.lastNameRequired, msg`Last name is required`],
  [messages.phoneRequired, msg`Phone number is required`],
  [messages.invalidPhone, msg`Invalid Phone Number. Valid number format is 2025550104`],
  [messages.postalCodeRequired, msg`Postal Code is required`],
  [messages.invalidPostalCode, msg`Invalid postal code`],
  [messages.streetRequired, msg`Street is required`],
  [messages.cityRequired, msg`City is required`],
  [messages.stateRequired, msg`State is required`],
  [messages.invalidState, msg`Invalid state`],
  [messages.postalCodeStateMismatch, msg`ZIP code does not match the state`],
  [messages.cardNumberRequired, msg`Card Number is required`],
  [messages.invalidCardNumber, msg`Invalid card number`],
  [messages.expiryRequired, msg`Expiry Date is required`],
  [messages.invalidDateFormat, msg`Invalid date format`],
  [messages.invalidDate, msg`Invalid Date`],
  [messages.cvcRequired, msg`CVC is required`],
  [messages.invalidCvc, msg`Invalid CVC`],
  [messages.cardBrandRequired, msg`Card brand is required`],
  [messages.cardNameRequired, msg`Name on card is required`],
  [messages.cardBrandNotAccepted, msg`Only Visa and Mastercard cards are accepted`],
]);

/** A form's errors (field → the contracts' words) in the language the app speaks now. */
export function formErrorsInLanguage(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => {
      const descriptor = formWords.get(text);
      return [field, descriptor ? i18n._(descriptor) : text];
    }),
  );
}

/** Every English text listed, for the test that holds them to the contracts' words. */
export const formWordDescriptors = formWords;
