import { contactUsRequest, messages } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../index.ts';
import { submitContactMessage } from './submit-contact-message.ts';

export async function supportRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/support/contact-us',
    {
      config: { ...access.public, rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: ['support'], summary: 'A message from the public contact form', body: contactUsRequest },
    },
    async (req, reply) => {
      await submitContactMessage(db, config, req.body);
      return send(reply, null, messages.messageSent);
    },
  );
}
