import type { Language } from '@pria/contracts';
import { accountEmails } from '@pria/contracts/i18n/account-emails';
import { translator } from '@pria/contracts/i18n/format';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { recordConsents } from '../platform/consents.ts';
import type { Db } from '../platform/db.ts';
import { accountLanguage } from '../platform/language.ts';
import { enqueueEmail } from '../platform/outbox.ts';
import { FORGOT_PATH } from './recovery.routes.ts';
import {
  createUser,
  findUserByEmail,
  IdpUserError,
  identityAccount,
  sendVerificationEmail,
} from './users.ts';

/**
 * The sign-up form's use case (issue 39). It answers the same, and does the same kind of work,
 * whether the address is new or already has an account, so sign-up tells no one which addresses
 * have one: a new address gets its account and a verification link; a taken address gets no
 * second account, and its owner an email saying someone tried (at most one an hour), with the way
 * to log in or reset the password. The caller shows "Check your email" either way. Both count
 * toward the per-IP sign-up limit. Throws IdpUserError for an invalid address or weak password
 * (checked before the address is looked at, so those answers are alike too).
 */
export interface SignUpInput {
  email: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
  /** The sign-up page's language: kept on the account (its emails) and on the consents given. */
  language: Language;
}

export type SignUpResult =
  | { outcome: 'created'; userId: string }
  | { outcome: 'taken' }
  | { outcome: 'too-many-from-ip' };

/** The sign-in events a sign-up leaves: a new account, or a try with an address already taken. */
const signUpReasons = ['signup', 'signup-taken'];

export async function signUp(db: Db, config: Config, input: SignUpInput): Promise<SignUpResult> {
  if (input.ip && (await signUpsFromIp(db, input.ip)) >= config.signupsPerIpPerHour)
    return { outcome: 'too-many-from-ip' };
  const userAgent = input.userAgent?.slice(0, 512) ?? null;
  return db.transaction().execute(async (trx): Promise<SignUpResult> => {
    let userId: string;
    try {
      ({ id: userId } = await createUser(trx, {
        email: input.email,
        password: input.password,
        language: input.language,
      }));
    } catch (err) {
      if (!(err instanceof IdpUserError && err.code === 'EMAIL_TAKEN')) throw err;
      await tellOwner(trx, config, input.email, { ip: input.ip, userAgent });
      return { outcome: 'taken' };
    }
    await sendVerificationEmail(trx, config, userId);
    // The sign-up page's checkbox: the terms and privacy policy as they read today.
    await recordConsents(
      trx,
      { issuer: config.oidc.issuer, subject: userId, ip: input.ip, userAgent, language: input.language },
      { documents: ['terms', 'privacy'], context: 'sign-up' },
    );
    await trx
      .insertInto('idp_sign_in_events')
      .values({
        user_id: userId,
        email: input.email,
        ip: input.ip,
        user_agent: userAgent,
        success: true,
        reason: 'signup',
      })
      .execute();
    return { outcome: 'created', userId };
  });
}

async function signUpsFromIp(db: Db, ip: string): Promise<number> {
  const { n } = await db
    .selectFrom('idp_sign_in_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('reason', 'in', signUpReasons)
    .where('at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Emails the owner of a taken address (once an hour at most: the outbox's dedupe key carries the
 * hour, so sign-ups from many addresses cannot flood their mailbox) and records the try in their
 * sign-in log.
 */
async function tellOwner(
  trx: Db,
  config: Config,
  email: string,
  ctx: { ip: string | null; userAgent: string | null },
) {
  const owner = await findUserByEmail(trx, email);
  if (!owner) return;
  const hour = Math.floor(Date.now() / 3_600_000);
  // For the owner's account, in its language: the address is theirs, whoever typed it.
  const account = identityAccount(config, owner.id);
  await enqueueEmail(trx, {
    to: owner.email,
    dedupeKey: `signup-taken:${owner.id}:${hour}`,
    ...takenAddressEmail(
      `${config.publicUrl}/login`,
      `${config.publicUrl}${FORGOT_PATH}`,
      await accountLanguage(trx, account),
    ),
    account,
  });
  await trx
    .insertInto('idp_sign_in_events')
    .values({
      user_id: owner.id,
      email: owner.email,
      ip: ctx.ip,
      user_agent: ctx.userAgent,
      success: false,
      reason: 'signup-taken',
    })
    .execute();
}

/** The owner's note in their account's language (ADR 74). */
function takenAddressEmail(loginLink: string, resetLink: string, lang: Language) {
  const t = translator(accountEmails, lang);
  const text = [
    t('taken.lead'),
    '',
    t('taken.logIn', { link: loginLink }),
    t('taken.reset', { link: resetLink }),
    '',
    t('taken.notYou'),
  ].join('\n');
  const html = `<!doctype html><html${lang === 'en' ? '' : ` lang="${lang}"`}><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0b1f3a">
<h1 style="font-size:20px">${t.html('taken.heading')}</h1>
<p>${t.html('taken.lead')}</p>
<p>${t.html('taken.choice')}</p>
<p><a href="${loginLink}" style="display:inline-block;background:#0b1f3a;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${t.html('taken.logInButton')}</a></p>
<p><a href="${resetLink}" style="color:#0b1f3a">${t.html('taken.resetLink')}</a></p>
<p style="font-size:13px;color:#555">${t.html('taken.notYou')}</p>
</body></html>`;
  return { subject: t('taken.subject'), text, html };
}
