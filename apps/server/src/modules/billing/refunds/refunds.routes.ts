import {
  adminMessages,
  idempotencyKeyHeader,
  refundPreview,
  refundPreviewQuery,
  refundRequest,
  refundView,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import { access, send } from '../../../platform/http.ts';
import { answerOnce } from '../../../platform/idempotency.ts';
import { respond } from '../../../platform/responses.ts';
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
        description:
          'A replay (the same Idempotency-Key, or without one the same charge, mode and reason) answers what the first request answered, with `Idempotent-Replayed: true`; the same key with other parameters is 409.',
        headers: z.object({ 'idempotency-key': idempotencyKeyHeader.optional() }),
        body: refundRequest,
        response: respond(refundView, { status: 201, errors: [404, 409, 502] }),
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
      // A replay's body is the first answer as stored (JSON): the serializer checks it like any other.
      return reply.code(first.status).send(first.body as never);
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
        response: respond(refundPreview, { errors: [404, 409] }),
      },
    },
    async (req, reply) => send(reply, await previewRefund(deps, req.query)),
  );
}
