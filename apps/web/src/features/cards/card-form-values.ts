import {
  type AdministrativeAreaCode,
  type CardView,
  detectBrand,
  groupCardNumber,
  parseExpiry,
  textLimits,
} from '@pria/contracts';
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

/**
 * A new card's "Name on card" starts as the profile's name only when that fits the field: a longer
 * one opened the step with an error and no Add Card button (issue 40); then the field starts empty.
 */
export const prefilledCardName = (profileName: string) => {
  const name = profileName.trim();
  return name.length <= textLimits.cardName ? name : '';
};

/** The fields of the first step (card details); the second step is the billing address. */
export const cardDetailFields = ['name', 'number', 'brand', 'expirationDate', 'cvc'] as const;

/** Digits only, grouped in fours as people read card numbers. */
export const formatCardNumber = (raw: string) => groupCardNumber(raw);

/**
 * MM/YY as printed on the card, however it arrives: typed with or without the slash ("1", "2",
 * "/", "3", "0" gives "12/30", not "12//3": issue 40), or pasted as "12/30", "1230", "12 / 30"
 * or "12/2030". The slash follows the month while typing forward; deleting it is left alone.
 */
export function formatExpiry(raw: string, previous: string): string {
  const typingForward = raw.length > previous.length;
  // "1/" is January: the month gets its leading zero.
  const shortMonth = /^\s*(\d)\s*\//.exec(raw);
  let digits = raw.replace(/\D/g, '');
  if (shortMonth) digits = `0${digits}`;
  // A four-digit year ("12/2030", "122030"): its last two digits.
  if (digits.length === 6 && digits.slice(2, 4) === '20') digits = `${digits.slice(0, 2)}${digits.slice(4)}`;
  digits = digits.slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && (typingForward || raw.includes('/'))) return `${digits}/`;
  return digits;
}

export const formatCvc = (raw: string) => raw.replace(/\D/g, '').slice(0, 4);

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
    // The form holds the select's string; the server refuses one that is not a state, with its words.
    administrativeArea: address.administrativeArea as AdministrativeAreaCode,
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
