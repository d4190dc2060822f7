import { planView } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, principalOf, send } from '../../platform/http.ts';
import { callerLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { planViewIn, toPlanView } from './plan-view.ts';
import { listActivePlans } from './plans.repo.ts';

export async function plansRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  app.get(
    '/plans',
    {
      config: access.user,
      schema: {
        tags: ['plans'],
        summary: 'Plans a customer can subscribe to (the last one is the one onboarding preselects)',
        description:
          "Each plan's name is in the caller's language (the account's choice, else the pria_lang cookie, else Accept-Language, else English); ids never change.",
        response: respond(z.array(planView)),
      },
    },
    async (req, reply) => {
      const language = await callerLanguage(db, principalOf(req), req.headers);
      const plans = (await listActivePlans(db)).map((p) => planViewIn(toPlanView(p), language));
      return send(varyByLanguage(reply), plans);
    },
  );
}
