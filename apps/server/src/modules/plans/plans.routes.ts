import type { FastifyInstance } from 'fastify';
import { access, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { toPlanView } from './plan-view.ts';
import { listActivePlans } from './plans.repo.ts';

export async function plansRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  app.get(
    '/plans',
    { config: access.user, schema: { tags: ['plans'], summary: 'Plans a customer can subscribe to' } },
    async (_req, reply) => send(reply, (await listActivePlans(db)).map(toPlanView)),
  );
}
