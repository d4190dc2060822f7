import { type StaffRole, staffMessages } from '@pria/contracts';
import type { StaffAccount, StaffDirectory } from '../../../identity-admin/port.ts';
import type { AuditContext } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { actorOf, auditedMember, auditedStaffChange } from './staff-changes.ts';

/**
 * Changes a staff member's role. Their access tokens end (a refreshed one carries the new
 * role); the change is refused when it would leave no enabled admin (issue 30).
 */
export async function changeStaffRole(o: {
  db: Db;
  directory: StaffDirectory;
  audit: AuditContext;
  subject: string;
  id: string;
  role: StaffRole;
}): Promise<StaffAccount> {
  if (o.id === o.subject && o.role !== 'admin') throw new AppError('CONFLICT', staffMessages.selfDemote);
  const changed = await auditedStaffChange(
    o.db,
    o.audit,
    (tx) => o.directory.setRole(tx, o.id, o.role, actorOf(o.audit, o.subject)),
    (c) =>
      c && {
        action: 'staff.role_change',
        targetType: 'staff',
        targetId: c.after.id,
        before: auditedMember(c.before),
        after: auditedMember(c.after),
      },
  );
  if (!changed) throw notFound(staffMessages.notFound);
  return changed.after;
}
