import type { AnyCardBrand } from './card-brands.ts';

/**
 * A card number's and expiry's plain helpers, without zod: the card forms format and read what is
 * typed with them on their first screen, and load the schemas (cards.ts) only to check it.
 */

/** The Luhn check digit test every card number passes; non-digits (spaces) are ignored. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand a number belongs to by its leading digits (IIN ranges); undefined when unknown. */
export function detectBrand(number: string): AnyCardBrand | undefined {
  const n = number.replace(/\s/g, '');
  if (/^4/.test(n)) return 'visa';
  const two = Number(n.slice(0, 2));
  const four = Number(n.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'american express';
  if (/^(6011|65|64[4-9])/.test(n)) return 'discover';
  if (four >= 3528 && four <= 3589) return 'jcb';
  return undefined;
}

/** A card expiring in month/year is usable until the end of that month. */
export function isExpiryPast(month: number, year: number, now: Date = new Date()): boolean {
  const nowYear = now.getFullYear();
  const nowMonth = now.getMonth() + 1;
  return year < nowYear || (year === nowYear && month < nowMonth);
}

/** "4111111111111111" -> "4111 1111 1111 1111", as the form shows it while typing. */
export const groupCardNumber = (digits: string) =>
  digits
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "MM/YY" -> { expirationMonth, expirationYear (4 digits) } for the payload. */
export function parseExpiry(mmYY: string): { expirationMonth: number; expirationYear: number } {
  const [mm = 0, yy = 0] = mmYY.split('/').map(Number);
  return { expirationMonth: mm, expirationYear: 2000 + yy };
}
