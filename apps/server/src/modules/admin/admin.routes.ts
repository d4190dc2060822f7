import {
  activityPage as activityPageView,
  adminMessages,
  adminMetrics as adminMetricsView,
  adminTransactionRow,
  booksPermission,
  customerListPage,
  customerListQuery,
  logsPage,
  logsQuery,
  messages,
  transactionListPage,
  transactionListQuery,
  userLogsPage,
  userLogsParams,
  userLogsQuery,
  verifyTransactionsRequest,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { auditContextOf } from '../../platform/audit.ts';
import { hasPermission } from '../../platform/auth.ts';
import { systemClock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { access, principalOf, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond, respondMessage } from '../../platform/responses.ts';
import { activityPage, activityQuery } from '../transactions/index.ts';
import { adminMetrics } from './admin-metrics.ts';
import type { GeoLookup } from './geoip.ts';
import { listClientsPage } from './list-clients.ts';
import { listLogs } from './list-logs.ts';
import { listTransactionsPage } from './list-transactions.ts';
import { listUserLogs } from './list-user-logs.ts';
import { sendPasswordResetLink } from './send-password-reset.ts';
import { verifyTransactions } from './verify-transactions.ts';

/**
 * The admin portal's API. Every route names its permission; the route table is the
 * authorization matrix. Transactions: staff read and verify with transaction:payin (the
 * spec's transaction privilege that moves charges); GET /transactions stays the caller's own
 * activity, so the staff list is GET /admin/transactions.
 */
const identityAdminOf = (admin: IdentityAdmin | undefined): IdentityAdmin => {
  if (!admin) throw new AppError('INTERNAL', messages.accountSecurityUnavailable);
  return admin;
};

export async function adminRoutes(app: FastifyInstance, deps: ModuleDeps & { geo: GeoLookup }) {
  const { db, clock = systemClock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/customers',
    {
      config: access.permission('customer:get-all'),
      schema: {
        tags: ['admin'],
        summary: 'Client list: paged, sorted, searched, filtered',
        querystring: customerListQuery,
        response: respond(customerListPage),
      },
    },
    async (req, reply) => send(reply, await listClientsPage(db, req.query)),
  );

  api.get(
    '/customers/:id/transactions',
    {
      config: access.permission('customer:get'),
      schema: {
        tags: ['admin'],
        summary: "A client's activity, newest first (default window: the last 180 days)",
        params: z.object({ id: z.uuid({ error: 'id must be a customer id' }) }),
        querystring: activityQuery,
        response: respond(activityPageView, { errors: [404] }),
      },
    },
    async (req, reply) => {
      const customer = await db
        .selectFrom('customers')
        .select('id')
        .where('id', '=', req.params.id)
        .executeTakeFirst();
      if (!customer) throw notFound('Customer not found');
      return send(reply, await activityPage(db, customer.id, req.query, clock.now(), 'staff'));
    },
  );

  api.post(
    '/customers/:id/password-reset',
    {
      config: {
        ...access.permission('customer:change-password'),
        rateLimit: { max: 10, timeWindow: '1 minute', key: 'account' },
      },
      schema: {
        tags: ['admin'],
        summary: 'Email the client a single-use link to choose a new password (audited; staff never see it)',
        params: z.object({ id: z.uuid({ error: 'id must be a customer id' }) }),
        response: respondMessage({ errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      await sendPasswordResetLink({
        db,
        identityAdmin: identityAdminOf(deps.identityAdmin),
        audit: auditContextOf(req),
        customerId: req.params.id,
      });
      return send(reply, null, adminMessages.passwordResetSent);
    },
  );

  api.get(
    '/admin/transactions',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['admin'],
        summary: 'Every charge (CAPTURE, SUBSCRIPTION_CAPTURE) and pay-back (PAYOUT), paged',
        querystring: transactionListQuery,
        response: respond(transactionListPage),
      },
    },
    async (req, reply) => send(reply, await listTransactionsPage(db, req.query)),
  );

  api.put(
    '/transactions',
    {
      config: access.permission('transaction:payin'),
      schema: {
        tags: ['admin'],
        summary: 'Bulk verify charges; all or nothing (payouts, unknown or verified ids refuse the request)',
        body: verifyTransactionsRequest,
        response: respond(z.array(adminTransactionRow), { errors: [409] }),
      },
    },
    async (req, reply) => {
      const rows = await verifyTransactions({ db, ids: req.body.ids, audit: auditContextOf(req) });
      return send(reply, rows, adminMessages.transactionsVerified);
    },
  );

  api.get(
    '/logs',
    {
      config: access.permission('log:get'),
      schema: {
        tags: ['admin'],
        summary: 'The application log and sign-ins, newest first; nextToken continues',
        querystring: logsQuery,
        response: respond(logsPage),
      },
    },
    async (req, reply) => send(reply, await listLogs(db, req.query)),
  );

  api.get(
    '/logs/:userId',
    {
      config: access.permission('log:get'),
      schema: {
        tags: ['admin'],
        summary: "A client's sign-ins with location (when a GeoIP database is configured)",
        params: userLogsParams,
        querystring: userLogsQuery,
        response: respond(userLogsPage, { errors: [404] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await listUserLogs({
          db,
          oidc: deps.config.oidc,
          geo: deps.geo,
          customerId: req.params.userId,
          ...req.query,
        }),
      ),
  );

  api.get(
    '/admin/metrics',
    {
      config: access.permission('customer:get-all'),
      schema: {
        tags: ['admin'],
        summary:
          'Admin home: counts and active subscriptions for every staff role; the money (12 New York months, recent reconciliation, what needs attention) only with transaction:payin, as GET /billing/reconciliation (ADR 14)',
        response: respond(adminMetricsView),
      },
    },
    async (req, reply) =>
      send(
        reply,
        await adminMetrics(db, clock.now(), {
          // The same permission as GET /billing/reconciliation: one rule for who sees the books.
          money: hasPermission(principalOf(req), booksPermission),
        }),
      ),
  );
}
