import { adminMessages, disputeDecision, disputeRow, disputeStatuses } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import { access, send } from '../../../platform/http.ts';
import { respond, respondMessage } from '../../../platform/responses.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { decideDispute } from './decide-dispute.ts';
import { listDisputes } from './list-disputes.ts';
import { simulateDispute } from './simulate-dispute.ts';

export async function disputesRoutes(app: FastifyInstance, deps: BillingDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/disputes',
    {
      config: access.permission('transaction:dispute'),
      schema: {
        tags: ['billing'],
        summary:
          'Disputes (chargebacks), newest first: open, won or lost, and whether the pay-back was already sent',
        querystring: z.object({
          status: z.enum(disputeStatuses, { error: 'status must be open, won or lost' }).optional(),
          customerId: z.uuid({ error: 'customerId must be a customer id' }).optional(),
        }),
        response: respond(z.array(disputeRow)),
      },
    },
    async (req, reply) => send(reply, await listDisputes(deps.db, req.query)),
  );

  api.post(
    '/disputes/:id/decision',
    {
      config: access.permission('transaction:dispute'),
      schema: {
        tags: ['billing'],
        summary:
          "Record a dispute's outcome: won releases the withheld pay-back, lost keeps it withheld (recorded)",
        params: z.object({ id: z.uuid({ error: adminMessages.disputeNotFound }) }),
        body: disputeDecision,
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await decideDispute(deps.db, {
        disputeId: req.params.id,
        ...req.body,
        audit: auditContextOf(req),
        at: deps.clock.now(),
      });
      return send(reply, null, adminMessages.disputeDecided);
    },
  );

  api.post(
    '/billing/charges/:id/simulate-dispute',
    {
      config: access.permission('transaction:dispute'),
      schema: {
        tags: ['billing'],
        summary:
          'Simulator only: the cardholder disputes this captured charge now (the next tick records it); 404 elsewhere',
        params: z.object({ id: z.uuid({ error: adminMessages.chargeNotFound }) }),
        response: respond(z.object({ disputeId: z.string() }), { status: 202, errors: [404] }),
      },
    },
    async (req, reply) =>
      send(reply, await simulateDispute(deps, req.params.id), 'Dispute opened at the simulator', 202),
  );
}
