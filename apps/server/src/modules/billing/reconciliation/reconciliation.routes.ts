import { billingPeriod, reconciliationRow } from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, send } from '../../../platform/http.ts';
import { respond } from '../../../platform/responses.ts';
import type { BillingDeps } from '../billing-deps.ts';
import { reconcilePeriod, reconcileRecent } from '../reconcile.ts';

const periodQuery = z.object({ period: billingPeriod.optional() });

export async function reconciliationRoutes(app: FastifyInstance, deps: BillingDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/billing/reconciliation',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['billing'],
        summary:
          'Per period: charged, declined, missed, pending; paid back, retrying, returned, outstanding (recent periods when none given)',
        querystring: periodQuery,
        response: respond(z.array(reconciliationRow)),
      },
    },
    async (req, reply) =>
      send(
        reply,
        req.query.period
          ? [await reconcilePeriod(deps.db, req.query.period)]
          : await reconcileRecent(deps.db, 12),
      ),
  );
}
