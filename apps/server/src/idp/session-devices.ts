import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../platform/db.ts';
import { isNewDevice } from '../platform/device-words.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';

/**
 * The devices an account is signed in on (issue 40, ADR 64). A device is one of the provider's
 * live sessions (an `oidc_payloads` row of type 'Session'), known to the customer by the browser
 * and address it signed in from: each completed sign-in writes an `idp_session_sign_ins` row
 * naming its session by the session's public uid (the `sid` its tokens carry), never by its
 * cookie value.
 */

/**
 * Where a sign-in's interaction result carries the browser and address that completed it (set by
 * `resultUrl` in idp/index.ts from Fastify's request, read when the session is saved).
 */
export const RESULT_DEVICE = 'signedInFrom';

export interface SignInDevice {
  ip: string | null;
  userAgent: string | null;
}

/** What a sign-in's result carries: the device, and an id naming the sign-in once. */
export interface SignInNote extends SignInDevice {
  signInId: string;
}

/** The note `resultUrl` adds to a sign-in's interaction result. */
export const signInNote = (device: SignInDevice): SignInNote => ({ ...device, signInId: randomUUID() });

export interface LiveSession extends SignInDevice {
  sessionId: string;
  signedInAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The browser's own words, bounded as the table is. */
const bounded = (value: string | null, max: number) => (value ? value.slice(0, max) : null);

export function signInNoteOf(value: unknown): SignInNote | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (typeof v.signInId !== 'string' || !UUID.test(v.signInId)) return null;
  return {
    signInId: v.signInId,
    ip: typeof v.ip === 'string' ? bounded(v.ip, 64) : null,
    userAgent: typeof v.userAgent === 'string' ? bounded(v.userAgent, 512) : null,
  };
}

/**
 * Records a completed sign-in (once: the consent step logs the same result again) and, when it
 * comes from a device the account never signed in from (`isNewDevice`, ADR 68), tells the owner
 * through `notify` in the same transaction: the security notice, sent whatever the settings.
 */
export async function recordSessionSignIn(
  db: Db,
  s: { userId: string; sessionId: string; note: SignInNote },
  notify?: SecurityNotifier,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('idp_session_sign_ins')
      .values({
        user_id: s.userId,
        session_uid: s.sessionId,
        sign_in_id: s.note.signInId,
        user_agent: s.note.userAgent,
        ip: s.note.ip,
      })
      // The consent step after a sign-in logs the same result into the session again.
      .onConflict((oc) => oc.column('sign_in_id').doNothing())
      .returning(['id', 'signed_in_at'])
      .executeTakeFirst();
    if (!row || !notify) return;
    const earlier = await tx
      .selectFrom('idp_session_sign_ins')
      .select('user_agent')
      .distinct()
      .where('user_id', '=', s.userId)
      .where('id', '<', row.id)
      .execute();
    if (
      !isNewDevice(
        s.note.userAgent,
        earlier.map((e) => e.user_agent),
      )
    )
      return;
    const user = await tx
      .selectFrom('idp_users')
      .select('email')
      .where('id', '=', s.userId)
      .executeTakeFirst();
    if (!user) return;
    await notify(tx, {
      userId: s.userId,
      email: user.email,
      event: 'new_device_sign_in',
      eventId: s.note.signInId,
      device: { userAgent: s.note.userAgent, ip: s.note.ip },
      at: new Date(row.signed_in_at),
    });
  });
}

/** The subject's current generation (ADR 51): a session below it is ended, whatever its row says. */
const currentGeneration = (userId: string) =>
  sql<number>`coalesce((select r.generation from access_valid_after r where r.subject = ${userId}), 0)`;

/** The account's live sessions, the latest sign-in first, each with the sign-in that opened it. */
export async function listLiveSessions(db: Db, userId: string): Promise<LiveSession[]> {
  const { rows } = await sql<{
    session_id: string;
    login_ts: string | null;
    user_agent: string | null;
    ip: string | null;
    signed_in_at: Date | null;
  }>`
    select p.uid as session_id, p.payload->>'loginTs' as login_ts, d.user_agent, d.ip, d.signed_in_at
      from oidc_payloads p
      left join lateral (
        select s.user_agent, s.ip, s.signed_in_at from idp_session_sign_ins s
         where s.session_uid = p.uid and s.user_id = p.account_id
         order by s.signed_in_at desc, s.id desc limit 1) d on true
     where p.type = 'Session' and p.account_id = ${userId} and p.uid is not null
       and (p.expires_at is null or p.expires_at > now())
       and coalesce(p.generation, 0) >= ${currentGeneration(userId)}
     order by coalesce(d.signed_in_at, to_timestamp((p.payload->>'loginTs')::bigint)) desc nulls last, p.uid`.execute(
    db,
  );
  return rows.map((r) => ({
    sessionId: r.session_id,
    ip: r.ip,
    userAgent: r.user_agent,
    signedInAt: r.signed_in_at ?? new Date(Number(r.login_ts ?? 0) * 1000),
  }));
}

/** The account's latest completed sign-ins, newest first. */
export async function listRecentSignIns(db: Db, userId: string, limit: number) {
  const rows = await db
    .selectFrom('idp_session_sign_ins')
    .select(['session_uid', 'user_agent', 'ip', 'signed_in_at'])
    .where('user_id', '=', userId)
    .orderBy('signed_in_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    sessionId: r.session_uid,
    ip: r.ip,
    userAgent: r.user_agent,
    signedInAt: new Date(r.signed_in_at),
  }));
}

/**
 * Signs one device out at the provider: its session, the grants it holds and everything issued
 * under them (codes, refresh tokens), and any refresh token naming the session. Its next refresh
 * answers `invalid_grant`. Only a live session of `userId` is ended: another account's session
 * id, or one already gone, returns null and changes nothing. Pass the transaction that also ends
 * the session's access tokens.
 */
export async function endSession(db: Db, userId: string, sessionId: string): Promise<LiveSession | null> {
  const live = (await listLiveSessions(db, userId)).find((s) => s.sessionId === sessionId);
  if (!live) return null;
  const row = await db
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('type', '=', 'Session')
    .where('uid', '=', sessionId)
    .where('account_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const authorizations = (row.payload as { authorizations?: Record<string, { grantId?: unknown }> })
    .authorizations;
  const grantIds = Object.values(authorizations ?? {})
    .map((a) => a.grantId)
    .filter((g): g is string => typeof g === 'string');
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      eb.or([
        eb.and([eb('type', '=', 'Session'), eb('id', '=', row.id)]),
        eb.and([eb('account_id', '=', userId), eb(sql`payload->>'sessionUid'`, '=', sessionId)]),
        ...(grantIds.length
          ? [eb('grant_id', 'in', grantIds), eb.and([eb('type', '=', 'Grant'), eb('id', 'in', grantIds)])]
          : []),
      ]),
    )
    .execute();
  return live;
}
