import {
  auditPage,
  auditQuery,
  clientExportQuery,
  dayInNewYork,
  reconciliationExportQuery,
  transactionExportQuery,
} from '@pria/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContextOf } from '../../platform/audit.ts';
import { systemClock } from '../../platform/clock.ts';
import { access, send } from '../../platform/http.ts';
import type { ModuleDeps } from '../../platform/module-deps.ts';
import { respond, respondFile } from '../../platform/responses.ts';
import { listAudit } from './audit.repo.ts';
import {
  type CsvExport,
  clientsExport,
  csvStream,
  reconciliationExport,
  transactionsExport,
} from './exports.ts';

const csvResponse = respondFile(['text/csv'], {
  description:
    'text/csv; charset=utf-8, streamed: a header line, then one line per row (Content-Disposition names the file)',
});

/**
 * Operations (issue 16): CSV exports (finance, admin) and the staff audit trail (admin); staff
 * management is in staff/staff.routes.ts. Exports stream; each is audited with its filters and
 * row count.
 */
export async function operationsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db, logger, clock = systemClock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => dayInNewYork(clock.now());

  function sendCsv(
    reply: FastifyReply,
    req: Parameters<typeof auditContextOf>[0],
    exp: CsvExport,
    action: string,
    filters: unknown,
  ) {
    const stream = csvStream(exp, { db, audit: auditContextOf(req), action, filters, logger });
    return reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exp.filename}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  }

  api.get(
    '/admin/exports/clients.csv',
    {
      config: access.permission('export:get'),
      schema: {
        tags: ['admin', 'exports'],
        summary: 'Export the client list as CSV (same search and filter as GET /customers), streamed',
        querystring: clientExportQuery,
        response: csvResponse,
      },
    },
    async (req, reply) => {
      const filters = { search: req.query.search || undefined, filter: req.query.filter };
      return sendCsv(reply, req, clientsExport(db, filters, today()), 'export.clients', filters);
    },
  );

  api.get(
    '/admin/exports/transactions.csv',
    {
      config: access.permission('export:get'),
      schema: {
        tags: ['admin', 'exports'],
        summary:
          'Export transactions as CSV (same filters as GET /admin/transactions: type, status, from, to), streamed',
        querystring: transactionExportQuery,
        response: csvResponse,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const filters = {
        transactionId: q.transactionId || undefined,
        type: q.type || undefined,
        status: q.status,
        from: q.from,
        to: q.to,
        userId: q.userId,
      };
      return sendCsv(reply, req, transactionsExport(db, filters, today()), 'export.transactions', filters);
    },
  );

  api.get(
    '/admin/exports/reconciliation.csv',
    {
      config: access.permission('export:get'),
      schema: {
        tags: ['admin', 'exports'],
        summary:
          "Export a period's reconciliation as CSV: each pay-in with its pay-back and dispute, streamed",
        querystring: reconciliationExportQuery,
        response: csvResponse,
      },
    },
    async (req, reply) => {
      const { period } = req.query;
      return sendCsv(reply, req, reconciliationExport(db, period), 'export.reconciliation', { period });
    },
  );

  api.get(
    '/admin/audit',
    {
      config: access.permission('audit:get'),
      schema: {
        tags: ['admin'],
        summary:
          'The staff audit trail, newest first: filter by actor (email), action (or prefix ending in .), from, to',
        querystring: auditQuery,
        response: respond(auditPage),
      },
    },
    async (req, reply) => send(reply, await listAudit(db, req.query)),
  );
}
