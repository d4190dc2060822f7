/**
 * Money is integer cents everywhere. A float never holds an amount: $0.1 + $0.2 is not $0.3 in
 * binary floating point, and a fintech that is off by a cent is wrong. Formatting to "$3.00"
 * happens at the edge only.
 */
export type Cents = number & { readonly __brand: 'Cents' };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of cents: ${value}`);
  return value as Cents;
}

/** Tax is kept in basis points (8.25% = 825) so it stays an integer too. */
export function totalWithTax(price: Cents, taxBasisPoints: number): Cents {
  // Round half away from zero to the cent, like a till.
  return cents(Math.round((price * (10_000 + taxBasisPoints)) / 10_000));
}

/**
 * The tax part of a plan's total: the total (price plus the plan's tax percentage, rounded to the
 * cent) less the price, so price + tax is the total to the cent on every screen and receipt.
 */
export function taxOf(price: Cents, taxBasisPoints: number): Cents {
  return cents(totalWithTax(price, taxBasisPoints) - price);
}

export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}

export function formatUsd(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  // Thousands separated by hand: toLocaleString's first call sets up ICU number formatting, a
  // noticeable pause on a slow phone for the first amount a page shows.
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The monthly Charge & Pay amount per card: $3. */
export const MONTHLY_CHARGE: Cents = cents(300);
/**
 * The card limit (issue 40). The spec's "Up to 3 cards per subscription" counts the cards in
 * Charge & Pay (charged the monthly $3); its "4 shown with the toggle" leaves room for one more,
 * a card that only pays for the plan. Held by the database too (migration 0106, tied by a test).
 */
export const MAX_CARDS = 3;
/** Every active card, the one that only pays for the plan included. */
export const MAX_CARDS_IN_ALL = MAX_CARDS + 1;

/**
 * Whether a card in Charge & Pay or not (`adding.chargeAndPay`) fits beside the customer's active
 * cards, or an existing card may join Charge & Pay (`active` then leaves it out): the one rule
 * of the API, the card forms and the checkout.
 */
export function cardLimitAllows(
  active: { chargeAndPay: boolean }[],
  adding: { chargeAndPay: boolean },
): boolean {
  if (active.length >= MAX_CARDS_IN_ALL) return false;
  return !adding.chargeAndPay || active.filter((c) => c.chargeAndPay).length < MAX_CARDS;
}
