import { z } from 'zod';
import { profileAddress } from './address.ts';
import { messages } from './messages.ts';
import { limitedText, requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';

const optionalText = (label: string, max: number) =>
  z
    .union([limitedText(label, max), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

export const phoneField = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .regex(/^\d+$/, messages.invalidPhone)
  .length(10, messages.invalidPhone)
  .meta({ pattern: '^\\d{10}$', description: '10 digits, US (shown with +1)' });

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

export const onboardingProfileUpdate = profileUpdate.superRefine((p, ctx) => {
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
});

export { ONBOARDING_COMPLETE_INDEX } from './onboarding-steps.ts';
export const onboardingIndexQuery = z.object({
  index: z
    .string({ error: 'index must be a number from 0 to 4' })
    .regex(/^[0-4]$/, 'index must be a number from 0 to 4')
    .transform(Number)
    .meta({ type: 'integer', enum: [0, 1, 2, 3, 4] }),
  /** From the plan step: the plan chosen, kept for the checkout step (a reload must not lose it). */
  plan: z.string().trim().min(1, messages.unknownPlan).max(100, messages.unknownPlan).optional(),
});
