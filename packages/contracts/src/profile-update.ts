import * as z from 'zod/mini';
import { profileAddress } from './address.ts';
import { messages } from './messages.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';
import { withMeta } from './zod-mini.ts';

// zod's mini API (zod-mini.ts): the profile form checks with these in the browser.

export const phoneField = withMeta(
  z
    .string({ error: messages.phoneRequired })
    .check(
      z.trim(),
      z.minLength(1, messages.phoneRequired),
      z.regex(/^\d+$/, messages.invalidPhone),
      z.length(10, messages.invalidPhone),
    ),
  { pattern: '^\\d{10}$', description: '10 digits, US (shown with +1)' },
);

/**
 * PUT /customers/{id}. Email is not editable: an email in the payload is dropped (zod strips
 * unknown keys). In onboarding, street, city and state are required too.
 */
export const profileUpdate = z.object({
  firstName: requiredText('First name', textLimits.name, messages.firstNameRequired),
  middleName: optionalText('Middle name', textLimits.name),
  lastName: requiredText('Last name', textLimits.name, messages.lastNameRequired),
  phone: phoneField,
  address: profileAddress,
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const onboardingProfileUpdate = profileUpdate.check(
  z.superRefine((p, ctx) => {
    if (!p.address.address1)
      ctx.addIssue({ code: 'custom', path: ['address', 'address1'], message: messages.streetRequired });
    if (!p.address.locality)
      ctx.addIssue({ code: 'custom', path: ['address', 'locality'], message: messages.cityRequired });
    if (!p.address.administrativeArea)
      ctx.addIssue({
        code: 'custom',
        path: ['address', 'administrativeArea'],
        message: messages.stateRequired,
      });
  }),
);
