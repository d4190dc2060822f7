import { staffMessages } from '@pria/contracts';
import type { StaffAccount, StaffDirectory } from '../../../identity-admin/port.ts';
import type { AuditContext } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { actorOf, auditedMember, auditedStaffChange } from './staff-changes.ts';

/** Withdraws a pending invitation: its link stops working; the person may be invited again. */
export async function revokeStaffInvitation(o: {
  db: Db;
  directory: StaffDirectory;
  audit: AuditContext;
  subject: string;
  id: string;
}): Promise<StaffAccount> {
  const changed = await auditedStaffChange(
    o.db,
    o.audit,
    (tx) => o.directory.revokeInvitation(tx, o.id, actorOf(o.audit, o.subject)),
    (c) =>
      c && {
        action: 'staff.invite_revoke',
        targetType: 'staff',
        targetId: c.after.id,
        before: auditedMember(c.before),
        after: auditedMember(c.after),
      },
  );
  if (!changed) throw notFound(staffMessages.notFound);
  return changed.after;
}
