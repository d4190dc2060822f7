import { z } from 'zod';

// The rule and its words live apart from the request's schema (staff-plan-rule.ts), so the
// customer's subscription screen reads them without zod.
export * from './staff-plan-rule.ts';

/** The body of the staff plan actions: the plan the operator saw, so a stale page acts on nothing else. */
export const staffPlanActionRequest = z.strictObject({
  subscriptionId: z
    .uuid({ error: 'subscriptionId must be the id of the client’s subscription' })
    .describe("The client's subscription, as GET /customers/{id} shows it"),
});
export type StaffPlanActionRequest = z.infer<typeof staffPlanActionRequest>;
