import type { StaffInviteRequest } from '@pria/contracts';
import type { StaffAccount, StaffDirectory } from '../../../identity-admin/port.ts';
import type { AuditContext } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { actorOf, auditedMember, auditedStaffChange } from './staff-changes.ts';

/**
 * Invites an address with a role; an address already invited (pending, expired or revoked, and
 * no password set) gets a new link instead of a refusal, and the old link dies (issue 30).
 */
export async function inviteStaffMember(o: {
  db: Db;
  directory: StaffDirectory;
  audit: AuditContext;
  subject: string;
  input: StaffInviteRequest;
}): Promise<{ member: StaffAccount; resent: boolean }> {
  return auditedStaffChange(
    o.db,
    o.audit,
    (tx) => o.directory.invite(tx, o.input, actorOf(o.audit, o.subject)),
    ({ member, resent, before }) => ({
      action: resent ? 'staff.invite_resend' : 'staff.invite',
      targetType: 'staff',
      targetId: member.id,
      before: before ? auditedMember(before) : undefined,
      after: auditedMember(member),
    }),
  );
}
