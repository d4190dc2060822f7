import {
  messages,
  ownSubscriptionView,
  planIds,
  type SubscriptionView,
  subscriptionChange,
  subscriptionOnly,
  upcomingSchedule as upcomingScheduleView,
} from '@pria/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentGateway } from '../../gateways/payments/port.ts';
import { systemClock } from '../../platform/clock.ts';
import { clientOf } from '../../platform/consents.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import { callerLanguage, varyByLanguage } from '../../platform/language.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import type { BillingDeps } from '../billing/index.ts';
import { subscriptionViewIn } from '../plans/index.ts';
import { cancelSubscription } from './cancel-subscription.ts';
import { checkPendingPayment } from './check-pending-payment.ts';
import { getOwnSubscription } from './get-subscription.ts';
import { keepSubscription } from './keep-subscription.ts';
import { subscribe } from './subscribe.ts';
import { upcomingSchedule } from './upcoming.ts';
import { changeSubscription } from './update-subscription.ts';

const subscriptionParams = z.object({ id: z.uuid({ error: messages.subscriptionNotFound }) });

const plan = z.enum(planIds, { error: messages.unknownPlan }).describe('The plan id (GET /plans)');
const notACard = 'card must be a card id';
/** Checkout pays on a card, so it is required there (the spec's "Please enter a funding card to subscribe"). */
const fundingCard = z
  .uuid({ error: (issue) => (issue.input == null ? messages.noFundingCard : notACard) })
  .describe("The card paying for the plan: one of the caller's cards (GET /cards)");
/** A change may leave the card as it is. */
const newFundingCard = z
  .uuid({ error: notACard })
  .nullish()
  .describe("One of the caller's cards (GET /cards); null or absent: keep the current one");

export async function subscriptionRoutes(
  app: FastifyInstance,
  deps: ModuleDeps & { payments: PaymentGateway; billing: BillingDeps },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The caller's language: the plans' names in these answers are theirs (ADR 74). */
  const languageOf = (req: FastifyRequest, reply: FastifyReply) => {
    varyByLanguage(reply);
    return callerLanguage(deps.db, principalOf(req), req.headers);
  };
  /** An answer carrying a subscription, its plans named in the caller's language. */
  const withPlansNamed = async <S extends SubscriptionView, T extends { subscription: S }>(
    req: FastifyRequest,
    reply: FastifyReply,
    r: T,
  ): Promise<T> => ({ ...r, subscription: subscriptionViewIn(r.subscription, await languageOf(req, reply)) });
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
        description:
          "A decline is 402 with the issuer's reason; a bank asking the customer to authenticate answers paymentSessionUrl (the subscription is pending_verification until done). 409 when already subscribed or a charge is in progress; 403 for a staff account (staff hold no plan of their own).",
        body: z.object({ plan, card: fundingCard }),
        response: respond(subscriptionChange, { errors: [402, 403, 404, 409, 502] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await withPlansNamed(req, reply, await subscribe(useCase, principalOf(req), req.body, clientOf(req))),
        messages.updatedSubscription,
      ),
  );

  api.get(
    '/subscriptions/me',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary: "The caller's subscription, or null",
        description:
          'Only reads: a plan charge waiting for an answer (the bank asked the customer to confirm it, or the processor has not answered) shows as pending_verification until the money engine settles it (every minute, or at once through POST /subscriptions/me/verification).',
        response: respond(ownSubscriptionView.nullable()),
      },
    },
    async (req, reply) => {
      const view = await getOwnSubscription(deps.db, principalOf(req));
      const language = await languageOf(req, reply);
      return send(reply, view && subscriptionViewIn(view, language));
    },
  );

  api.post(
    '/subscriptions/me/verification',
    {
      // Polled every few seconds by a screen waiting for the bank; each call asks the processor once.
      config: { ...access.user, rateLimit: { max: 60, timeWindow: '1 minute', key: 'account' } },
      schema: {
        tags: ['subscriptions'],
        summary: "Check the caller's plan charge waiting for the bank now, then answer the subscription",
        description:
          "For the customer back from the bank's verification page (3-D Secure) or watching the wait: the caller's own plan charge waiting for an answer goes through the money engine's settle step now (the one the worker runs every minute: looked up by its reference; a final answer recorded; one the processor never received sent again under the same reference within its hour, else missed). Nothing waiting: the subscription is only read. Answers it as GET /subscriptions/me does.",
        response: respond(ownSubscriptionView.nullable()),
      },
    },
    async (req, reply) => {
      const view = await checkPendingPayment(deps, principalOf(req));
      const language = await languageOf(req, reply);
      return send(reply, view && subscriptionViewIn(view, language));
    },
  );

  api.get(
    '/subscriptions/me/upcoming',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'What Pria will do next: the next $3 charge and its cards, its pay-back, the renewal or end date, expiring cards',
        response: respond(upcomingScheduleView),
      },
    },
    async (req, reply) => {
      const language = await languageOf(req, reply);
      return send(reply, await upcomingSchedule(deps.db, principalOf(req), useCase.clock.now(), language));
    },
  );

  api.post(
    '/subscriptions/:id/cancel',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Cancel online: no renewal; active until its end date ($3 charges continue and are paid back); emailed',
        params: subscriptionParams,
        response: respond(subscriptionOnly, { errors: [404, 409] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await withPlansNamed(req, reply, await cancelSubscription(useCase, principalOf(req), req.params.id)),
        messages.subscriptionCancelled,
      ),
  );

  api.post(
    '/subscriptions/:id/keep',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Resume after cancel ("Keep my subscription"): it renews as usual; only before its end date',
        params: subscriptionParams,
        response: respond(subscriptionOnly, { errors: [404, 409] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await withPlansNamed(req, reply, await keepSubscription(useCase, principalOf(req), req.params.id)),
        messages.subscriptionKept,
      ),
  );

  api.put(
    '/subscriptions/:id',
    {
      config: access.user,
      schema: {
        tags: ['subscriptions'],
        summary: 'Change plan or funding card, pause (isEnabled false) or resume',
        params: subscriptionParams,
        body: z.object({
          plan: plan.optional(),
          card: newFundingCard,
          isEnabled: z
            .boolean({ error: 'isEnabled must be true or false' })
            .optional()
            .describe('false pauses (no renewal, no $3 charges), true resumes'),
        }),
        response: respond(subscriptionChange, { errors: [402, 404, 409, 502] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await withPlansNamed(
          req,
          reply,
          await changeSubscription(useCase, principalOf(req), req.params.id, req.body),
        ),
        messages.updatedSubscription,
      ),
  );
}
