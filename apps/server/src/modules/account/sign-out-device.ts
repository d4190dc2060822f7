import { deviceMessages } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import { endSessionAccessTokens } from '../../platform/access-valid-after.ts';
import { type AuditContext, recordOwnSecurityChange } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { deviceWords } from '../../platform/device-words.ts';
import { notFound } from '../../platform/errors.ts';
import { currentCustomer } from '../customers/index.ts';
import { sendSecurityNotice } from '../notifications/index.ts';
import { logAccountEvent } from './account.repo.ts';

/**
 * Account → Security → "Sign out <device>" (issue 40): ends one of the caller's own sessions at
 * the provider (the session and its refresh tokens: its next refresh fails) and the access
 * tokens it holds (refused from its next call), in one transaction with the account's log line,
 * a staff member's audit row and the security notice (always sent: no preference holds it back).
 * A session id that is not one of the caller's live sessions is 404 and changes nothing.
 */
export async function signOutDevice(o: {
  db: Db;
  identityAdmin: IdentityAdmin;
  principal: Principal;
  sessionId: string;
  issuer: string;
  publicUrl: string;
  request?: Pick<AuditContext, 'requestId' | 'clientIp'>;
}): Promise<void> {
  const devices = o.identityAdmin.devices;
  if (!devices) throw notFound(deviceMessages.notFound);
  const customer = await currentCustomer(o.db, o.principal);
  const subject = o.principal.subject;
  await o.db.transaction().execute(async (tx) => {
    const ended = await devices.signOut(tx, subject, o.sessionId);
    if (!ended) throw notFound(deviceMessages.notFound);
    await endSessionAccessTokens(tx, subject, ended.sessionId);
    await logAccountEvent(tx, customer.id, 'signed out a device', {
      sessionId: ended.sessionId,
      device: deviceWords(ended.userAgent),
      fromThisDevice: ended.sessionId === o.principal.sessionId,
    });
    await recordOwnSecurityChange(tx, o.principal, 'device_signed_out', o.request);
    await sendSecurityNotice(
      tx,
      {
        userId: subject,
        email: o.principal.email ?? customer.email ?? '',
        event: 'device_signed_out',
        eventId: ended.sessionId,
        device: { userAgent: ended.userAgent, ip: ended.ip },
        issuer: o.issuer,
      },
      { publicUrl: o.publicUrl },
    );
  });
}
