import { messages } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import { systemClock } from '../../platform/clock.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../index.ts';
import { getOwnSubscription } from './get-subscription.ts';
import { subscribe } from './subscribe.ts';
import { changeSubscription } from './update-subscription.ts';

const ref = z.string().trim().max(100);

export async function subscriptionRoutes(
  app: FastifyInstance,
  deps: ModuleDeps & { payments: PaymentGateway },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const useCase = {
    db: deps.db,
    payments: deps.payments,
    clock: deps.clock ?? systemClock,
    publicUrl: deps.config.publicUrl,
  };

  api.post(
    '/subscriptions',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Checkout: subscribe to a plan and pay the first period on a registered card',
        body: z.object({ plan: ref.min(1, messages.unknownPlan), card: ref.nullish() }),
      },
    },
    async (req, reply) =>
      send(reply, await subscribe(useCase, principalOf(req), req.body), messages.updatedSubscription),
  );

  api.get(
    '/subscriptions/me',
    {
      config: access.user,
      schema: { tags: ['subscriptions'], summary: "The caller's subscription, or null" },
    },
    async (req, reply) =>
      send(
        reply,
        await getOwnSubscription(deps.db, deps.payments, principalOf(req), deps.config.billing.lookupLagMs),
      ),
  );

  api.put(
    '/subscriptions/:id',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Change plan or funding card, pause (isEnabled false) or resume',
        params: z.object({ id: z.uuid({ error: messages.subscriptionNotFound }) }),
        body: z.object({ plan: ref.optional(), card: ref.nullish(), isEnabled: z.boolean().optional() }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await changeSubscription(useCase, principalOf(req), req.params.id, req.body),
        messages.updatedSubscription,
      ),
  );
}
