import { adminMessages, refundPreviewQuery, refundRequest } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import { access, send } from '../../../platform/http.ts';
import { answerOnce } from '../../../platform/idempotency.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { previewRefund } from './preview-refund.ts';
import { refundCharge, refundRequestKey } from './refund-charge.ts';

const answer = { refunded: adminMessages.refundSent, failed: adminMessages.refundFailed } as const;

export async function refundsRoutes(app: FastifyInstance, deps: BillingDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/refunds',
    {
      config: access.permission('transaction:refund'),
      schema: {
        tags: ['billing'],
        summary:
          'Refund a captured plan charge, in full or its unused days prorated; exactly once per Idempotency-Key, every replay answered as the first request was (recorded)',
        headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(200).optional() }),
        body: refundRequest,
      },
    },
    async (req, reply) => {
      const input = { ...req.body, idempotencyKey: req.headers['idempotency-key'] };
      const key = await refundRequestKey(deps, input);
      const first = await answerOnce(
        deps.db,
        { scope: 'refund', key, params: req.body, reusedMessage: adminMessages.refundKeyReused },
        async () => {
          const { refund } = await refundCharge(deps, {
            ...input,
            idempotencyKey: key,
            audit: auditContextOf(req),
          });
          const message =
            refund.status === 'refunded' || refund.status === 'failed'
              ? answer[refund.status]
              : adminMessages.refundPending;
          return { status: 201, body: { httpCode: 201, data: refund, message, error: [] } };
        },
      );
      reply.header('idempotent-replayed', String(first.replayed));
      return reply.code(first.status).send(first.body);
    },
  );

  api.get(
    '/refunds/preview',
    {
      config: access.permission('transaction:refund'),
      schema: {
        tags: ['billing'],
        summary:
          'What a refund of a plan charge would send back and do to the plan (ends it?), before staff confirm it',
        querystring: refundPreviewQuery,
      },
    },
    async (req, reply) => send(reply, await previewRefund(deps, req.query)),
  );
}
