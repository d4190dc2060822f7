/** The spec's brand codes (customer-app §3). Only Visa and Mastercard can be registered. */
export const brandCodes = {
  visa: '001',
  mastercard: '002',
  'american express': '003',
  discover: '004',
  jcb: '007',
} as const;
export type AnyCardBrand = keyof typeof brandCodes;
export type BrandCode = (typeof brandCodes)[AnyCardBrand];

export const acceptedBrands = ['visa', 'mastercard'] as const;
export type CardBrand = (typeof acceptedBrands)[number];

export const brandDisplayNames: Record<AnyCardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  'american express': 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
};

/** A card as people read it: "Visa •••• 1111" (an unknown brand as it was given). */
export const cardName = (c: { brand: string; lastFour: string }): string =>
  `${brandDisplayNames[c.brand as AnyCardBrand] ?? c.brand} •••• ${c.lastFour}`;

/** Accepts a brand code ('001') or a brand name ('visa', 'Visa'); undefined when unknown. */
export function brandFromInput(value: string): AnyCardBrand | undefined {
  const v = value.trim().toLowerCase();
  for (const [name, code] of Object.entries(brandCodes)) {
    if (v === code || v === name) return name as AnyCardBrand;
  }
  return undefined;
}

export const isAcceptedBrand = (brand: string | undefined): brand is CardBrand =>
  brand === 'visa' || brand === 'mastercard';
