import {
  type CardView,
  cardFormSchema,
  detectBrand,
  groupCardNumber,
  isAcceptedBrand,
  messages,
  parseExpiry,
} from '@pria/contracts';
import { z } from 'zod';
import { type AddressValues, emptyAddress, toAddressValues } from '../geography/address.ts';
import { expiryOf, maskedNumber } from './card-display.ts';

export interface CardFormState {
  name: string;
  number: string;
  brand: string;
  expirationDate: string;
  cvc: string;
  address: AddressValues;
}

export const emptyCardForm: CardFormState = {
  name: '',
  number: '',
  brand: '',
  expirationDate: '',
  cvc: '',
  address: emptyAddress,
};

/** The fields of the first step (card details); the second step is the billing address. */
export const cardDetailFields = ['name', 'number', 'brand', 'expirationDate', 'cvc'] as const;

/** Digits only, grouped in fours as people read card numbers. */
export const formatCardNumber = (raw: string) => groupCardNumber(raw);

/**
 * MM/YY: digits and one slash, at most 5 characters; the slash is inserted after the month
 * while typing forward (deleting it is left alone).
 */
export function formatExpiry(raw: string, previous: string): string {
  let value = raw.replace(/[^\d/]/g, '');
  const typingForward = value.length > previous.length;
  if (typingForward && /^\d{2}$/.test(value)) value = `${value}/`;
  if (/^\d{3,4}$/.test(value)) value = `${value.slice(0, 2)}/${value.slice(2)}`;
  return value.slice(0, 5);
}

export const formatCvc = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

/** Add mode: the shared card schema plus "Visa or Mastercard only", with the spec's words. */
export function newCardSchema(now = new Date()) {
  return cardFormSchema(now).superRefine((values, ctx) => {
    const detected = detectBrand(values.number);
    if (values.number.replace(/\s/g, '').length >= 13 && detected && !isAcceptedBrand(detected)) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: messages.cardBrandNotAccepted });
    }
  });
}

/**
 * Add mode with Microform: number and CVC are in CyberSource's hosted fields (checked through
 * the fields' own state, see hostedFieldErrors); the rest as in newCardSchema.
 */
export function hostedCardSchema(now = new Date()) {
  return cardFormSchema(now).omit({ number: true, cvc: true, brand: true });
}

/** Edit mode: only the expiry and the billing address can change. */
export function editCardSchema(now = new Date()) {
  return z.object({
    expirationDate: cardFormSchema(now).shape.expirationDate,
    address: cardFormSchema(now).shape.address,
  });
}

/** The form for an existing card: number and CVC masked, the rest as stored. */
export function cardToForm(card: CardView): CardFormState {
  return {
    name: card.name,
    number: maskedNumber(card.lastFour),
    brand: card.brand,
    expirationDate: expiryOf(card),
    cvc: '***',
    address: toAddressValues(card.address),
  };
}

export function addressPayload(address: AddressValues) {
  return {
    address1: address.address1.trim(),
    address2: address.address2.trim() || null,
    locality: address.locality.trim(),
    administrativeArea: address.administrativeArea,
    country: 'US' as const,
    postalCode: address.postalCode.trim(),
  };
}

export function expiryPayload(expirationDate: string) {
  return parseExpiry(expirationDate);
}

/** Keeps `brand` in step with the number as it is typed. */
export function brandFor(number: string): string {
  return detectBrand(number) ?? '';
}
