import { z } from 'zod';
import { type BillingAddress, billingAddress } from './address.ts';
import { acceptedBrands, brandFromInput, isAcceptedBrand } from './card-brands.ts';
import { isExpiryPast } from './card-numbers.ts';
import { messages } from './messages.ts';
import { requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';

// Brand names and codes, and the card number's and expiry's plain helpers, live apart from the
// schemas, so a screen that only shows a card or formats what is typed does not load zod.
export * from './card-brands.ts';
export * from './card-numbers.ts';

/** Billing address of a card: the one US address rule (address.ts), street, city and state required. */
export const cardAddress = billingAddress;
export type CardAddress = BillingAddress;

const expirationMonth = z.coerce
  .number({ error: messages.expiryRequired })
  .int(messages.invalidDate)
  .min(1, messages.invalidDate)
  .max(12, messages.invalidDate);
const expirationYear = z.coerce
  .number({ error: messages.expiryRequired })
  .int(messages.invalidDate)
  .min(2000, messages.invalidDate)
  .max(2099, messages.invalidDate);
const brandField = z
  .string({ error: messages.cardBrandRequired })
  .trim()
  .min(1, messages.cardBrandRequired)
  .max(40)
  .transform((v, ctx) => {
    const brand = brandFromInput(v);
    if (!isAcceptedBrand(brand)) {
      ctx.addIssue({ code: 'custom', message: messages.cardBrandNotAccepted });
      return z.NEVER;
    }
    return brand;
  });

const notPast = (c: { expirationMonth: number; expirationYear: number }, ctx: z.RefinementCtx) => {
  if (isExpiryPast(c.expirationMonth, c.expirationYear)) {
    ctx.addIssue({ code: 'custom', path: ['expirationMonth'], message: messages.invalidDate });
  }
};

/** A compact JWE (five base64url parts) or a compact JWS (three), as sent in `number`. */
const compactJwe = /^[\w-]+\.[\w-]*\.[\w-]+\.[\w-]+\.[\w-]+$/;
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Whether a compact token's first part is a JOSE header (base64url JSON naming its `alg`). */
function hasJoseHeader(token: string): boolean {
  try {
    const part = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/');
    const header: unknown = JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '=')));
    return (
      typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string'
    );
  } catch {
    return false;
  }
}

/**
 * A card as the processor's browser-side tooling hands it over, never the number itself: a
 * compact JWE of `{ number, cvc }` to the gateway's public key (the simulator), or the 3-part
 * JWS transient token CyberSource Microform issues after the customer typed the card into its
 * hosted fields. NOTE: the header check is what keeps "4111.1111.1111" out: a plaintext number
 * never decodes to a JOSE header.
 */
export const isCardToken = (value: string) =>
  (compactJwe.test(value) || compactJws.test(value)) && hasJoseHeader(value);

/**
 * POST /cards. NOTE: the spec's client AES-encrypts number and CVC separately with a random
 * IV sent as `randomBytes`. We follow the blueprint instead: the browser encrypts
 * `{ number, cvc }` together into ONE compact JWE to the payment gateway's public key (see
 * card-encryption.ts) and sends it as `number`; with CyberSource, `number` is the Microform
 * transient token (a JWS) and the CVC went to CyberSource with it. We never see either in
 * clear. `cvc` and `randomBytes` are still accepted for compatibility and ignored (never
 * stored or logged).
 */
export const newCardRequest = z
  .object({
    number: z
      .string({ error: messages.cardNumberRequired })
      .trim()
      .min(1, messages.cardNumberRequired)
      .max(4096, messages.invalidCardNumber)
      .refine(isCardToken, messages.invalidCardNumber),
    cvc: z.string().max(4096).optional(),
    randomBytes: z.string().max(256).optional(),
    expirationMonth,
    expirationYear,
    brand: brandField,
    isDefault: z.boolean().optional().default(false),
    /**
     * Charge & Pay: $3 charged each month and paid back. Omitted: true (every card registered on
     * the cards screens builds credit); checkout asks the customer and sends their answer.
     */
    chargeAndPay: z.boolean().optional().default(true),
    name: requiredText('Name on card', textLimits.cardName, messages.cardNameRequired),
    address: cardAddress,
  })
  .superRefine(notPast);
export type NewCardRequest = z.input<typeof newCardRequest>;
export type NewCard = z.output<typeof newCardRequest>;

/** PUT /cards/{cardId}: expiry and billing address only (number and brand cannot change). */
export const updateCardRequest = z
  .object({
    cardId: z
      .string()
      .optional()
      .describe("The path's cardId again (the card form sends it); any other value is refused (400)"),
    expirationMonth,
    expirationYear,
    brand: z
      .string()
      .max(40)
      .optional()
      .describe('Not read: a card keeps its brand (the card form sends it; a new brand is a new card)'),
    isDefault: z.boolean().optional(),
    /** Join (true) or leave (false) the monthly $3 Charge & Pay; omitted: unchanged. */
    chargeAndPay: z.boolean().optional(),
    address: cardAddress,
  })
  .superRefine(notPast);
export type UpdateCardRequest = z.input<typeof updateCardRequest>;
export type CardUpdate = z.output<typeof updateCardRequest>;

/** A card as the API returns it. `instrumentId` is the processor's token, not a card number. */
export const cardView = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.enum(acceptedBrands),
  brandCode: z.string(),
  lastFour: z.string(),
  expirationMonth: z.number(),
  expirationYear: z.number(),
  isDefault: z.boolean(),
  /** Charged $3 each month and paid back; false: the card only pays for the plan. */
  chargeAndPay: z.boolean(),
  instrumentId: z.string(),
  address: z.object({
    address1: z.string(),
    address2: z.string().nullable(),
    locality: z.string(),
    administrativeArea: z.string(),
    country: z.string(),
    postalCode: z.string(),
  }),
  createdAt: z.string(),
});
export type CardView = z.infer<typeof cardView>;

// The card form's schema, in zod's mini API (zod-mini.ts): the browser checks with it.
export * from './card-form.ts';
