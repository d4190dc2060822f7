import { randomBytes } from 'node:crypto';
import { translator } from '@pria/contracts/i18n/format';
import { mfaPages } from '@pria/contracts/i18n/mfa-pages';
import { type Selectable, sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { accountLanguage } from '../platform/language.ts';
import { enqueueEmail, enqueueSms, type MessageAccount } from '../platform/outbox.ts';
import type { IdpMfaTicketsTable, MfaMethod } from '../platform/schema/idp-tables.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import {
  codeMatches,
  hashCode,
  maskEmail,
  maskPhone,
  numericCode,
  openSecret,
  sealSecret,
  sha256Hex,
} from './mfa-secrets.ts';
import { deleteRecoveryCodes, issueRecoveryCodes } from './recovery-codes.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri } from './totp.ts';
import { findUserById, identityAccount, revokeUserSessions } from './users.ts';

/** MFA enrolment: a single-use ticket link, the method chosen, then a code that proves it works. */
export const MFA_TICKET_MINUTES = 10;
export const MFA_CODE_MINUTES = 10;
export const MFA_MAX_ATTEMPTS = 5;
/** Codes sent by SMS or email per enrolment ticket or sign-in (first send included). */
export const MFA_MAX_SENDS = 3;
export const MFA_CODE_DIGITS = 6;
export const TOTP_ISSUER = 'Pria';

export type { MfaMethod } from '../platform/schema/idp-tables.ts';
export const mfaMethods: readonly MfaMethod[] = ['authenticator', 'sms', 'email'];

type TicketRow = Selectable<IdpMfaTicketsTable>;

export async function getMfaMethod(db: Db, userId: string): Promise<MfaMethod | null> {
  const row = await db.selectFrom('idp_users').select('mfa_type').where('id', '=', userId).executeTakeFirst();
  return row?.mfa_type ?? null;
}

/**
 * Turns MFA off and forgets the TOTP secret; open enrolment links stop working too. Returns
 * whether a second factor was on: turning off what is already off changes no sign-in method, so
 * the caller ends no session and sends no notice for it (issue 39). The row is locked first, so
 * of two requests turning the same factor off at once exactly one answers true.
 */
export async function disableMfa(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('idp_users')
      .select('mfa_type')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    await revokeOpenTickets(trx, userId);
    if (!user?.mfa_type) return false;
    await trx
      .updateTable('idp_users')
      .set({
        mfa_type: null,
        mfa_totp_secret: null,
        mfa_totp_last_step: null,
        mfa_enrolled_at: null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', userId)
      .execute();
    await deleteRecoveryCodes(trx, userId);
    return true;
  });
}

async function revokeOpenTickets(db: Db, userId: string) {
  await db
    .updateTable('idp_mfa_tickets')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/**
 * A new enrolment link, valid MFA_TICKET_MINUTES and once; earlier open links of the user stop
 * working. Only the ticket's hash is stored.
 */
export async function createMfaEnrolmentTicket(db: Db, config: Config, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await revokeOpenTickets(trx, userId);
    await trx
      .insertInto('idp_mfa_tickets')
      .values({
        user_id: userId,
        token_hash: sha256Hex(ticket),
        expires_at: new Date(Date.now() + MFA_TICKET_MINUTES * 60_000),
      })
      .execute();
  });
  return `${config.publicUrl}/oidc/mfa/enroll?ticket=${encodeURIComponent(ticket)}`;
}

/** The open ticket behind a link, or undefined when unknown, used or expired. */
export async function findOpenTicket(db: Db, ticket: string): Promise<TicketRow | undefined> {
  if (!ticket || ticket.length > 200) return undefined;
  return db
    .selectFrom('idp_mfa_tickets')
    .selectAll()
    .where('token_hash', '=', sha256Hex(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Where SMS codes go: the phone on the customer's profile (customers.phone, 10 US digits).
 * NOTE: this reads the API's customers table, keyed by (issuer, subject), so the provider must
 * share the API's database; a separately deployed IdP would keep its own verified phone.
 */
export async function profilePhone(db: Db, config: Config, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('customers')
    .select('phone')
    .where('issuer', '=', config.oidc.issuer)
    .where('subject', '=', userId)
    .executeTakeFirst();
  return row?.phone && /^\d{10}$/.test(row.phone) ? `+1${row.phone}` : null;
}

export interface Destinations {
  email: string;
  emailMasked: string;
  phone: string | null;
  phoneMasked: string | null;
}

export async function destinations(db: Db, config: Config, userId: string): Promise<Destinations | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const phone = await profilePhone(db, config, userId);
  return {
    email: user.email,
    emailMasked: maskEmail(user.email),
    phone,
    phoneMasked: phone ? maskPhone(phone) : null,
  };
}

/** Sends a one-time code by SMS or email; `purpose` words the message. */
export async function sendCode(
  db: Db,
  channel: 'sms' | 'email',
  message: { to: string; account: MessageAccount },
  code: string,
  purpose: 'enrol' | 'sign-in',
): Promise<void> {
  const { to, account } = message;
  // In the account's language (ADR 74); staff accounts have none: English.
  const t = translator(mfaPages, await accountLanguage(db, account));
  const what = purpose === 'enrol' ? 'enrol' : 'signIn';
  const text = t(`message.${what}`, { code, minutes: MFA_CODE_MINUTES });
  if (channel === 'sms') await enqueueSms(db, { to, text, account });
  else await enqueueEmail(db, { to, subject: t(`subject.${what}`), text, account });
}

export type ChooseResult =
  | { kind: 'authenticator'; uri: string; secret: string }
  | { kind: 'code'; to: string }
  | { kind: 'no-phone' }
  | { kind: 'too-many-sends' };

/** Records the method picked on the enrolment page and prepares its proof (QR or code). */
export async function chooseEnrolmentMethod(
  db: Db,
  config: Config,
  ticket: TicketRow,
  method: MfaMethod,
  key: Buffer,
): Promise<ChooseResult> {
  const dest = await destinations(db, config, ticket.user_id);
  if (!dest) return { kind: 'no-phone' };
  if (method === 'authenticator') {
    const secret = newTotpSecret();
    await db
      .updateTable('idp_mfa_tickets')
      .set({ method, pending_secret: sealSecret(key, secret), code_hash: null, attempts: 0 })
      .where('id', '=', ticket.id)
      .execute();
    const uri = otpauthUri({ secret, account: dest.email, issuer: TOTP_ISSUER });
    return { kind: 'authenticator', uri, secret: base32Encode(secret) };
  }
  const to = method === 'sms' ? dest.phone : dest.email;
  if (!to) return { kind: 'no-phone' };
  if (ticket.sends >= MFA_MAX_SENDS) return { kind: 'too-many-sends' };
  const code = numericCode(MFA_CODE_DIGITS);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('idp_mfa_tickets')
      .set({ method, pending_secret: null, code_hash: hashCode(code), attempts: 0, sends: ticket.sends + 1 })
      .where('id', '=', ticket.id)
      .execute();
    const account = identityAccount(config, ticket.user_id);
    await sendCode(trx, method === 'sms' ? 'sms' : 'email', { to, account }, code, 'enrol');
  });
  return { kind: 'code', to: method === 'sms' ? (dest.phoneMasked ?? '') : dest.emailMasked };
}

export type ConfirmResult =
  | { ok: true; method: MfaMethod; recoveryCodes: string[] }
  | { ok: false; reason: 'wrong' | 'too-many' };

/**
 * Checks the code that proves the chosen method works and, when right, enrols it (replacing
 * any earlier method) and burns the ticket. MFA_MAX_ATTEMPTS wrong codes burn the ticket too.
 */
export async function confirmEnrolment(
  db: Db,
  key: Buffer,
  ticketId: number,
  code: string,
  notify?: SecurityNotifier,
): Promise<ConfirmResult> {
  return db.transaction().execute(async (trx) => {
    const t = await trx
      .selectFrom('idp_mfa_tickets')
      .selectAll()
      .where('id', '=', ticketId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .forUpdate()
      .executeTakeFirst();
    if (!t?.method || t.attempts >= MFA_MAX_ATTEMPTS) return { ok: false, reason: 'too-many' } as const;
    const clean = code.replace(/\s/g, '');
    let step: number | null = null;
    let right = false;
    if (t.method === 'authenticator' && t.pending_secret) {
      step = matchTotp(openSecret(key, t.pending_secret), clean, Date.now());
      right = step !== null;
    } else {
      right = /^\d{6}$/.test(clean) && codeMatches(clean, t.code_hash);
    }
    if (!right) {
      const attempts = t.attempts + 1;
      await trx
        .updateTable('idp_mfa_tickets')
        .set({ attempts, ...(attempts >= MFA_MAX_ATTEMPTS ? { used_at: sql<Date>`now()` } : {}) })
        .where('id', '=', t.id)
        .execute();
      return { ok: false, reason: attempts >= MFA_MAX_ATTEMPTS ? 'too-many' : 'wrong' } as const;
    }
    const user = await trx
      .updateTable('idp_users')
      .set({
        mfa_type: t.method,
        mfa_totp_secret: t.method === 'authenticator' ? t.pending_secret : null,
        // The code just used cannot sign in again.
        mfa_totp_last_step: step,
        mfa_enrolled_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', t.user_id)
      .returning('email')
      .executeTakeFirst();
    if (user && notify) {
      await notify(trx, {
        userId: t.user_id,
        email: user.email,
        event: 'mfa_enabled',
        eventId: `ticket-${t.id}`,
      });
    }
    await trx
      .updateTable('idp_mfa_tickets')
      .set({ used_at: sql<Date>`now()`, pending_secret: null, code_hash: null })
      .where('id', '=', t.id)
      .execute();
    // A way in when the phone or the authenticator is lost: shown once, on the next page.
    const recoveryCodes = await issueRecoveryCodes(trx, t.user_id);
    // A change to how the account signs in ends every session and token that came before it
    // (issue 30): the next sign-in asks for the new factor.
    await revokeUserSessions(trx, t.user_id, 'mfa_changed');
    return { ok: true, method: t.method, recoveryCodes } as const;
  });
}
