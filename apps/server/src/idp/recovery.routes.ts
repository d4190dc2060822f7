import type { Language } from '@pria/contracts';
import { translator } from '@pria/contracts/i18n/format';
import { idpPages } from '@pria/contracts/i18n/idp-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { access } from '../platform/http.ts';
import type { Logger } from '../platform/logger.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import { idpMessageIn, languageOf } from './page-language.ts';
import { forgotPasswordPage, formField, messagePage, resetPasswordPage, sendPage } from './pages.ts';
import { findResetToken, recoveryMessages, requestPasswordReset, resetPassword } from './recovery.ts';
import { messages, normalizeEmail, PASSWORD_MAX, passwordProblem } from './users.ts';

export const FORGOT_PATH = '/oidc/forgot-password';
export const RESET_PATH = '/oidc/reset-password';
/** Set after a reset so the next sign-in page says the password was changed (read once). */
const DONE_COOKIE = 'pria_pw_reset';
/** Every answer to a reset request takes at least this long (known address or not). */
const REQUEST_FLOOR_MS = 250;

/** The sign-up page's rule and zod's (the API's) together. */
const emailSchema = z.email();
const validEmail = (e: string) =>
  e.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) && emailSchema.safeParse(e).success;

/** Whether the browser just reset its password (and the header that forgets it). */
export function resetConfirmation(req: FastifyRequest, reply: FastifyReply): string | null {
  const cookie = req.headers.cookie ?? '';
  if (!new RegExp(`(?:^|;\\s*)${DONE_COOKIE}=1(?:;|$)`).test(cookie)) return null;
  reply.header('set-cookie', `${DONE_COOKIE}=; Path=/oidc; Max-Age=0; HttpOnly; SameSite=Lax`);
  return recoveryMessages.done;
}

/** "Forgot password?" and the page the emailed link opens (server-rendered, no scripts). */
export function registerRecoveryRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; logger: Logger },
  notify: SecurityNotifier,
) {
  const { config, db, logger } = deps;
  const home = config.publicUrl;
  const loginHref = `${home}/login`;
  const secure = home.startsWith('https:') ? '; Secure' : '';

  /** The form in the reader's language; its switch comes back to the form (its address holds no secret). */
  const forgotView = (lang: Language, email = '', error: string | null = null) =>
    forgotPasswordPage({
      action: FORGOT_PATH,
      loginHref,
      email,
      error: idpMessageIn(lang, error),
      homeUrl: home,
      page: { lang, here: FORGOT_PATH },
    });

  const invalidLink = (reply: FastifyReply) => {
    const lang = languageOf(reply.request);
    const t = translator(idpPages, lang);
    return sendPage(
      reply,
      messagePage({
        title: t('linkExpired.title'),
        message: idpMessageIn(lang, recoveryMessages.invalidLink),
        linkHref: FORGOT_PATH,
        linkText: t('forgot.newLink'),
        homeUrl: home,
        isError: true,
        page: { lang },
      }),
      400,
    );
  };

  app.get(FORGOT_PATH, { config: access.public, schema: { hide: true } }, async (req, reply) =>
    sendPage(reply, forgotView(languageOf(req))),
  );

  app.post(FORGOT_PATH, { config: access.public, schema: { hide: true } }, async (req, reply) => {
    const started = Date.now();
    const lang = languageOf(req);
    const raw = formField(req.body, 'email');
    const email = normalizeEmail(raw);
    if (!validEmail(email)) {
      return sendPage(reply, forgotView(lang, raw.slice(0, 320), messages.invalidEmail), 400);
    }
    const result = await requestPasswordReset(db, config, email, { ip: req.ip ?? null, language: lang });
    if (!result.ok) {
      logger.warn({ reason: result.reason }, 'password reset request throttled');
      const message =
        result.reason === 'ip' ? recoveryMessages.ipThrottled : recoveryMessages.addressThrottled;
      return sendPage(reply, forgotView(lang, email, message), 429);
    }
    // Known or unknown address: the same words, after at least the same time.
    const wait = REQUEST_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = translator(idpPages, lang);
    return sendPage(
      reply,
      messagePage({
        title: t('checkEmail.title'),
        message: idpMessageIn(lang, recoveryMessages.sent),
        linkHref: loginHref,
        linkText: t('forgot.backToLogin'),
        homeUrl: home,
        page: { lang },
      }),
    );
  });

  app.get<{ Querystring: { token?: string } }>(
    RESET_PATH,
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      if (!(await findResetToken(db, token))) return invalidLink(reply);
      // The page is not cached and sends no referrer, so the token does not leak from it.
      reply.header('referrer-policy', 'no-referrer');
      // No language switch here: its link would carry the page's address, and so the token.
      return sendPage(
        reply,
        resetPasswordPage({ action: RESET_PATH, token, homeUrl: home, page: { lang: languageOf(req) } }),
      );
    },
  );

  app.post(RESET_PATH, { config: access.public, schema: { hide: true } }, async (req, reply) => {
    const token = formField(req.body, 'token');
    const password = formField(req.body, 'password');
    const confirmPassword = formField(req.body, 'confirmPassword');
    const lang = languageOf(req);
    const again = (fieldErrors: { password?: string; confirmPassword?: string }) =>
      sendPage(
        reply.header('referrer-policy', 'no-referrer'),
        resetPasswordPage({
          action: RESET_PATH,
          token,
          fieldErrors: {
            password: idpMessageIn(lang, fieldErrors.password) ?? undefined,
            confirmPassword: idpMessageIn(lang, fieldErrors.confirmPassword) ?? undefined,
          },
          error: translator(idpPages, lang)('signup.correct'),
          homeUrl: home,
          page: { lang },
        }),
        400,
      );
    if (!(await findResetToken(db, token))) return invalidLink(reply);
    if (password.length > PASSWORD_MAX * 4) return again({ password: messages.passwordTooLong });
    if (password !== confirmPassword) {
      return again({
        password: passwordProblem(password) ?? undefined,
        confirmPassword: messages.passwordsMustMatch,
      });
    }
    const result = await resetPassword(db, token, password, notify);
    if (!result.ok) {
      if (result.reason === 'invalid-link') return invalidLink(reply);
      return again({ password: result.message });
    }
    logger.info({ userId: result.userId }, 'password reset; sessions revoked');
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('set-cookie', `${DONE_COOKIE}=1; Path=/oidc; Max-Age=900; HttpOnly; SameSite=Lax${secure}`)
      .redirect(loginHref, 303);
  });
}
