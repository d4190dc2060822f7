import {
  auditPage,
  auditQuery,
  clientExportQuery,
  isStaffRole,
  reconciliationExportQuery,
  type StaffRow,
  staffDisableRequest,
  staffInviteRequest,
  staffParams,
  staffRoleRequest,
  staffRow,
  transactionExportQuery,
} from '@pria/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdentityAdminError, type StaffAccount, type StaffDirectory } from '../../identity-admin/port.ts';
import { auditContextOf, recordStaffAction } from '../../platform/audit.ts';
import { systemClock } from '../../platform/clock.ts';
import { AppError, invalid, notFound } from '../../platform/errors.ts';
import { access, principalOf, send } from '../../platform/http.ts';
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

const toStaffRow = (s: StaffAccount): StaffRow => ({ ...s, createdAt: s.createdAt.toISOString() });

/**
 * Operations (issue 16): CSV exports (finance, admin), the staff audit trail and staff
 * management (admin). Exports stream; each is audited with its filters and row count.
 */
export async function operationsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db, logger, clock = systemClock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => clock.now().toISOString().slice(0, 10);

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

  // --- Staff management (built-in provider; an external one keeps roles in its claims) ------

  const directory = (): StaffDirectory => {
    const staff = deps.identityAdmin?.staff;
    if (!staff)
      throw new AppError('CONFLICT', 'Staff roles come from your identity provider: manage them there');
    return staff;
  };

  api.get(
    '/admin/staff',
    {
      config: access.permission('staff:manage'),
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Staff members (support, finance, admin), including invited and disabled ones',
        description: '409 with an external identity provider (roles come from its claims).',
        response: respond(z.array(staffRow), { errors: [409] }),
      },
    },
    async (_req, reply) => send(reply, (await directory().list(db)).map(toStaffRow)),
  );

  api.post(
    '/admin/staff/invitations',
    {
      config: access.permission('staff:manage'),
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Invite a staff member by email with a role: a single-use link to set a password (7 days)',
        body: staffInviteRequest,
        response: respond(staffRow, { status: 201, errors: [409] }),
      },
    },
    async (req, reply) => {
      const staff = directory();
      const audit = auditContextOf(req);
      try {
        const member = await db.transaction().execute(async (tx) => {
          const m = await staff.invite(tx, { ...req.body, invitedBy: audit.actor });
          await recordStaffAction(tx, audit, {
            action: 'staff.invite',
            targetType: 'staff',
            targetId: m.id,
            after: { email: m.email, roles: m.roles },
          });
          return m;
        });
        return send(reply, toStaffRow(member), 'Invitation sent', 201);
      } catch (err) {
        if (err instanceof IdentityAdminError && err.code === 'EMAIL_TAKEN')
          throw new AppError('CONFLICT', 'An account with this email already exists');
        if (err instanceof IdentityAdminError && err.code === 'INVALID_EMAIL') throw invalid(err.message);
        throw err;
      }
    },
  );

  api.put(
    '/admin/staff/:id/role',
    {
      config: access.permission('staff:manage'),
      schema: {
        tags: ['admin', 'staff'],
        summary: "Change a staff member's role (support, finance, admin)",
        params: staffParams,
        body: staffRoleRequest,
        response: respond(staffRow, { errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      const staff = directory();
      const audit = auditContextOf(req);
      if (req.params.id === principalOf(req).subject && req.body.role !== 'admin')
        throw new AppError('CONFLICT', 'You cannot remove your own admin role; ask another admin');
      const changed = await db.transaction().execute(async (tx) => {
        const c = await staff.setRole(tx, req.params.id, req.body.role);
        if (!c) return null;
        await recordStaffAction(tx, audit, {
          action: 'staff.role_change',
          targetType: 'staff',
          targetId: c.after.id,
          before: { email: c.before.email, roles: c.before.roles.filter(isStaffRole) },
          after: { email: c.after.email, roles: c.after.roles.filter(isStaffRole) },
        });
        return c;
      });
      if (!changed) throw notFound('Staff member not found');
      return send(reply, toStaffRow(changed.after), 'Role changed');
    },
  );

  api.put(
    '/admin/staff/:id/disabled',
    {
      config: access.permission('staff:manage'),
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Disable (or enable) a staff member: a disabled one cannot sign in and their calls get 401',
        params: staffParams,
        body: staffDisableRequest,
        response: respond(staffRow, { errors: [404, 409] }),
      },
    },
    async (req, reply) => {
      const staff = directory();
      const audit = auditContextOf(req);
      if (req.params.id === principalOf(req).subject && req.body.disabled)
        throw new AppError('CONFLICT', 'You cannot disable yourself; ask another admin');
      const changed = await db.transaction().execute(async (tx) => {
        const c = await staff.setDisabled(tx, req.params.id, req.body.disabled);
        if (!c) return null;
        await recordStaffAction(tx, audit, {
          action: req.body.disabled ? 'staff.disable' : 'staff.enable',
          targetType: 'staff',
          targetId: c.after.id,
          before: { email: c.before.email, disabled: c.before.disabled },
          after: { email: c.after.email, disabled: c.after.disabled },
        });
        return c;
      });
      if (!changed) throw notFound('Staff member not found');
      return send(
        reply,
        toStaffRow(changed.after),
        req.body.disabled ? 'Staff member disabled' : 'Staff member enabled',
      );
    },
  );
}
