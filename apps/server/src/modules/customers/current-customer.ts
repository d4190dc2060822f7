import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { unauthorized } from '../../platform/errors.ts';
import { type CustomerRow, upsertCustomerIdentity } from './customers.repo.ts';
import { isDeletedIdentity } from './deleted-identities.ts';

/**
 * The caller's customer row, created on their first authenticated call from what the token
 * says (subject, email, email_verified). Keyed by (issuer, subject). A token of an identity
 * whose account was deleted (still valid for its last minutes) is refused, not given a new row.
 */
export async function currentCustomer(db: Db, principal: Principal): Promise<CustomerRow> {
  if (await isDeletedIdentity(db, principal.issuer, principal.subject)) throw unauthorized();
  return upsertCustomerIdentity(db, {
    issuer: principal.issuer,
    subject: principal.subject,
    email: principal.email,
    emailVerified: principal.emailVerified,
  });
}
