import {
  staffPlanActionRequest,
  staffPlanMessages,
  subscriptionOnly,
  upcomingSchedule as upcomingScheduleView,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import { systemClock } from '../../../platform/clock.ts';
import { notFound } from '../../../platform/errors.ts';
import { access, send } from '../../../platform/http.ts';
import type { ModuleDeps } from '../../../platform/module-deps.ts';
import { respond } from '../../../platform/responses.ts';
import { customerExists } from '../subscriptions.repo.ts';
import { upcomingScheduleOf } from '../upcoming.ts';
import { cancelClientPlan } from './cancel-client-plan.ts';
import { setClientPlanPaused } from './set-client-plan-paused.ts';

const clientParams = z.object({ id: z.uuid({ error: 'id must be a customer id' }) });

/**
 * Staff act on a client's plan where they look at it, the client page (issue 40): pause, resume
 * and cancel go through the customer's own use cases (the same rows, log line and email), with
 * the staff member's name and an audit row; what happens next (dates, amounts, cards) is the
 * customer's own Upcoming, read for the confirmation. Money actions: `subscription:put` (finance,
 * admin), never support.
 */
export async function staffPlanRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const useCase = { db: deps.db, clock: deps.clock ?? systemClock, publicUrl: deps.config.publicUrl };
  const planAction = {
    tags: ['admin'],
    params: clientParams,
    body: staffPlanActionRequest,
    response: respond(subscriptionOnly, { errors: [404, 409] }),
  };
  const refusals =
    '404 when the client has no such subscription; 409, in staff’s words, when the plan does not allow it now (not active, ended, already paused, not paused, already cancelled).';

  api.get(
    '/customers/:id/upcoming',
    {
      config: access.permission('customer:get'),
      schema: {
        tags: ['admin'],
        summary:
          "A client's Upcoming, as they see it: the next $3 charge and its cards, the renewal or end date, pay-backs owed",
        description:
          'What staff read before they pause, resume or cancel the plan. 404 for an unknown client.',
        params: clientParams,
        response: respond(upcomingScheduleView, { errors: [404] }),
      },
    },
    async (req, reply) => {
      if (!(await customerExists(deps.db, req.params.id))) throw notFound('Customer not found');
      return send(reply, await upcomingScheduleOf(deps.db, req.params.id, useCase.clock.now()));
    },
  );

  api.post(
    '/customers/:id/subscription/pause',
    {
      config: access.permission('subscription:put'),
      schema: {
        ...planAction,
        summary:
          "Pause a client's plan (audited): no $3 charges and no renewal while paused; the client is emailed as when they pause it",
        description: refusals,
      },
    },
    async (req, reply) =>
      send(
        reply,
        await setClientPlanPaused(useCase, {
          customerId: req.params.id,
          subscriptionId: req.body.subscriptionId,
          paused: true,
          audit: auditContextOf(req),
        }),
        staffPlanMessages.paused,
      ),
  );

  api.post(
    '/customers/:id/subscription/resume',
    {
      config: access.permission('subscription:put'),
      schema: {
        ...planAction,
        summary:
          "Resume a client's paused plan (audited): the $3 charges restart on the next 28th; the client is emailed as when they resume it",
        description: refusals,
      },
    },
    async (req, reply) =>
      send(
        reply,
        await setClientPlanPaused(useCase, {
          customerId: req.params.id,
          subscriptionId: req.body.subscriptionId,
          paused: false,
          audit: auditContextOf(req),
        }),
        staffPlanMessages.resumed,
      ),
  );

  api.post(
    '/customers/:id/subscription/cancel',
    {
      config: access.permission('subscription:put'),
      schema: {
        ...planAction,
        summary:
          "Cancel a client's plan (audited): no renewal, active until its end date, every $3 still paid back; the client is emailed as when they cancel it",
        description: refusals,
      },
    },
    async (req, reply) =>
      send(
        reply,
        await cancelClientPlan(useCase, {
          customerId: req.params.id,
          subscriptionId: req.body.subscriptionId,
          audit: auditContextOf(req),
        }),
        staffPlanMessages.cancelled,
      ),
  );
}
