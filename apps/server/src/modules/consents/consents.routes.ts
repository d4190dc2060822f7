import { acceptConsentsRequest, consentRecordView, consentsView } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf, recordStaffAction } from '../../platform/audit.ts';
import { clientOf } from '../../platform/consents.ts';
import { notFound } from '../../platform/errors.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond } from '../../platform/responses.ts';
import { acceptConsents } from './accept-consents.ts';
import { listConsents } from './consents.repo.ts';
import { getOwnConsents } from './get-consents.ts';

export async function consentRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/account/consents',
    {
      config: access.user,
      schema: {
        tags: ['account'],
        summary:
          'The current legal documents (with what changed), which are waiting for you, and your consent records',
        response: respond(consentsView),
      },
    },
    async (req, reply) => send(reply, await getOwnConsents(db, principalOf(req))),
  );

  api.post(
    '/account/consents',
    {
      config: { ...access.user, rateLimit: { max: 20, timeWindow: '1 hour', key: 'account' } },
      schema: {
        tags: ['account'],
        summary: 'Accept the current version of documents: { documents: [{ id, version }] }',
        description: '409 when a version named is no longer the current one.',
        body: acceptConsentsRequest,
        response: respond(consentsView, { errors: [409] }),
      },
    },
    async (req, reply) =>
      send(reply, await acceptConsents(db, principalOf(req), req.body, clientOf(req)), 'Thank you'),
  );

  api.get(
    '/customers/:id/consents',
    {
      config: access.permission('customer:get'),
      schema: {
        tags: ['admin'],
        summary: "A client's consent records, oldest first (staff): document, version, where, when, address",
        params: z.object({ id: z.uuid({ error: 'id must be a customer id' }) }),
        response: respond(z.array(consentRecordView), { errors: [403, 404] }),
      },
    },
    async (req, reply) => {
      const customer = await db
        .selectFrom('customers')
        .select(['id', 'issuer', 'subject'])
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!customer) throw notFound('Customer not found');
      const records = await listConsents(db, customer);
      await recordStaffAction(db, auditContextOf(req), {
        action: 'customer.consents.view',
        targetType: 'customer',
        targetId: customer.id,
        after: { records: records.length },
      });
      return send(reply, records);
    },
  );
}
