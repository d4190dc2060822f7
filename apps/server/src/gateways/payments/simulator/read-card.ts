import { detectBrand, isAcceptedBrand, isExpiryPast, luhnValid, messages } from '@pria/contracts';
import { GatewayInvalidCard } from '../port.ts';

export interface CardData {
  number: string;
  cvc: string;
  brand: 'visa' | 'mastercard';
}

/**
 * What a processor checks before it even asks the issuer: the number passes Luhn, the brand
 * is one we accept (by number, not by what the form said), the expiry is not past, the CVC is
 * 3-4 digits. Each refusal says why in words the customer can act on.
 */
export function readCard(
  plaintext: string,
  expirationMonth: number,
  expirationYear: number,
  now: Date,
): CardData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    throw new GatewayInvalidCard('The card data could not be read');
  }
  const { number, cvc } = (parsed ?? {}) as { number?: unknown; cvc?: unknown };
  if (typeof number !== 'string' || typeof cvc !== 'string') {
    throw new GatewayInvalidCard('The card data could not be read');
  }
  const digits = number.replace(/\s/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits))
    throw new GatewayInvalidCard(messages.invalidCardNumber);
  const brand = detectBrand(digits);
  if (!isAcceptedBrand(brand)) throw new GatewayInvalidCard(messages.cardBrandNotAccepted);
  if (!/^\d{3,4}$/.test(cvc)) throw new GatewayInvalidCard(messages.invalidCvc);
  if (
    !Number.isInteger(expirationMonth) ||
    expirationMonth < 1 ||
    expirationMonth > 12 ||
    isExpiryPast(expirationMonth, expirationYear, now)
  ) {
    throw new GatewayInvalidCard('The card has expired');
  }
  return { number: digits, cvc, brand };
}
