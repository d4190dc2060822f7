import { z } from 'zod';
import { messages } from './messages.ts';

export { ONBOARDING_COMPLETE_INDEX } from './onboarding-steps.ts';
// The profile's schemas the browser runs too, in zod's mini API (zod-mini.ts).
export * from './profile-update.ts';
export const onboardingIndexQuery = z.object({
  index: z
    .string({ error: 'index must be a number from 0 to 4' })
    .regex(/^[0-4]$/, 'index must be a number from 0 to 4')
    .transform(Number)
    .meta({ type: 'integer', enum: [0, 1, 2, 3, 4] }),
  /** From the plan step: the plan chosen, kept for the checkout step (a reload must not lose it). */
  plan: z.string().trim().min(1, messages.unknownPlan).max(100, messages.unknownPlan).optional(),
});
