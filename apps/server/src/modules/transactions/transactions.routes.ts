import { activityPage as activityPageView } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock } from '../../platform/clock.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import { requestLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { currentCustomer } from '../customers/index.ts';
import { activityPage, activityQuery } from './activity-page.ts';

export async function transactionRoutes(app: FastifyInstance, { db, clock = systemClock }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/transactions',
    {
      config: access.user,
      schema: {
        tags: ['transactions'],
        summary: "The caller's activity, newest first (default window: the last 180 days)",
        description:
          "Each row's description, state and remarks are in the caller's language (the account's choice, else the pria_lang cookie, else Accept-Language, else English); plan names are in that language too, amounts are US dollars.",
        querystring: activityQuery,
        response: respond(activityPageView),
      },
    },
    async (req, reply) => {
      const customer = await currentCustomer(db, principalOf(req));
      const reader = { customer: requestLanguage(req.headers, customer.language) };
      return send(varyByLanguage(reply), await activityPage(db, customer.id, req.query, clock.now(), reader));
    },
  );
}
