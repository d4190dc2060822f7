import { z } from 'zod';
import { messages } from './messages.ts';

export const contactTopics = ['Adding or Removing cards', 'Billing and Plans', 'Security', 'Suggestions'] as const;
export const supportTopics = ['Adding or Removing Cards', 'Billing and Plans', 'Security', 'Notifications'] as const;

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(254, messages.invalidEmail)
  .pipe(z.email({ error: messages.invalidEmail }));

export const contactUsRequest = z.object({
  email: emailField,
  type: z.string({ error: messages.topicRequired }).trim().min(1, messages.topicRequired).max(100),
  message: z.string({ error: messages.messageRequired }).trim().min(1, messages.messageRequired).max(5000),
});
export type ContactUsRequest = z.infer<typeof contactUsRequest>;
