import { isStaffRole, messages } from '@pria/contracts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';
import { type CustomerRow, findCustomerByIdentity, upsertCustomerIdentity } from './customers.repo.ts';
import { isDeletedIdentity } from './deleted-identities.ts';

/**
 * The row already says what the token says (no write needed). A verified row stays verified for
 * the same address: a token minted before the verification link was used still says false for
 * up to its lifetime, and must not take the verification back (issue 29: money notices were
 * withheld meanwhile).
 */
export function isUpToDate(row: CustomerRow, principal: Principal): boolean {
  const sameEmail = principal.email === null || row.email === principal.email;
  return (
    sameEmail &&
    (row.email_verified === principal.emailVerified || row.email_verified) &&
    row.is_staff === isStaff(principal)
  );
}

/** Staff (support, finance, admin) are not clients: the client list and its counts leave them out. */
const isStaff = (principal: Principal) => principal.roles.some(isStaffRole);

/**
 * The caller's customer row, created on their first authenticated call from what the token
 * says (subject, email, email_verified). Keyed by (issuer, subject). A token of an identity
 * whose account was deleted (still valid for its last minutes) is refused, not given a new row.
 */
export async function currentCustomer(db: Db, principal: Principal): Promise<CustomerRow> {
  // NOTE: read first — this runs on nearly every call, and a write per read costs a WAL flush.
  const existing = await findCustomerByIdentity(db, principal.issuer, principal.subject);
  if (existing && isUpToDate(existing, principal)) return existing;
  if (!existing && (await isDeletedIdentity(db, principal.issuer, principal.subject))) throw unauthorized();
  return upsertCustomerIdentity(db, {
    issuer: principal.issuer,
    subject: principal.subject,
    email: principal.email,
    emailVerified: principal.emailVerified,
    isStaff: isStaff(principal),
  });
}

/**
 * The caller as a paying customer: staff accounts hold no cards or plans of their own (issue 29),
 * so adding a card or buying a plan with a staff token is refused whichever client asks. With the
 * built-in provider the roles are the account's current ones (platform/app.ts re-reads them).
 */
export async function payingCustomer(db: Db, principal: Principal): Promise<CustomerRow> {
  if (isStaff(principal)) throw new AppError('FORBIDDEN', messages.staffNotCustomer);
  return currentCustomer(db, principal);
}
