import { staffMessages } from '@pria/contracts';
import type { StaffAccount, StaffDirectory } from '../../../identity-admin/port.ts';
import type { AuditContext } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { actorOf, auditedMember, auditedStaffChange } from './staff-changes.ts';

/** A new invitation link for someone who has not set a password; the old link stops working. */
export async function resendStaffInvitation(o: {
  db: Db;
  directory: StaffDirectory;
  audit: AuditContext;
  subject: string;
  id: string;
}): Promise<StaffAccount> {
  const changed = await auditedStaffChange(
    o.db,
    o.audit,
    (tx) => o.directory.resendInvitation(tx, o.id, actorOf(o.audit, o.subject)),
    (c) =>
      c && {
        action: 'staff.invite_resend',
        targetType: 'staff',
        targetId: c.after.id,
        before: auditedMember(c.before),
        after: auditedMember(c.after),
      },
  );
  if (!changed) throw notFound(staffMessages.notFound);
  return changed.after;
}
