import { cardView, messages, newCardRequest, updateCardRequest } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentGateway } from '../../gateways/payments/index.ts';
import { auditContextOf, recordStaffAction } from '../../platform/audit.ts';
import { systemClock } from '../../platform/clock.ts';
import { clientOf } from '../../platform/consents.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { listCustomerCards, listMyCards } from './list-cards.ts';
import { registerCard } from './register-card.ts';
import { type FundedPlanOf, removeCard } from './remove-card.ts';
import { cardCaptureContext, cardEncryptionKey } from './start-card-entry.ts';
import { updateCard } from './update-card.ts';

const cardIdParams = z.object({ cardId: z.uuid({ error: 'cardId must be a card id' }) });

/** The processor's public key (RSA-OAEP-256) as a JWK. */
const publicJwk = z.looseObject({ kty: z.string(), n: z.string().optional(), e: z.string().optional() });

/**
 * NOTE: adding cards is what card-testing fraud abuses (bots checking stolen numbers through
 * our $0 verification), so it is throttled per account, whatever address or sign-in it uses
 * (new accounts are themselves limited per address: 10 sign-ups an hour).
 */
const addCardLimit = { max: 30, timeWindow: '15 minutes', key: 'account' } as const;

export async function cardRoutes(
  app: FastifyInstance,
  deps: ModuleDeps & { payments: PaymentGateway; fundedPlanOf: FundedPlanOf },
) {
  const { db, logger, payments: gateway } = deps;
  const clock = deps.clock ?? systemClock;
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const path of ['/cards', '/cards/']) {
    api.post(
      path,
      {
        config: { ...access.user, rateLimit: addCardLimit },
        schema: {
          hide: path.endsWith('/'),
          tags: ['cards'],
          summary: "Registers a card: `number` is a JWE of { number, cvc } to the gateway's public key",
          description:
            'At most 3 cards (409). The processor verifies the card: a decline is 402 with its reason, an unreachable processor 502. A staff account holds no cards of its own (403).',
          body: newCardRequest,
          response: respond(cardView, { status: 201, errors: [402, 403, 409, 502] }),
        },
      },
      async (req, reply) => {
        const card = await registerCard({
          db,
          gateway,
          logger,
          principal: principalOf(req),
          card: req.body,
          client: clientOf(req),
          now: clock.now(),
          publicUrl: deps.config.publicUrl,
        });
        return send(reply, card, messages.cardAdded, 201);
      },
    );
  }

  api.get(
    '/cards',
    {
      config: access.user,
      schema: { tags: ['cards'], summary: "The caller's active cards", response: respond(z.array(cardView)) },
    },
    async (req, reply) => send(reply, await listMyCards(db, principalOf(req))),
  );

  api.get(
    '/cards/public-key',
    {
      config: access.user,
      schema: {
        tags: ['cards'],
        summary:
          'The JWK the browser encrypts card number and CVC to (RSA-OAEP-256); 404 when the processor uses hosted fields',
        response: respond(publicJwk, { errors: [404, 502] }),
      },
    },
    async (_req, reply) => send(reply, await cardEncryptionKey(gateway)),
  );

  api.get(
    '/cards/capture-context',
    {
      // Each call opens a session at the processor: throttled like adding cards.
      config: { ...access.user, rateLimit: addCardLimit },
      schema: {
        tags: ['cards'],
        summary:
          "A CyberSource Microform capture context (JWT) for the browser's hosted card fields; 404 when the processor takes encrypted cards",
        response: respond(z.object({ captureContext: z.string() }), { errors: [404, 502] }),
      },
    },
    async (_req, reply) => send(reply, await cardCaptureContext(gateway)),
  );

  api.get(
    '/cards/user/:userId',
    {
      config: access.permission('card:get'),
      schema: {
        tags: ['cards'],
        summary: "A customer's active cards (staff; the view is recorded in the audit trail)",
        params: z.object({ userId: z.uuid({ error: 'userId must be a customer id' }) }),
        response: respond(z.array(cardView), { errors: [404] }),
      },
    },
    async (req, reply) => {
      const cards = await listCustomerCards(db, req.params.userId);
      // Staff looked at a client's cards: recorded, whoever they are.
      await recordStaffAction(db, auditContextOf(req), {
        action: 'customer.cards.view',
        targetType: 'customer',
        targetId: req.params.userId,
        after: { cards: cards.length },
      });
      return send(reply, cards);
    },
  );

  api.put(
    '/cards/:cardId',
    {
      config: access.user,
      schema: {
        tags: ['cards'],
        summary: 'New expiry and billing address (sent to the processor)',
        params: cardIdParams,
        body: updateCardRequest,
        response: respond(cardView, { errors: [402, 404, 502] }),
      },
    },
    async (req, reply) => {
      const card = await updateCard({
        db,
        gateway,
        principal: principalOf(req),
        cardId: req.params.cardId,
        changes: req.body,
      });
      return send(reply, card, messages.cardUpdated);
    },
  );

  api.delete(
    '/cards/:cardId',
    {
      config: access.user,
      schema: {
        tags: ['cards'],
        summary: 'Removes a card',
        description:
          'The card paying for the plan in force (active, cancelled or paused until its end date, or waiting for its payment) is not removed: 409 until another card funds the plan (PUT /subscriptions/{id} with its card).',
        params: cardIdParams,
        response: respond(z.object({ id: z.uuid() }), { errors: [404, 409, 502] }),
      },
    },
    async (req, reply) => {
      await removeCard({
        db,
        fundedPlanOf: deps.fundedPlanOf,
        gateway,
        principal: principalOf(req),
        cardId: req.params.cardId,
        now: clock.now(),
        publicUrl: deps.config.publicUrl,
      });
      return send(reply, { id: req.params.cardId }, messages.cardRemoved);
    },
  );
}
