import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { endAccessTokens, type RevocationReason } from '../../platform/access-valid-after.ts';
import { type AuditContext, recordOwnSecurityChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { currentCustomer } from '../customers/index.ts';
import { logAccountEvent } from './account.repo.ts';

/**
 * Ends every way in for a subject, whichever identity provider keeps it: the provider's
 * sessions and refresh tokens, and (issue 30) every access token issued until now, which the
 * API refuses from the next call on, in every process within seconds.
 */
export async function endEverySession(
  db: Db,
  identityAdmin: IdentityAdmin,
  subject: string,
  reason: RevocationReason,
): Promise<void> {
  await identityAdmin.revokeSessions(subject, reason);
  await endAccessTokens(db, subject, reason);
}

/** Account → Security → "Sign out everywhere": this device too. */
export async function signOutEverywhere(o: {
  db: Db;
  identityAdmin: IdentityAdmin;
  principal: Principal;
  request?: Pick<AuditContext, 'requestId' | 'clientIp'>;
}): Promise<void> {
  const customer = await currentCustomer(o.db, o.principal);
  await endEverySession(o.db, o.identityAdmin, o.principal.subject, 'signed_out_everywhere');
  await logAccountEvent(o.db, customer.id, 'signed out everywhere');
  await recordOwnSecurityChange(o.db, o.principal, 'signed_out_everywhere', o.request);
}
