import { z } from 'zod';
import { messages } from './messages.ts';
import { limitedText, requiredText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';

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

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }))
  .meta({ type: 'string', format: 'email', minLength: 1, maxLength: 254 });

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

export const feedbackRequest = z.object({
  star: z.coerce
    .number({ error: messages.starRequired })
    .int(messages.starRequired)
    .min(1, messages.starRequired)
    .max(5, messages.starRequired),
  message: limitedText('Message', textLimits.message).optional().default(''),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;
