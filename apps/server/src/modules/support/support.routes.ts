import { contactUsRequest, feedbackRequest, messages, supportRequest } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import type { RateLimitKey } from '../../platform/rate-limits.ts';
import { respondMessage } from '../../platform/responses.ts';
import { submitContactMessage } from './submit-contact-message.ts';
import { submitFeedback, submitSupportMessage } from './submit-support-message.ts';

/**
 * 5 messages a minute: per client address for the public form, per account for a signed-in
 * customer (whatever address they write from), and both for feedback, which may come either way.
 */
const limit = (key: RateLimitKey) => ({ rateLimit: { max: 5, timeWindow: '1 minute', key } as const });

export async function supportRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/support/contact-us',
    {
      config: { ...access.public, ...limit('ip') },
      schema: {
        tags: ['support'],
        summary: 'A message from the public contact form (5 a minute per address)',
        body: contactUsRequest,
        response: respondMessage(),
      },
    },
    async (req, reply) => {
      await submitContactMessage(db, config, req.body);
      return send(reply, null, messages.messageSent);
    },
  );

  api.post(
    '/support',
    {
      config: { ...access.user, ...limit('account') },
      schema: {
        tags: ['support'],
        summary: "A signed-in customer's support message (the email is the account's)",
        body: supportRequest,
        response: respondMessage(),
      },
    },
    async (req, reply) => {
      await submitSupportMessage(db, config, principalOf(req), req.body);
      return send(reply, null, messages.messageSent);
    },
  );

  api.post(
    '/support/feedback',
    {
      config: { ...access.optional, ...limit('ip+account') },
      schema: {
        tags: ['support'],
        summary: 'A star rating (1-5) with an optional message; signed in or not',
        body: feedbackRequest,
        response: respondMessage(),
      },
    },
    async (req, reply) => {
      await submitFeedback(db, config, req.principal, req.body);
      return send(reply, null, messages.feedbackSubmitted);
    },
  );
}
