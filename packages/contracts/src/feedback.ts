import { z } from 'zod';
import { messages } from './messages.ts';
import { limitedText } from './text-fields.ts';
import { textLimits } from './text-limits.ts';

/** POST /support/feedback. Only the server checks it (the feedback page sends a star and a message). */
export const feedbackRequest = z.object({
  star: z.coerce
    .number({ error: messages.starRequired })
    .int(messages.starRequired)
    .min(1, messages.starRequired)
    .max(5, messages.starRequired),
  message: z.optional(limitedText('Message', textLimits.message)).default(''),
});
export type FeedbackRequest = z.infer<typeof feedbackRequest>;
