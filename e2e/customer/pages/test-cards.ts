/** The payment simulator's documented test cards (apps/server/src/gateways/payments/simulator/README.md). */
export const testCards = {
  visa: '4111 1111 1111 1111',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  requiresAuthentication: '4000 0027 6000 3184',
} as const;

/** A future expiry as MM/YY (the form inserts the slash itself). */
export function futureExpiry(yearsAhead = 3): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}${String((d.getFullYear() + yearsAhead) % 100).padStart(2, '0')}`;
}

export const profile = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '2025550104',
  street: '350 Fifth Avenue',
  city: 'New York',
  zip: '10118',
  stateName: 'New York',
} as const;
