import { progressView } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { getProgress } from './get-progress.ts';

export async function progressRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/progress',
    {
      config: access.user,
      schema: {
        tags: ['progress'],
        summary:
          "The caller's credit-building progress: each card's months, totals and run of on-time months",
        description:
          'Months newest first; states: paid_back, paying_back, processing, declined (with the reason), missed (ours), payback_returned, refunded, disputed. Amounts in cents.',
        response: respond(progressView),
      },
    },
    async (req, reply) => send(reply, await getProgress(db, principalOf(req))),
  );
}
