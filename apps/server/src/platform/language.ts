import { isLanguage, type Language, languageCookie, languageFromCookies, languages } from '@pria/contracts';
import type { FastifyReply } from 'fastify';
import Negotiator from 'negotiator';
import type { Db } from './db.ts';
import type { MessageAccount } from './outbox.ts';

/**
 * Which language Pria speaks to someone (issue 42, ADR 71, ADR 74). One rule for every page and
 * answer of a request: the account's language when the caller is a customer who chose one, else
 * the visitor's choice (the `pria_lang` cookie the switch sets), else the browser's
 * `Accept-Language` (any Spanish → Spanish), else English. Messages sent outside a request (emails,
 * SMS, push) follow the account alone: `accountLanguage`.
 */

/** The visitor's choice, set by the web app's switch and the provider's pages (`/oidc/language`). */
export const LANGUAGE_COOKIE = languageCookie; // 'pria_lang', the web app's name for it too (contracts)

/** The `pria_lang` cookie's language, or null when absent or not a language we speak (contracts' reader). */
export function cookieLanguage(cookieHeader: string | undefined): Language | null {
  return languageFromCookies(cookieHeader) ?? null;
}

/** The browser's preference among our languages (`negotiator`, q-values honoured), or null. */
export function acceptedLanguage(acceptLanguage: string | undefined): Language | null {
  if (!acceptLanguage) return null;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...languages]);
  return isLanguage(best) ? best : null;
}

/** The rule: account > cookie > Accept-Language > English. */
export function requestLanguage(
  headers: { cookie?: string; 'accept-language'?: string },
  account: Language | null = null,
): Language {
  return account ?? cookieLanguage(headers.cookie) ?? acceptedLanguage(headers['accept-language']) ?? 'en';
}

/**
 * An answer that depends on the language rule says so to caches (no-store pages too: harmless),
 * beside whatever else it varies by (CORS adds Origin).
 */
export function varyByLanguage(reply: FastifyReply): FastifyReply {
  const current = String(reply.getHeader('vary') ?? '');
  let varied = withLanguage.get(current);
  if (varied === undefined) {
    const have = new Set(
      current
        .split(',')
        .map((v) => v.trim().toLowerCase())
        .filter(Boolean),
    );
    const add = ['Accept-Language', 'Cookie'].filter((v) => !have.has(v.toLowerCase()));
    varied = add.length ? [current, ...add].filter(Boolean).join(', ') : current;
    // A handful of distinct values in practice ('', 'Origin', ...); bounded all the same.
    if (withLanguage.size >= 64) withLanguage.clear();
    withLanguage.set(current, varied);
  }
  return varied === current ? reply : reply.header('vary', varied);
}

/** A Vary header's value → that value with the language rule's headers (once per distinct value). */
const withLanguage = new Map<string, string>();

/** The language the customer chose on their account (customers.language), or null while they never chose. */
export async function chosenLanguage(db: Db, account: MessageAccount): Promise<Language | null> {
  const row = await db
    .selectFrom('customers')
    .select('language')
    .where('issuer', '=', account.issuer)
    .where('subject', '=', account.subject)
    .executeTakeFirst();
  return row?.language ?? null;
}

/**
 * The language of everything sent to an account, from whatever sends it: the customer's choice
 * (customers.language), else the language they signed up in (idp_users.language, the built-in
 * provider's accounts: its ids are 'auth|<uuid>', which no other issuer's subject copies), else
 * `fallback` (English; a page asking for the message may pass its own). Read in the sender's
 * transaction.
 */
export async function accountLanguage(
  db: Db,
  account: MessageAccount | null,
  fallback: Language = 'en',
): Promise<Language> {
  if (!account) return fallback;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('customers')
        .select('language')
        .where('issuer', '=', account.issuer)
        .where('subject', '=', account.subject)
        .as('chosen'),
      eb.selectFrom('idp_users').select('language').where('id', '=', account.subject).as('signed_up_in'),
    ])
    .executeTakeFirst();
  return row?.chosen ?? row?.signed_up_in ?? fallback;
}

/**
 * The language of a signed-in caller's answer: the request's rule with the account's own choice
 * (customers.language) first. Customer routes only; staff answers stay English (ADR 71).
 */
export async function callerLanguage(
  db: Db,
  account: MessageAccount,
  headers: { cookie?: string; 'accept-language'?: string },
): Promise<Language> {
  return requestLanguage(headers, await chosenLanguage(db, account));
}
