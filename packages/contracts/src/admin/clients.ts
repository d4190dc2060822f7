import { z } from 'zod';
import { subscriptionStatuses } from '../customers.ts';
import { tooLong } from '../text-limits.ts';
import { adminMessages, order, page, pageOf, pageSize } from './shared.ts';

export { encodeFilter } from './filter-encoding.ts';

export const customerSortFields = ['id', 'createdAt', 'email', 'firstName', 'lastName', 'phone'] as const;
export type CustomerSortField = (typeof customerSortFields)[number];

/**
 * The decoded `filter` of the client list: column -> value, each matched as a case-insensitive
 * substring ('phone' and 'postalCode' compare digits only). `deleted`: false (default) lists
 * active customers, true only deleted ones, 'any' both.
 */
/** A subscription's state as staff read it (cancelled and paused are active until their end). */
export const subscriptionStates = [
  'active',
  'paused',
  'cancelled',
  'inactive',
  'pending_verification',
  'none',
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/** A search filter's text, too long said in words (tooLong). */
const filterText = (label: string, max: number) => z.string().max(max, tooLong(label, max));

export const customerFilter = z
  .object({
    id: filterText('Id', 100).optional(),
    email: filterText('Email', 100).optional(),
    firstName: filterText('First name', 100).optional(),
    middleName: filterText('Middle name', 100).optional(),
    lastName: filterText('Last name', 100).optional(),
    phone: z.union([z.string(), z.number()]).transform(String).pipe(filterText('Phone', 100)).optional(),
    postalCode: z
      .union([z.string(), z.number()])
      .transform(String)
      .pipe(filterText('ZIP code', 20))
      .optional(),
    administrativeArea: filterText('State', 100).optional(),
    deleted: z.union([z.boolean(), z.literal('any')]).optional(),
    /** The subscription's state: active, paused, cancelled, inactive, pending_verification, none. */
    subscription: z
      .enum(subscriptionStates, { error: `subscription must be one of ${subscriptionStates.join(', ')}` })
      .optional(),
  })
  .strict();
export type CustomerFilter = z.infer<typeof customerFilter>;

function decodeFilter(text: string): unknown {
  const normal = text.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normal)) throw new Error('not base64');
  const binary = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

/** `filter=` decoded safely: anything that is not base64 of a known JSON object is 'Invalid filter'. */
export const base64CustomerFilter = z
  .string()
  .max(2000, adminMessages.invalidFilter)
  .transform((text, ctx) => {
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = decodeFilter(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: adminMessages.invalidFilter });
      return z.NEVER;
    }
    const parsed = customerFilter.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: adminMessages.invalidFilter });
      return z.NEVER;
    }
    return parsed.data;
  });

/** How the client list's `filter` is written, for /api/docs. */
const filterDescription =
  'Base64 (standard or URL-safe) of a JSON object {column: value}. Columns id, email, firstName, middleName, lastName, administrativeArea, phone, postalCode match a case-insensitive part (phone and postalCode by digits); deleted: false (default, active customers), true (deleted only) or "any"; subscription: active, paused, cancelled, inactive, pending_verification or none. Anything else is 400 "Invalid filter". Example: eyJlbWFpbCI6ImFubiJ9 is {"email":"ann"}.';

/** The `filter` parameter: its grammar, machine-readable (JSON Schema contentEncoding/contentSchema). */
export const filterParam = () =>
  base64CustomerFilter.optional().meta({
    type: 'string',
    maxLength: 2000,
    contentEncoding: 'base64',
    contentMediaType: 'application/json',
    contentSchema: z.toJSONSchema(customerFilter, { io: 'input', target: 'draft-2020-12' }),
    description: filterDescription,
  });

export const customerListQuery = z.object({
  sort: z
    .enum(customerSortFields, { error: `sort must be one of ${customerSortFields.join(', ')}` })
    .default('id'),
  order,
  page,
  limit: pageSize,
  search: z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().max(100, 'search is at most 100 characters'))
    .optional()
    .meta({ description: 'A part of the id, email, name or phone' }),
  filter: filterParam(),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const adminAddress = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  locality: z.string().nullable(),
  administrativeArea: z.string().nullable(),
  country: z.string(),
  postalCode: z.string().nullable(),
});

export const adminCustomerRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  address: adminAddress,
  onBoardingIndex: z.number(),
  /** Set when the customer deleted their account (only listed with filter deleted: true | 'any'). */
  deletedAt: z.string().nullable(),
  subscription: z
    .object({
      id: z.string(),
      plan: z.object({ id: z.string(), name: z.string() }),
      status: z.enum(subscriptionStatuses),
      /** active, paused, cancelled, inactive or pending_verification. */
      state: z.enum(subscriptionStates),
      expiresAt: z.number().nullable(),
      card: z.object({ id: z.string() }).nullable(),
    })
    .nullable(),
});
export type AdminCustomerRow = z.infer<typeof adminCustomerRow>;
export const customerListPage = pageOf(adminCustomerRow);
