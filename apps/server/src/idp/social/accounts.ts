import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { findUserByEmail, findUserById, sendVerificationEmail } from '../users.ts';
import type { Upstream, UpstreamIdentity } from './upstream.ts';

/**
 * Which Pria account a social sign-in lands on:
 * - the account `<prefix>|<upstream id>` (e.g. `google-oauth2|1234`) when it exists;
 * - else an existing account with the same email, but ONLY when the upstream vouches for the
 *   email (Google's email_verified) and that account's email is verified too (otherwise whoever
 *   registered the address first, without proving it, would get the social user's account);
 * - else a new social account with no password (password sign-in is refused for it).
 * Every refusal says why; nothing is linked silently.
 */
export type SocialAccountOutcome =
  | { ok: true; accountId: string; how: 'existing' | 'linked' | 'created' }
  | { ok: false; message: string };

export function socialMessages(label: string) {
  return {
    noEmail: `Your ${label} account did not share an email address with Pria, so we cannot sign you in with it. Log in with your email and password instead.`,
    unverifiedEmail: `An account with this email already exists. ${label} did not confirm that this email address is yours, so we did not connect it to that account: log in with your email and password.`,
    localUnverified: `An account with this email already exists but its email address is not verified yet. Log in with your email and password and verify your email first; then you can continue with ${label}.`,
    disabled: 'This account cannot sign in. Please contact support.',
    failed: `We could not sign you in with ${label}. Please try again, or log in with your email and password.`,
  };
}

export async function resolveSocialAccount(
  db: Db,
  config: Config,
  upstream: Upstream,
  who: UpstreamIdentity,
): Promise<SocialAccountOutcome> {
  const text = socialMessages(upstream.label);
  const id = `${upstream.accountPrefix}|${who.subject}`;

  for (let attempt = 0; attempt < 2; attempt++) {
    const own = await findUserById(db, id);
    if (own)
      return own.disabled
        ? { ok: false, message: text.disabled }
        : { ok: true, accountId: own.id, how: 'existing' };
    if (!who.email) return { ok: false, message: text.noEmail };

    const sameEmail = await findUserByEmail(db, who.email);
    if (sameEmail) {
      if (!who.emailVerified) return { ok: false, message: text.unverifiedEmail };
      if (!sameEmail.email_verified) return { ok: false, message: text.localUnverified };
      if (sameEmail.disabled) return { ok: false, message: text.disabled };
      return { ok: true, accountId: sameEmail.id, how: 'linked' };
    }

    const created = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('idp_users')
        .values({
          id,
          email: who.email as string,
          password_hash: null,
          email_verified: who.emailVerified,
          roles: ['customer'],
          given_name: who.givenName?.slice(0, 100) ?? null,
          family_name: who.familyName?.slice(0, 100) ?? null,
        })
        // A concurrent first sign-in (same id) or sign-up (same email) won: look again.
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row && !who.emailVerified) await sendVerificationEmail(trx, config, row.id);
      return row;
    });
    if (created) return { ok: true, accountId: created.id, how: 'created' };
  }
  return { ok: false, message: text.failed };
}
