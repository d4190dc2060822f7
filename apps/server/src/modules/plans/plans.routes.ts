import { planView } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { access, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { toPlanView } from './plan-view.ts';
import { listActivePlans } from './plans.repo.ts';

export async function plansRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  app.get(
    '/plans',
    {
      config: access.user,
      schema: {
        tags: ['plans'],
        summary: 'Plans a customer can subscribe to (the last one is the one onboarding preselects)',
        response: respond(z.array(planView)),
      },
    },
    async (_req, reply) => send(reply, (await listActivePlans(db)).map(toPlanView)),
  );
}
