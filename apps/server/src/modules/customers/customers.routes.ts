import { messages, onboardingIndexQuery } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { type CustomerRecordParts, getCustomer } from './get-customer.ts';
import { saveOnboardingStep } from './save-onboarding-step.ts';
import { updateProfile } from './update-profile.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export async function customerRoutes(
  app: FastifyInstance,
  { db, record }: ModuleDeps & { record: CustomerRecordParts },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customers/:id',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary: "A customer's record ('me' for the caller); others' need customer:get",
        params: idParams,
      },
    },
    async (req, reply) => send(reply, await getCustomer(db, record, principalOf(req), req.params.id)),
  );

  api.put(
    '/customers/:id',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary: "Update the caller's profile (email is read-only; country is US)",
        params: idParams,
        querystring: z.object({ onboarding: z.enum(['true', 'false']).optional() }),
        // Validated in the use case, so onboarding can require more fields with the spec's words.
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const view = await updateProfile(db, principalOf(req), req.params.id, req.body, {
        onboarding: req.query.onboarding === 'true',
      });
      return send(reply, view, messages.updatedSuccessfully);
    },
  );

  api.put(
    '/setting/onboarding-index',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary:
          "Save the caller's onboarding step (0 profile, 1 cards, 2 plan, 3 checkout, 4 done) and, from the plan step, the plan chosen (`plan`)",
        querystring: onboardingIndexQuery,
      },
    },
    async (req, reply) =>
      send(reply, await saveOnboardingStep(db, principalOf(req), req.query), messages.updatedSuccessfully),
  );
}
