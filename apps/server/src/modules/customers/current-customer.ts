import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { type CustomerRow, upsertCustomerIdentity } from './customers.repo.ts';

/**
 * The caller's customer row, created on their first authenticated call from what the token
 * says (subject, email, email_verified). Keyed by (issuer, subject).
 */
export async function currentCustomer(db: Db, principal: Principal): Promise<CustomerRow> {
  return upsertCustomerIdentity(db, {
    issuer: principal.issuer,
    subject: principal.subject,
    email: principal.email,
    emailVerified: principal.emailVerified,
  });
}
