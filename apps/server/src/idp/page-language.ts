import type { Language } from '@pria/contracts';
import { type Catalog, formatMessage } from '@pria/contracts/i18n/format';
import { idpMessages, idpPages } from '@pria/contracts/i18n/idp-pages';
import { mfaPages } from '@pria/contracts/i18n/mfa-pages';
import { legalDocuments } from '@pria/contracts/legal/documents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../platform/http.ts';
import { LANGUAGE_COOKIE, requestLanguage } from '../platform/language.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../platform/password-policy.ts';

/**
 * The language of the provider's pages (ADR 74): nobody is signed in to the app on them, so the
 * rule is the visitor's: the `pria_lang` cookie, else Accept-Language, else English.
 */
export interface PageLanguage {
  lang: Language;
  /** The page's own address, for the language switch (none: no switch, e.g. a page holding a secret). */
  here?: string;
}

/** The language of the page a request asks for. */
export const languageOf = (req: FastifyRequest): Language => requestLanguage(req.headers);

/** The values the provider's English messages were written with (users.ts, recovery.ts, the password rule). */
const writtenWith = {
  min: PASSWORD_MIN,
  max: PASSWORD_MAX,
  termsTitle: legalDocuments.terms.title.en,
  privacyTitle: legalDocuments.privacy.title.en,
};

/** The catalogs whose messages travel as English text: the use cases' refusals, the second step's. */
const travelling: Catalog[] = [idpMessages, mfaPages];
let byEnglish: Map<string, { catalog: Catalog; id: string }> | undefined;

/**
 * A refusal or confirmation of the provider's use cases (English text: they are written from
 * idpMessages) in the page's language. Text the catalog does not hold (an upstream's words) is
 * shown as it came.
 */
export function idpMessageIn(lang: Language, english: string): string;
export function idpMessageIn(lang: Language, english: string | null | undefined): string | null | undefined;
export function idpMessageIn(lang: Language, english: string | null | undefined): string | null | undefined {
  if (!english || lang === 'en') return english;
  byEnglish ??= new Map(
    travelling.flatMap((catalog) =>
      Object.keys(catalog.en).flatMap((id) => {
        try {
          return [[formatMessage(catalog, 'en', id, writtenWith), { catalog, id }] as const];
        } catch {
          return []; // a message with other values (a code, an address) never travels as text
        }
      }),
    ),
  );
  const found = byEnglish.get(english);
  if (!found) return english;
  return formatMessage(found.catalog, lang, found.id, {
    ...writtenWith,
    termsTitle: formatMessage(idpPages, lang, 'legal.terms'),
    privacyTitle: formatMessage(idpPages, lang, 'legal.privacy'),
  });
}

/** A year: the choice is kept like the account's (the web app's switch sets the same cookie). */
const COOKIE_SECONDS = 365 * 24 * 3600;

/**
 * Only a path of this site: one slash then not a second slash or backslash (which browsers read
 * as another host), no control characters. Anything else returns to the home page.
 */
export function sameSitePath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value;
}

export const LANGUAGE_PATH = '/oidc/language';

/**
 * The pages' language switch: GET /oidc/language?set=es&return=/oidc/… sets `pria_lang` and goes
 * back to the page (a link: no script, the CSP allows none inline). `return` must be a path of
 * this site: no open redirect.
 */
export function registerLanguageSwitch(app: FastifyInstance, publicUrl: string) {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  app.get<{ Querystring: { set?: string; return?: string } }>(
    LANGUAGE_PATH,
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const set = req.query.set;
      const to = sameSitePath(req.query.return);
      if (set === 'en' || set === 'es') {
        reply.header(
          'set-cookie',
          `${LANGUAGE_COOKIE}=${set}; Path=/; Max-Age=${COOKIE_SECONDS}; SameSite=Lax${secure}`,
        );
      }
      return reply.code(303).header('cache-control', 'no-store').redirect(to, 303);
    },
  );
}
