import { isStaffRole, staffMessages } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Staff never delete their own identity through the customer's account deletion (issue 30):
 * the last admin could remove the last way in, unaudited. Another admin disables them from the
 * Staff screen (audited); their record stays for the audit trail. With the built-in provider
 * the roles here are the account's current ones (platform/app.ts re-reads them).
 */
export function refuseStaff(principal: Principal): void {
  if (principal.roles.some(isStaffRole))
    throw new AppError('FORBIDDEN', staffMessages.staffCannotDeleteAccount);
}
