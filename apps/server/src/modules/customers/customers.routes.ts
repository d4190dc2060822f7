import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../index.ts';
import { getCustomer } from './get-customer.ts';

export async function customerRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customers/:id',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary: "A customer's record ('me' for the caller); others' need customer:get",
        params: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (req, reply) => send(reply, await getCustomer(db, principalOf(req), req.params.id)),
  );
}
