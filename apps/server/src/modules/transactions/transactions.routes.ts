import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemClock } from '../../platform/clock.ts';
import { invalid } from '../../platform/errors.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import { currentCustomer } from '../customers/index.ts';
import type { ModuleDeps } from '../index.ts';
import { toActivityRow } from './transaction-view.ts';
import { listActivity } from './transactions.repo.ts';

/** The spec's default activity window: the last 180 days. */
export const ACTIVITY_WINDOW_MS = 15_552_000_000;

const epochMs = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

export async function transactionRoutes(app: FastifyInstance, { db, clock = systemClock }: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/transactions',
    {
      config: access.user,
      schema: {
        tags: ['transactions'],
        summary: "The caller's activity, newest first (default window: the last 180 days)",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(10),
          startDate: epochMs.optional(),
          endDate: epochMs.optional(),
          cardId: z.uuid().optional(),
        }),
      },
    },
    async (req, reply) => {
      const customer = await currentCustomer(db, principalOf(req));
      const end = new Date(req.query.endDate ?? clock.now().getTime());
      const start = new Date(req.query.startDate ?? end.getTime() - ACTIVITY_WINDOW_MS);
      if (start > end) throw invalid('The start date must be before the end date');
      const { rows, totalCount } = await listActivity(db, {
        customerId: customer.id,
        start,
        end,
        cardId: req.query.cardId,
        limit: req.query.limit,
      });
      return send(reply, { rows: rows.map(toActivityRow), totalCount });
    },
  );
}
