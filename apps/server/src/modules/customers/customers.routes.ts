import {
  customerRecord,
  customerView,
  languageUpdate,
  messages,
  onboardingIndexQuery,
  profileUpdate,
  type SubscriptionView,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, principalOf, send, sendKept } from '../../platform/http.ts';
import { requestLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { subscriptionViewIn } from '../plans/index.ts';
import { type CustomerRecordParts, getCustomer, type OwnRecord } from './get-customer.ts';
import { RecordCache } from './record-cache.ts';
import { saveOnboardingStep } from './save-onboarding-step.ts';
import { setLanguage } from './set-language.ts';
import { updateProfile } from './update-profile.ts';

/** A customer id, or 'me' for the caller's own record. */
const notAnId = "id must be a customer id or 'me'";
const idParams = z.object({
  id: z
    .union([z.literal('me', { error: notAnId }), z.uuid({ error: notAnId })], { error: notAnId })
    .describe("A customer id, or 'me' for the caller"),
});

export async function customerRoutes(
  app: FastifyInstance,
  { db, record }: ModuleDeps & { record: CustomerRecordParts },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The records this app has answered, served again while unchanged (ADR 78).
  const records = new RecordCache<OwnRecord>();

  api.get(
    '/customers/:id',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary: "A customer's record ('me' for the caller); others' need customer:get",
        description:
          "Someone else's id without customer:get is 403 whether or not it exists, so ids cannot be probed.",
        params: idParams,
        response: respond(customerRecord, { errors: [403, 404] }),
      },
    },
    async (req, reply) => {
      const found = await getCustomer(db, record, principalOf(req), req.params.id, records);
      if (req.params.id !== 'me') return send(reply, found);
      // The caller's own record: its plans named in their language (ADR 74); staff read others' in
      // English. A kept record's body is serialized once per language and sent again (ADR 78).
      const language = requestLanguage(req.headers, found.language);
      const { subscription } = found;
      return sendKept(varyByLanguage(reply), found, language, () =>
        subscription
          ? { ...found, subscription: subscriptionViewIn(subscription as SubscriptionView, language) }
          : found,
      );
    },
  );

  api.put(
    '/customers/:id',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary: "Update the caller's profile (email is read-only; country is US)",
        description:
          'With onboarding=true, street, city and state are required too ("Street is required", ...). Someone else\'s id is 403.',
        params: idParams,
        querystring: z.object({
          onboarding: z
            .enum(['true', 'false'], { error: 'onboarding must be true or false' })
            .optional()
            .describe('true during onboarding: street, city and state are then required'),
        }),
        body: profileUpdate,
        response: respond(customerView, { errors: [403] }),
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
    '/customers/:id/language',
    {
      config: access.user,
      schema: {
        tags: ['customers'],
        summary: "Choose the language Pria speaks to the caller: en or es ('me' for the caller)",
        description:
          "Kept on the account: every email, SMS, push message and page uses it from then on. Someone else's id is 403.",
        params: idParams,
        body: languageUpdate,
        response: respond(customerView, { errors: [403] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await setLanguage(db, principalOf(req), req.params.id, req.body),
        messages.updatedSuccessfully,
      ),
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
        response: respond(customerView),
      },
    },
    async (req, reply) =>
      send(reply, await saveOnboardingStep(db, principalOf(req), req.query), messages.updatedSuccessfully),
  );
}
