import {
  staffDisableRequest,
  staffInviteRequest,
  staffMessages,
  staffParams,
  staffRoleRequest,
  staffRow,
} from '@pria/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../../../platform/audit.ts';
import { access, principalOf, send } from '../../../platform/http.ts';
import type { ModuleDeps } from '../../../platform/module-deps.ts';
import { respond } from '../../../platform/responses.ts';
import { changeStaffRole } from './change-staff-role.ts';
import { inviteStaffMember } from './invite-staff-member.ts';
import { resendStaffInvitation } from './resend-staff-invitation.ts';
import { revokeStaffInvitation } from './revoke-staff-invitation.ts';
import { setStaffDisabled } from './set-staff-disabled.ts';
import { staffDirectoryOf, toStaffRow } from './staff-changes.ts';

/**
 * Staff management (issues 16 and 30), admins only: list, invite (again), resend or revoke an
 * invitation, change a role, disable or enable. Each change is audited in its transaction.
 */
export async function staffRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const directory = () => staffDirectoryOf(deps.identityAdmin?.staff);
  const manage = access.permission('staff:manage');
  const caller = (req: Parameters<typeof auditContextOf>[0]) => ({
    db,
    directory: directory(),
    audit: auditContextOf(req),
    subject: principalOf(req).subject,
  });

  api.get(
    '/admin/staff',
    {
      config: manage,
      schema: {
        tags: ['admin', 'staff'],
        summary:
          'Staff members (support, finance, admin), including invited and disabled ones, with their latest invitation',
        description: '409 with an external identity provider (roles come from its claims).',
        response: respond(z.array(staffRow), { errors: [409] }),
      },
    },
    async (_req, reply) => send(reply, (await directory().list(db)).map(toStaffRow)),
  );

  api.post(
    '/admin/staff/invitations',
    {
      config: manage,
      schema: {
        tags: ['admin', 'staff'],
        summary:
          'Invite a staff member by email with a role: a single-use link to set a password (7 days). An address already invited and not signed up gets a new link (200); the old one stops working',
        body: staffInviteRequest,
        response: respond(staffRow, {
          status: [201, 200],
          description: '201: invited; 200: an address already invited and not signed up got a new link',
          errors: [403, 409],
        }),
      },
    },
    async (req, reply) => {
      const { member, resent } = await inviteStaffMember({ ...caller(req), input: req.body });
      return resent
        ? send(reply, toStaffRow(member), staffMessages.invitationResent)
        : send(reply, toStaffRow(member), staffMessages.invitationSent, 201);
    },
  );

  api.post(
    '/admin/staff/:id/invitation',
    {
      config: manage,
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Send a new invitation link (pending, expired or revoked); the earlier link stops working',
        params: staffParams,
        description: '409 when the person already set their password.',
        response: respond(staffRow, { errors: [403, 404, 409] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        toStaffRow(await resendStaffInvitation({ ...caller(req), id: req.params.id })),
        staffMessages.invitationResent,
      ),
  );

  api.delete(
    '/admin/staff/:id/invitation',
    {
      config: manage,
      schema: {
        tags: ['admin', 'staff'],
        summary: 'Revoke a pending invitation: its link stops working (a new one may be sent later)',
        params: staffParams,
        description: '409 when no invitation is pending.',
        response: respond(staffRow, { errors: [403, 404, 409] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        toStaffRow(await revokeStaffInvitation({ ...caller(req), id: req.params.id })),
        staffMessages.invitationRevoked,
      ),
  );

  api.put(
    '/admin/staff/:id/role',
    {
      config: manage,
      schema: {
        tags: ['admin', 'staff'],
        summary:
          "Change a staff member's role (support, finance, admin); their tokens end. Refused (409) when no enabled admin would remain",
        params: staffParams,
        body: staffRoleRequest,
        response: respond(staffRow, { errors: [403, 404, 409] }),
      },
    },
    async (req, reply) =>
      send(
        reply,
        toStaffRow(await changeStaffRole({ ...caller(req), id: req.params.id, role: req.body.role })),
        staffMessages.roleChanged,
      ),
  );

  api.put(
    '/admin/staff/:id/disabled',
    {
      config: manage,
      schema: {
        tags: ['admin', 'staff'],
        summary:
          'Disable (or enable) a staff member: a disabled one cannot sign in, and every token issued before is refused for good. Refused (409) when no enabled admin would remain',
        params: staffParams,
        body: staffDisableRequest,
        response: respond(staffRow, { errors: [403, 404, 409] }),
      },
    },
    async (req, reply) => {
      const member = await setStaffDisabled({
        ...caller(req),
        id: req.params.id,
        disabled: req.body.disabled,
      });
      return send(
        reply,
        toStaffRow(member),
        req.body.disabled ? staffMessages.disabled : staffMessages.enabled,
      );
    },
  );
}
