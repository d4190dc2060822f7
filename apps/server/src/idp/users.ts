import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Language, legalDocuments } from '@pria/contracts';
import { accountEmails } from '@pria/contracts/i18n/account-emails';
import { formatMessage, translator } from '@pria/contracts/i18n/format';
import { idpMessages } from '@pria/contracts/i18n/idp-pages';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { endAccessTokens, type RevocationReason } from '../platform/access-valid-after.ts';
import type { Db } from '../platform/db.ts';
import { accountLanguage } from '../platform/language.ts';
import { enqueueEmail, type MessageAccount } from '../platform/outbox.ts';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordMessages,
  passwordProblem,
} from '../platform/password-policy.ts';
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  addressKey,
  addressLock,
  attemptFailed,
  clearLock,
  secondFactorLock,
  signInLockedMessage,
  takeAttempt,
} from './sign-in-locks.ts';

export { PASSWORD_MAX, PASSWORD_MIN, passwordProblem };
/** Per IP: this many failures within IP_WINDOW_MINUTES refuse further attempts from it. */
export const IP_MAX_FAILURES = 20;
export const IP_WINDOW_MINUTES = 15;
const VERIFY_TOKEN_HOURS = 48;

export type IdpUserErrorCode = 'INVALID_EMAIL' | 'WEAK_PASSWORD' | 'EMAIL_TAKEN';

export class IdpUserError extends Error {
  readonly code: IdpUserErrorCode;
  constructor(code: IdpUserErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/** The provider's refusals in English, written from its catalog (the pages show them translated, ADR 74). */
export const messages = {
  wrongCredentials: formatMessage(idpMessages, 'en', 'wrongCredentials'),
  locked: signInLockedMessage,
  signedOutElsewhere: formatMessage(idpMessages, 'en', 'signedOutElsewhere'),
  passwordTooShort: passwordMessages.tooShort,
  passwordTooLong: passwordMessages.tooLong,
  passwordTooCommon: passwordMessages.tooCommon,
  passwordTooWeak: passwordMessages.tooWeak,
  passwordsMustMatch: formatMessage(idpMessages, 'en', 'passwordsMustMatch'),
  invalidEmail: formatMessage(idpMessages, 'en', 'invalidEmail'),
  emailTaken: formatMessage(idpMessages, 'en', 'emailTaken'),
  termsRequired: formatMessage(idpMessages, 'en', 'termsRequired', {
    termsTitle: legalDocuments.terms.title.en,
    privacyTitle: legalDocuments.privacy.title.en,
  }),
} as const;

const emailSchema = z.email();

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewUser {
  email: string;
  password: string;
  roles?: string[];
  emailVerified?: boolean;
  givenName?: string | null;
  familyName?: string | null;
  /** The language the account is created in (its sign-up page's); its emails use it until the customer chooses. */
  language?: Language | null;
}

/**
 * Creates an identity (used by sign-up and the CLI's user:create). Throws IdpUserError for an
 * invalid email, a weak password or an email already registered. Pass a transaction as `db`
 * to tie the insert to other writes.
 */
export async function createUser(db: Db, input: NewUser): Promise<{ id: string }> {
  const email = normalizeEmail(input.email);
  if (!emailSchema.safeParse(email).success) throw new IdpUserError('INVALID_EMAIL', messages.invalidEmail);
  const problem = passwordProblem(input.password, [email, input.givenName ?? '', input.familyName ?? '']);
  if (problem) throw new IdpUserError('WEAK_PASSWORD', problem);
  const id = `auth|${randomUUID()}`;
  const password_hash = await hashPassword(input.password);
  const inserted = await db
    .insertInto('idp_users')
    .values({
      id,
      email,
      password_hash,
      email_verified: input.emailVerified ?? false,
      roles: input.roles?.length ? input.roles : ['customer'],
      given_name: input.givenName ?? null,
      family_name: input.familyName ?? null,
      language: input.language ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new IdpUserError('EMAIL_TAKEN', messages.emailTaken);
  return { id: inserted.id };
}

/** What a password must not be built from: the user's email and names. */
export const userInputsOf = (u: { email: string; given_name: string | null; family_name: string | null }) => [
  u.email,
  u.given_name ?? '',
  u.family_name ?? '',
];

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('idp_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('idp_users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export interface AttemptContext {
  ip: string | null;
  userAgent: string | null;
}

export type SignInResult = { ok: true; userId: string } | { ok: false; reason: 'invalid' | 'locked' };

export async function recordEvent(
  db: Db,
  e: {
    userId: string | null;
    email: string | null;
    success: boolean;
    reason: string | null;
  } & AttemptContext,
) {
  // A step that knows only the account (a second factor, a passkey, a recovery code) is still
  // recorded with its address: the Logs screen shows whose sign-in it was, the filter finds it by
  // email, and erasing the account's events by address reaches it (issue 29).
  const email =
    e.email ??
    (e.userId ? sql<string | null>`(select u.email from idp_users u where u.id = ${e.userId})` : null);
  await db
    .insertInto('idp_sign_in_events')
    .values({
      user_id: e.userId,
      email,
      ip: e.ip,
      user_agent: e.userAgent?.slice(0, 512) ?? null,
      success: e.success,
      reason: e.reason,
    })
    .execute();
}

/**
 * Checks an email and password with throttling kept in Postgres (so it holds across processes):
 * the submitted address's lock (sign-in-locks.ts: `addressLock`, counted whether or not an
 * account has the address, so a known and an unknown address answer alike, attempt for
 * attempt), and an IP with IP_MAX_FAILURES failures in IP_WINDOW_MINUTES is refused. An unknown
 * address is checked against a dummy hash, so it takes as long. Every attempt is recorded.
 */
export async function authenticate(
  db: Db,
  emailInput: string,
  password: string,
  ctx: AttemptContext,
): Promise<SignInResult> {
  const email = normalizeEmail(emailInput).slice(0, 320);
  if (ctx.ip) {
    const { n } = await db
      .selectFrom('idp_sign_in_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ctx.ip)
      .where('success', '=', false)
      .where('reason', 'in', ['password', 'unknown-user'])
      .where('at', '>', sql<Date>`now() - make_interval(mins => ${IP_WINDOW_MINUTES})`)
      .executeTakeFirstOrThrow();
    if (Number(n) >= IP_MAX_FAILURES) {
      await recordEvent(db, { ...ctx, userId: null, email, success: false, reason: 'ip-throttled' });
      return { ok: false, reason: 'locked' };
    }
  }

  const user = await findUserByEmail(db, email);
  const key = addressKey(email);
  const attempt = await takeAttempt(db, addressLock, key);
  if (!attempt.allowed) {
    await recordEvent(db, { ...ctx, userId: user?.id ?? null, email, success: false, reason: 'locked' });
    return { ok: false, reason: 'locked' };
  }
  const known = user?.password_hash && !user.disabled ? user : null;
  const right = await verifyPassword(password, known?.password_hash ?? (await dummyHash()));
  if (known && right) {
    await clearLock(db, addressLock, key);
    await recordEvent(db, { ...ctx, userId: known.id, email, success: true, reason: null });
    return { ok: true, userId: known.id };
  }
  await recordEvent(db, {
    ...ctx,
    userId: user?.id ?? null,
    email,
    success: false,
    reason: known ? 'password' : 'unknown-user',
  });
  const after = await attemptFailed(db, addressLock, key, attempt);
  return { ok: false, reason: after === 'locked' ? 'locked' : 'invalid' };
}

/**
 * Checks a signed-in user's current password (Account → Security's password change, issue 29)
 * through the sign-in page's own check: a wrong one counts toward the account's lock and the IP's
 * limit and is recorded, so the form cannot be used to guess passwords faster than sign-in.
 */
export async function checkCurrentPassword(
  db: Db,
  userId: string,
  password: string,
  ctx: AttemptContext,
): Promise<'ok' | 'wrong' | 'locked'> {
  const user = await findUserById(db, userId);
  if (!user) return 'wrong';
  const result = await authenticate(db, user.email, password, ctx);
  if (result.ok) return result.userId === userId ? 'ok' : 'wrong';
  return result.reason === 'locked' ? 'locked' : 'wrong';
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The address check's email in the account's language (ADR 74). */
function verificationEmail(link: string, lang: Language) {
  const t = translator(accountEmails, lang);
  const expires = { hours: VERIFY_TOKEN_HOURS };
  const text = [t('verify.welcome'), '', t('verify.open'), link, '', t('verify.expires', expires)].join('\n');
  const html = `<!doctype html><html${lang === 'en' ? '' : ` lang="${lang}"`}><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1f3a">
<h1 style="font-size:20px">${t.html('verify.heading')}</h1>
<p>${t.html('verify.lead')}</p>
<p><a href="${link}" style="display:inline-block;background:#0b1f3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${t.html('verify.button')}</a></p>
<p style="font-size:13px;color:#555">${t.html('verify.expires', expires)}</p>
</body></html>`;
  return { subject: t('verify.subject'), text, html };
}

/**
 * Queues an email with a single-use verification link for the user's current email (the
 * API's 'Verify Email' button; sign-up calls it in the same transaction as the insert).
 * Returns false when the user does not exist or is already verified.
 */
/** The account a message of the provider is sent for: its own identity (platform/outbox.ts). */
export function identityAccount(config: Config, userId: string): MessageAccount {
  return { issuer: config.oidc.issuer, subject: userId };
}

export async function sendVerificationEmail(db: Db, config: Config, userId: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user || user.email_verified) return false;
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('idp_email_tokens')
    .values({
      user_id: user.id,
      purpose: 'verify-email',
      token_hash: sha256(token),
      email: user.email,
      expires_at: new Date(Date.now() + VERIFY_TOKEN_HOURS * 3600 * 1000),
    })
    .execute();
  const link = `${config.publicUrl}/oidc/verify-email?token=${encodeURIComponent(token)}`;
  const account = identityAccount(config, user.id);
  await enqueueEmail(db, {
    to: user.email,
    ...verificationEmail(link, await accountLanguage(db, account)),
    account,
  });
  return true;
}

/** How many verification links an account may be sent in an hour (sign-up's and resends, ADR 68). */
export const VERIFY_LINKS_PER_HOUR = 5;

/**
 * "Resend the email" on the check-your-email page (ADR 68): a new link for the unverified account
 * of this address, unless it was sent VERIFY_LINKS_PER_HOUR already in the last hour. Earlier
 * links stay valid until they expire: each proves the same address, and emails may arrive out of
 * order. Returns nothing, and the caller answers alike whatever happened, so the page tells no one
 * whether the address has an account, is verified already, or was sent too many.
 */
export async function resendVerificationEmail(db: Db, config: Config, emailInput: string): Promise<void> {
  const user = await findUserByEmail(db, normalizeEmail(emailInput).slice(0, 320));
  if (!user || user.email_verified || user.disabled) return;
  await db.transaction().execute(async (trx) => {
    // Counted under the account's row lock, so two resends at once cannot both pass the limit.
    await trx.selectFrom('idp_users').select('id').where('id', '=', user.id).forUpdate().execute();
    const { n } = await trx
      .selectFrom('idp_email_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'verify-email')
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(n) >= VERIFY_LINKS_PER_HOUR) return;
    await sendVerificationEmail(trx, config, user.id);
  });
}

/** The digest a browser that used a verification link keeps of it (a cookie), never the link itself. */
export const verificationLinkDigest = (token: string) => sha256(token);

/**
 * A verification link already used whose address is verified: opened again (a reload), it says so
 * instead of "expired" (ADR 68). An unknown or expired link, or one whose address changed since, is not.
 */
export async function verificationLinkUsed(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom('idp_email_tokens as t')
    .innerJoin('idp_users as u', (j) => j.onRef('u.id', '=', 't.user_id').onRef('u.email', '=', 't.email'))
    .select('t.id')
    .where('t.token_hash', '=', sha256(token))
    .where('t.purpose', '=', 'verify-email')
    .where('t.used_at', 'is not', null)
    .where('u.email_verified', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/** Told, inside the verifying transaction, that a user's address is now verified. */
export type EmailVerifiedHook = (tx: Db, e: { subject: string; email: string }) => Promise<void>;

/** Consumes a verification token; returns the user id, or null when unknown, used or expired. */
export async function consumeVerificationToken(
  db: Db,
  token: string,
  onVerified?: EmailVerifiedHook,
): Promise<string | null> {
  if (!token || token.length > 200) return null;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('idp_email_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', sha256(token))
      .where('purpose', '=', 'verify-email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['user_id', 'email'])
      .executeTakeFirst();
    if (!row) return null;
    // Only the address the link was sent to is verified (the email may have changed since).
    const verified = await trx
      .updateTable('idp_users')
      .set({ email_verified: true, updated_at: sql<Date>`now()` })
      .where('id', '=', row.user_id)
      .where('email', '=', row.email)
      .executeTakeFirst();
    if (verified.numUpdatedRows > 0n) await onVerified?.(trx, { subject: row.user_id, email: row.email });
    return row.user_id;
  });
}

/**
 * Signs a user out everywhere: deletes their provider sessions, grants, codes and refresh
 * tokens, and ends the JWT access tokens already issued (their "valid after" instant, issue 30),
 * which the API checks on every call. Pass a transaction as `db` to tie it to the change.
 * The generation moves and the rows go in one transaction (ADR 51): a refresh then reads either
 * its token and the old generation (and mints tokens already dead) or neither.
 */
export async function revokeUserSessions(db: Db, userId: string, reason: RevocationReason): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => revokeUserSessions(trx, userId, reason));
    return;
  }
  await endAccessTokens(db, userId, reason);
  const grants = await db
    .selectFrom('oidc_payloads')
    .select('id')
    .where('type', '=', 'Grant')
    .where('account_id', '=', userId)
    .execute();
  const grantIds = grants.map((g) => g.id);
  await db
    .deleteFrom('oidc_payloads')
    .where((eb) =>
      grantIds.length
        ? eb.or([eb('account_id', '=', userId), eb('grant_id', 'in', grantIds)])
        : eb('account_id', '=', userId),
    )
    .execute();
}

/**
 * Replaces a user's password (argon2id). Throws IdpUserError('WEAK_PASSWORD') for a password
 * outside the rules; returns false when the user does not exist. Clears its address's lock.
 * Callers sign the user out everywhere afterwards (revokeUserSessions).
 */
export async function setPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  const problem = passwordProblem(password, user ? userInputsOf(user) : []);
  if (problem) throw new IdpUserError('WEAK_PASSWORD', problem);
  if (!user) return false;
  const password_hash = await hashPassword(password);
  const res = await db
    .updateTable('idp_users')
    .set({ password_hash, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .executeTakeFirst();
  await clearLock(db, addressLock, addressKey(user.email));
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Deletes an identity for good: sessions, grants and tokens first, then the user row (its email
 * tokens, MFA tickets, challenges and sign-in events go with it by cascade), the failed sign-in
 * events that named its email without a user id, and its sign-in locks' counters.
 */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  await revokeUserSessions(db, userId, 'identity_deleted');
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('idp_users')
      .where('id', '=', userId)
      .returning('email')
      .executeTakeFirst();
    if (gone) {
      await trx.deleteFrom('idp_sign_in_events').where('email', '=', gone.email).execute();
      await trx.deleteFrom('idp_recovery_requests').where('email', '=', gone.email).execute();
      await clearLock(trx, addressLock, addressKey(gone.email));
      await clearLock(trx, secondFactorLock, userId);
    }
    return gone !== undefined;
  });
}
