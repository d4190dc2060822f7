import { type Selectable, sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import type { IdpMfaChallengesTable, MfaMethod } from '../platform/schema/idp-tables.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import {
  MFA_CODE_DIGITS,
  MFA_CODE_MINUTES,
  MFA_MAX_ATTEMPTS,
  MFA_MAX_SENDS,
  profilePhone,
  sendCode,
} from './mfa.ts';
import { codeMatches, hashCode, maskEmail, maskPhone, numericCode, openSecret } from './mfa-secrets.ts';
import { recoveryCodesLeft, useRecoveryCode } from './recovery-codes.ts';
import { attemptFailed, clearLock, isLocked, secondFactorLock, takeAttempt } from './sign-in-locks.ts';
import { matchTotp } from './totp.ts';
import { type AttemptContext, findUserById, identityAccount, recordEvent } from './users.ts';

/**
 * The second step of a sign-in. A challenge is keyed by the oidc-provider interaction (whose
 * cookie binds it to one browser) and exists only once the password was right. Wrong codes
 * are limited per challenge (then the sign-in restarts) and per account across sign-ins by the
 * one second-factor lock (sign-in-locks.ts), which wrong recovery codes and refused passkeys
 * count toward too, so knowing the password does not buy unlimited guesses of any kind.
 */
export const MFA_USER_MAX_SENDS_PER_HOUR = 10;

type ChallengeRow = Selectable<IdpMfaChallengesTable>;

export async function findOpenChallenge(db: Db, uid: string): Promise<ChallengeRow | undefined> {
  return db
    .selectFrom('idp_mfa_challenges')
    .selectAll()
    .where('interaction_uid', '=', uid)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('attempts', '<', MFA_MAX_ATTEMPTS)
    .executeTakeFirst();
}

export type SendResult = { ok: true; to: string | null } | { ok: false; reason: 'too-many-sends' };

/**
 * Sends a fresh code for an SMS or email challenge (the previous one stops working).
 * NOTE: an SMS user whose profile lost its phone gets the code by email rather than being
 * locked out; the email is the identity's own address.
 */
async function sendChallengeCode(
  db: Db,
  config: Config,
  c: ChallengeRow,
  ctx: AttemptContext,
): Promise<SendResult> {
  if (c.method === 'authenticator') return { ok: true, to: null };
  const user = await findUserById(db, c.user_id);
  if (!user) return { ok: false, reason: 'too-many-sends' };
  const { n } = await db
    .selectFrom('idp_sign_in_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', c.user_id)
    .where('reason', '=', 'mfa-code-sent')
    .where('at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (c.sends >= MFA_MAX_SENDS || Number(n) >= MFA_USER_MAX_SENDS_PER_HOUR)
    return { ok: false, reason: 'too-many-sends' };
  const phone = c.method === 'sms' ? await profilePhone(db, config, c.user_id) : null;
  const code = numericCode(MFA_CODE_DIGITS);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('idp_mfa_challenges')
      .set({
        code_hash: hashCode(code),
        sends: c.sends + 1,
        expires_at: new Date(Date.now() + MFA_CODE_MINUTES * 60_000),
      })
      .where('id', '=', c.id)
      .execute();
    const account = identityAccount(config, c.user_id);
    await sendCode(trx, phone ? 'sms' : 'email', { to: phone ?? user.email, account }, code, 'sign-in');
    await recordEvent(trx, {
      ...ctx,
      userId: c.user_id,
      email: null,
      success: true,
      reason: 'mfa-code-sent',
    });
  });
  return { ok: true, to: phone ? maskPhone(phone) : maskEmail(user.email) };
}

export type StartResult =
  | { ok: true; method: MfaMethod; to: string | null }
  | { ok: false; reason: 'locked' | 'too-many-sends' };

/** Opens (or restarts) the second step for this interaction once the password was right. */
export async function startSignInChallenge(
  db: Db,
  config: Config,
  opts: { uid: string; userId: string; method: MfaMethod; ctx: AttemptContext },
): Promise<StartResult> {
  if (await isLocked(db, secondFactorLock, opts.userId)) return { ok: false, reason: 'locked' };
  const values = {
    user_id: opts.userId,
    method: opts.method,
    code_hash: null,
    attempts: 0,
    sends: 0,
    expires_at: new Date(Date.now() + MFA_CODE_MINUTES * 60_000),
    used_at: null,
  };
  const challenge = await db
    .insertInto('idp_mfa_challenges')
    .values({ interaction_uid: opts.uid, ...values })
    .onConflict((oc) => oc.column('interaction_uid').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  const sent = await sendChallengeCode(db, config, challenge, opts.ctx);
  if (!sent.ok) return sent;
  return { ok: true, method: opts.method, to: sent.to };
}

export async function resendSignInCode(
  db: Db,
  config: Config,
  uid: string,
  ctx: AttemptContext,
): Promise<SendResult> {
  const c = await findOpenChallenge(db, uid);
  if (!c) return { ok: false, reason: 'too-many-sends' };
  return sendChallengeCode(db, config, c, ctx);
}

export type VerifyResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'wrong' | 'used' | 'restart' | 'locked' };

/**
 * A wrong code or recovery code: it counts toward the challenge's attempts (the sign-in restarts
 * after MFA_MAX_ATTEMPTS) and stays counted by the account's second-factor lock, which the one
 * that uses up the window turns on.
 */
async function wrongAnswer(trx: Db, c: ChallengeRow, attempt: { number: number }): Promise<VerifyResult> {
  const attempts = c.attempts + 1;
  await trx.updateTable('idp_mfa_challenges').set({ attempts }).where('id', '=', c.id).execute();
  if ((await attemptFailed(trx, secondFactorLock, c.user_id, attempt)) === 'locked')
    return { ok: false, reason: 'locked' };
  return { ok: false, reason: attempts >= MFA_MAX_ATTEMPTS ? 'restart' : 'wrong' };
}

/** Checks the second factor; a TOTP code is accepted once (its time step must be new). */
export async function verifySignInChallenge(
  db: Db,
  key: Buffer,
  uid: string,
  code: string,
  ctx: AttemptContext,
): Promise<VerifyResult> {
  const clean = code.replace(/\s/g, '');
  const result = await db.transaction().execute(async (trx): Promise<VerifyResult> => {
    const c = await trx
      .selectFrom('idp_mfa_challenges')
      .selectAll()
      .where('interaction_uid', '=', uid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!c || c.attempts >= MFA_MAX_ATTEMPTS) return { ok: false, reason: 'restart' };
    const attempt = await takeAttempt(trx, secondFactorLock, c.user_id);
    if (!attempt.allowed) return { ok: false, reason: 'locked' };
    let right = false;
    // An authenticator's code right for now but accepted before (a code works once): said as such,
    // not as a wrong code (a walk: the code after setting up the app, in the same 30 s, read
    // "That code is not right" and the app looked broken). It counts as a wrong answer all the same.
    let used = false;
    if (c.method === 'authenticator') {
      const user = await findUserById(trx, c.user_id);
      const step = user?.mfa_totp_secret
        ? matchTotp(openSecret(key, user.mfa_totp_secret), clean, Date.now())
        : null;
      if (step !== null) {
        const fresh = await trx
          .updateTable('idp_users')
          .set({ mfa_totp_last_step: step })
          .where('id', '=', c.user_id)
          .where((eb) => eb.or([eb('mfa_totp_last_step', 'is', null), eb('mfa_totp_last_step', '<', step)]))
          .returning('id')
          .executeTakeFirst();
        right = fresh !== undefined;
        used = !right;
      }
    } else {
      right = /^\d{6}$/.test(clean) && codeMatches(clean, c.code_hash);
    }
    if (right) {
      await trx
        .updateTable('idp_mfa_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', c.id)
        .execute();
      await clearLock(trx, secondFactorLock, c.user_id);
      await recordEvent(trx, { ...ctx, userId: c.user_id, email: null, success: true, reason: 'mfa' });
      return { ok: true, userId: c.user_id };
    }
    await recordEvent(trx, { ...ctx, userId: c.user_id, email: null, success: false, reason: 'mfa' });
    const wrong = await wrongAnswer(trx, c, attempt);
    return used && !wrong.ok && wrong.reason === 'wrong' ? { ok: false, reason: 'used' } : wrong;
  });
  return result;
}

/**
 * The second step with a recovery code instead (issue 29): the open challenge counts the
 * attempts as for a code, and a right code is used up at once (each works once). The account's
 * owner is told, in the same transaction, with how many codes are left: a recovery code in
 * someone else's hands signs in without the phone.
 */
export async function verifySignInRecovery(
  db: Db,
  uid: string,
  code: string,
  ctx: AttemptContext,
  notify: SecurityNotifier,
): Promise<VerifyResult> {
  return db.transaction().execute(async (trx): Promise<VerifyResult> => {
    const c = await trx
      .selectFrom('idp_mfa_challenges')
      .selectAll()
      .where('interaction_uid', '=', uid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!c || c.attempts >= MFA_MAX_ATTEMPTS) return { ok: false, reason: 'restart' };
    const attempt = await takeAttempt(trx, secondFactorLock, c.user_id);
    if (!attempt.allowed) return { ok: false, reason: 'locked' };
    if (await useRecoveryCode(trx, c.user_id, code)) {
      await trx
        .updateTable('idp_mfa_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', c.id)
        .execute();
      await clearLock(trx, secondFactorLock, c.user_id);
      await recordEvent(trx, {
        ...ctx,
        userId: c.user_id,
        email: null,
        success: true,
        reason: 'recovery code',
      });
      const user = await findUserById(trx, c.user_id);
      if (user)
        await notify(trx, {
          userId: c.user_id,
          email: user.email,
          event: 'recovery_code_used',
          eventId: String(c.id),
          codesLeft: await recoveryCodesLeft(trx, c.user_id),
        });
      return { ok: true, userId: c.user_id };
    }
    await recordEvent(trx, {
      ...ctx,
      userId: c.user_id,
      email: null,
      success: false,
      reason: 'recovery code',
    });
    return wrongAnswer(trx, c, attempt);
  });
}
