import type { AccountSessions, Language } from '@pria/contracts';
import type { IdentityAdmin } from '../../identity-admin/port.ts';
import type { Principal } from '../../platform/auth.ts';
import { deviceWords, placeWords } from '../../platform/device-words.ts';

/** How many sign-ins Account → Security shows. */
const RECENT_SIGN_INS = 10;

/**
 * Account → Security: the caller's own signed-in devices and latest sign-ins (issue 40), the
 * device this request comes from marked (its token's session), each device and place in words
 * in the reader's language. Only the caller's subject is ever asked for, so no one sees another's.
 */
export async function listOwnSessions(o: {
  identityAdmin: IdentityAdmin;
  principal: Principal;
  language?: Language;
}): Promise<AccountSessions> {
  const lang = o.language ?? 'en';
  const devices = o.identityAdmin.devices;
  if (!devices) return { devices: [], signIns: [] };
  const subject = o.principal.subject;
  const [live, recent] = await Promise.all([
    devices.list(subject),
    devices.recentSignIns(subject, RECENT_SIGN_INS),
  ]);
  const liveIds = new Set(live.map((d) => d.sessionId));
  const current = o.principal.sessionId ?? null;
  return {
    devices: live.map((d) => ({
      id: d.sessionId,
      device: deviceWords(d.userAgent, lang),
      place: placeWords(d.ip, lang),
      signedInAt: d.signedInAt.toISOString(),
      current: d.sessionId === current,
    })),
    signIns: recent.map((s) => ({
      device: deviceWords(s.userAgent, lang),
      place: placeWords(s.ip, lang),
      at: s.signedInAt.toISOString(),
      signedIn: liveIds.has(s.sessionId),
      current: s.sessionId === current,
    })),
  };
}
