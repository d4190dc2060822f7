import { staffMessages } from '@pria/contracts';
import type { StaffAccount, StaffDirectory } from '../../../identity-admin/port.ts';
import type { AuditContext } from '../../../platform/audit.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { actorOf, auditedMember, auditedStaffChange } from './staff-changes.ts';

/**
 * Disables a staff member (their sessions and every token issued before end, for good) or
 * enables them again; a disable that would leave no enabled admin is refused (issue 30).
 */
export async function setStaffDisabled(o: {
  db: Db;
  directory: StaffDirectory;
  audit: AuditContext;
  subject: string;
  id: string;
  disabled: boolean;
}): Promise<StaffAccount> {
  if (o.id === o.subject && o.disabled) throw new AppError('CONFLICT', staffMessages.selfDisable);
  const changed = await auditedStaffChange(
    o.db,
    o.audit,
    (tx) => o.directory.setDisabled(tx, o.id, o.disabled, actorOf(o.audit, o.subject)),
    (c) =>
      c && {
        action: o.disabled ? 'staff.disable' : 'staff.enable',
        targetType: 'staff',
        targetId: c.after.id,
        before: auditedMember(c.before),
        after: auditedMember(c.after),
      },
  );
  if (!changed) throw notFound(staffMessages.notFound);
  return changed.after;
}
