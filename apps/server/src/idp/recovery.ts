import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@pria/contracts';
import { accountEmails } from '@pria/contracts/i18n/account-emails';
import { formatMessage, translator } from '@pria/contracts/i18n/format';
import { idpMessages } from '@pria/contracts/i18n/idp-pages';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { accountLanguage } from '../platform/language.ts';
import { enqueueEmail } from '../platform/outbox.ts';
import { passwordProblem } from '../platform/password-policy.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import { hashPassword } from './passwords.ts';
import { addressKey, addressLock, clearLock } from './sign-in-locks.ts';
import { remindInvitee } from './staff-invitations.ts';
import {
  findUserByEmail,
  identityAccount,
  normalizeEmail,
  revokeUserSessions,
  userInputsOf,
} from './users.ts';

/**
 * Password recovery on the built-in provider (issue 18): a single-use link by email, valid
 * RESET_TOKEN_MINUTES; only the SHA-256 of its token is stored (idp_email_tokens, purpose
 * 'reset-password'). Requests are throttled per address and per client IP from
 * idp_recovery_requests (Postgres, so it holds across processes), whatever the address.
 * Completing a reset sets the password, ends every session, grant and refresh token, and
 * reports the event; it never signs the user in, so a second factor is still asked next time.
 */
export const RESET_TOKEN_MINUTES = 30;
export const RESETS_PER_ADDRESS_PER_HOUR = 3;
export const RESETS_PER_IP_PER_HOUR = 10;
const PURPOSE = 'reset-password';
/** Longer input is not a token of ours (43 base64url characters). */
const TOKEN_MAX = 200;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** In English, written from the provider's catalog (the pages show them translated, ADR 74). */
export const recoveryMessages = {
  sent: formatMessage(idpMessages, 'en', 'resetSent'),
  addressThrottled: formatMessage(idpMessages, 'en', 'resetAddressThrottled'),
  ipThrottled: formatMessage(idpMessages, 'en', 'resetIpThrottled'),
  invalidLink: formatMessage(idpMessages, 'en', 'resetInvalidLink'),
  done: formatMessage(idpMessages, 'en', 'resetDone'),
} as const;

export type ResetRequestResult = { ok: true } | { ok: false; reason: 'address' | 'ip' };

/** The reset link's email in the account's language (ADR 74). */
function resetEmail(link: string, lang: Language) {
  const t = translator(accountEmails, lang);
  const expires = { minutes: RESET_TOKEN_MINUTES };
  const text = [t('reset.lead'), '', t('reset.open'), link, '', t('reset.expires', expires)].join('\n');
  const html = `<!doctype html><html${lang === 'en' ? '' : ` lang="${lang}"`}><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1f3a">
<h1 style="font-size:20px">${t.html('reset.heading')}</h1>
<p>${t.html('reset.lead')}</p>
<p><a href="${link}" style="display:inline-block;background:#0b1f3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${t.html('reset.button')}</a></p>
<p style="font-size:13px;color:#555">${t.html('reset.expires', expires)}</p>
</body></html>`;
  return { subject: t('reset.subject'), text, html };
}

/**
 * Records a reset request and, when the address belongs to an active account with a password,
 * queues the link (earlier unused links of that account stop working); an invited staff member
 * without a password is told where their invitation stands (staff-invitations.ts). The caller answers the
 * same words either way; the work is the same shape either way (a token is made and hashed, a
 * request row written, in one transaction).
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  emailInput: string,
  /** `language`: the page's, for an account that never said which it speaks (ADR 74). */
  ctx: { ip: string | null; language?: Language },
): Promise<ResetRequestResult> {
  const email = normalizeEmail(emailInput).slice(0, 320);
  const since = sql<Date>`now() - interval '1 hour'`;
  if (ctx.ip) {
    const { n } = await db
      .selectFrom('idp_recovery_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ctx.ip)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(n) >= RESETS_PER_IP_PER_HOUR) return { ok: false, reason: 'ip' };
  }
  const { n } = await db
    .selectFrom('idp_recovery_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= RESETS_PER_ADDRESS_PER_HOUR) return { ok: false, reason: 'address' };

  // The token is made (and hashed, in issueResetLink) whether or not the address is known.
  const token = randomBytes(32).toString('base64url');
  const user = await findUserByEmail(db, email);
  const eligible = user && !user.disabled && user.password_hash ? user : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('idp_recovery_requests')
      .values({ email, ip: ctx.ip, user_id: eligible?.id ?? null })
      .execute();
    if (eligible) {
      await issueResetLink(trx, config, eligible, token, ctx.language);
      return;
    }
    // Invited staff who never set a password get a word on their invitation instead (issue 30).
    if (user && !user.password_hash && (await remindInvitee(trx, config, user.id))) return;
    // Equivalent work for an unknown address: hash the token and look it up (finds nothing).
    await trx
      .updateTable('idp_email_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', PURPOSE)
      .execute();
  });
  return { ok: true };
}

/**
 * A staff member's "send reset link": the same link and email, without the throttles (the
 * staff route has its own limit and is audited). False when the identity cannot have one.
 */
export async function sendResetLinkTo(db: Db, config: Config, userId: string): Promise<boolean> {
  const user = await db.selectFrom('idp_users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.disabled || !user.password_hash) return false;
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute((trx) => issueResetLink(trx, config, user, token));
  return true;
}

/** Stops earlier unused links of the user, stores the new token's hash and queues the email. */
async function issueResetLink(
  trx: Db,
  config: Config,
  user: { id: string; email: string },
  token: string,
  fallback: Language = 'en',
) {
  await trx
    .updateTable('idp_email_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', user.id)
    .where('purpose', '=', PURPOSE)
    .where('used_at', 'is', null)
    .execute();
  await trx
    .insertInto('idp_email_tokens')
    .values({
      user_id: user.id,
      purpose: PURPOSE,
      token_hash: sha256(token),
      email: user.email,
      expires_at: sql<Date>`now() + make_interval(mins => ${RESET_TOKEN_MINUTES})`,
    })
    .execute();
  const link = `${config.publicUrl}/oidc/reset-password?token=${encodeURIComponent(token)}`;
  const account = identityAccount(config, user.id);
  await enqueueEmail(trx, {
    to: user.email,
    ...resetEmail(link, await accountLanguage(trx, account, fallback)),
    account,
  });
}

/** The identity a reset link is for, without using it up; null when invalid, used or expired. */
export async function findResetToken(db: Db, token: string) {
  if (!token || token.length > TOKEN_MAX) return null;
  const row = await db
    .selectFrom('idp_email_tokens as t')
    .innerJoin('idp_users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 'u.email', 'u.given_name', 'u.family_name', 'u.disabled'])
    .where('t.token_hash', '=', sha256(token))
    .where('t.purpose', '=', PURPOSE)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    // The link was sent to this address: it does not work once the email changed.
    .whereRef('t.email', '=', 'u.email')
    .executeTakeFirst();
  return row && !row.disabled ? row : null;
}

export type ResetResult =
  | { ok: true; userId: string }
  | { ok: false; reason: 'invalid-link' }
  | { ok: false; reason: 'weak-password'; message: string };

/**
 * Uses a reset link: checks the new password (the one rule, passwordProblem), then in one
 * transaction uses up the token, sets the password (clearing any sign-in lock), revokes every
 * session, grant and refresh token, and reports 'password_reset'. MFA stays as it was.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  notify: SecurityNotifier,
): Promise<ResetResult> {
  const found = await findResetToken(db, token);
  if (!found) return { ok: false, reason: 'invalid-link' };
  const problem = passwordProblem(password, userInputsOf(found));
  if (problem) return { ok: false, reason: 'weak-password', message: problem };
  const password_hash = await hashPassword(password);
  const done = await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('idp_email_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('id', '=', found.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    if (!used) return false;
    await trx
      .updateTable('idp_users')
      .set({ password_hash, updated_at: sql<Date>`now()` })
      .where('id', '=', found.user_id)
      .execute();
    // The link proved the mailbox: the address's sign-in lock ends with the new password.
    await clearLock(trx, addressLock, addressKey(found.email));
    await revokeUserSessions(trx, found.user_id, 'password_reset');
    await notify(trx, {
      userId: found.user_id,
      email: found.email,
      event: 'password_reset',
      eventId: String(found.id),
    });
    return true;
  });
  return done ? { ok: true, userId: found.user_id } : { ok: false, reason: 'invalid-link' };
}

/** Forgets requests older than a day (the throttles look back an hour). */
export async function sweepRecoveryRequests(db: Db): Promise<void> {
  await db
    .deleteFrom('idp_recovery_requests')
    .where('at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
