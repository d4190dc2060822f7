import * as z from 'zod/mini';
import { messages } from './messages.ts';
import { requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';
import { withMeta } from './zod-mini.ts';

// zod's mini API (zod-mini.ts): the contact form and the support modal check with these in the
// browser. The feedback's schema, which only the server runs, is in feedback.ts.

export const contactTopics = [
  'Adding or Removing cards',
  'Billing and Plans',
  'Security',
  'Suggestions',
] as const;
export const supportTopics = [
  'Adding or Removing Cards',
  'Billing and Plans',
  'Security',
  'Notifications',
] as const;

export const emailField = withMeta(
  z.pipe(
    z
      .string({ error: messages.emailRequired })
      .check(z.trim(), z.minLength(1, messages.emailRequired), z.maxLength(254, messages.invalidEmail)),
    z.email({ error: messages.invalidEmail }),
  ),
  { type: 'string', format: 'email', minLength: 1, maxLength: 254 },
);

export const contactUsRequest = z.object({
  email: emailField,
  type: requiredText('Topic', textLimits.topic, messages.topicRequired),
  message: requiredText('Message', textLimits.message, messages.messageRequired),
});
export type ContactUsRequest = z.infer<typeof contactUsRequest>;

/** The signed-in support modal: the email comes from the account, not the form. */
export const supportRequest = z.object({
  type: requiredText('Topic', textLimits.topic, messages.topicRequired),
  message: requiredText('Message', textLimits.message, messages.messageRequired),
});
export type SupportRequest = z.infer<typeof supportRequest>;
