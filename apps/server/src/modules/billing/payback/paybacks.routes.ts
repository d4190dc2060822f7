import { adminMessages, paybackAttentionRow, sendPaybackToCardRequest } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import { access, send } from '../../../platform/http.ts';
import { respond, respondMessage } from '../../../platform/responses.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { listPaybacksNeedingAttention } from './list-paybacks-needing-attention.ts';
import { retryPaybackNow } from './retry-payback-now.ts';
import { sendPaybackToCard } from './send-payback-to-card.ts';

const payoutParams = z.object({ id: z.uuid({ error: 'id must be a pay-back id' }) });

/** The staff queue of pay-backs that did not go through, and what staff may do about each. */
export async function paybacksRoutes(app: FastifyInstance, deps: BillingDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/billing/payouts/attention',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary:
          "Pay-backs needing staff: delayed (3+ failed tries, still retried) or returned by the card, with the customer's other cards",
        response: respond(z.array(paybackAttentionRow)),
      },
    },
    async (_req, reply) => send(reply, await listPaybacksNeedingAttention(deps.db)),
  );

  api.post(
    '/billing/payouts/:id/send-to-card',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary:
          "Send a returned pay-back to another of the customer's cards (paid within a minute; recorded)",
        params: payoutParams,
        body: sendPaybackToCardRequest,
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await sendPaybackToCard(deps.db, {
        payoutId: req.params.id,
        cardId: req.body.cardId,
        audit: auditContextOf(req),
      });
      return send(reply, null, adminMessages.paybackSent);
    },
  );

  api.post(
    '/billing/payouts/:id/retry',
    {
      config: access.permission('transaction:payout'),
      schema: {
        tags: ['billing'],
        summary: "Try a delayed pay-back again at the next tick instead of at its back-off's end (recorded)",
        params: payoutParams,
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await retryPaybackNow(deps.db, {
        payoutId: req.params.id,
        audit: auditContextOf(req),
        now: deps.clock.now(),
      });
      return send(reply, null, adminMessages.paybackRetried);
    },
  );
}
