import { messages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { AppError } from '../../platform/errors.ts';

/** The identity provider's admin port, or a clear error when none is configured. */
export function identityAdminOf(admin: IdentityAdmin | undefined): IdentityAdmin {
  if (!admin) throw new AppError('INTERNAL', messages.accountSecurityUnavailable);
  return admin;
}
