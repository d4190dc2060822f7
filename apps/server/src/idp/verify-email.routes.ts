import { translator } from '@pria/contracts/i18n/format';
import { idpPages } from '@pria/contracts/i18n/idp-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../platform/http.ts';
import type { InteractionKit } from './interaction-mfa.ts';
import { languageOf } from './page-language.ts';
import { checkEmailPage, formField, messagePage, sendPage } from './pages.ts';
import {
  consumeVerificationToken,
  type EmailVerifiedHook,
  normalizeEmail,
  resendVerificationEmail,
  verificationLinkDigest,
  verificationLinkUsed,
} from './users.ts';

/**
 * The address check after sign-up (ADR 68): the emailed link, and "Resend the email" on the
 * check-your-email page. Server-rendered forms, no script.
 */

/** The browser that used a link keeps its digest (HttpOnly), so reloading the page says "already verified". */
const USED_COOKIE = 'pria_email_verified';
const USED_COOKIE_PATH = '/oidc/verify-email';
/** Longer than a link lives (48 hours): a reload any time the link could have been used. */
const USED_COOKIE_SECONDS = 7 * 24 * 3600;
/** Resends from one address (the shared limiter, ADR 53); each account is also capped (VERIFY_LINKS_PER_HOUR). */
export const RESENDS_PER_IP = { max: 10, timeWindow: '15 minutes' } as const;

function usedHere(req: FastifyRequest, token: string): boolean {
  const cookie = req.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${USED_COOKIE}=([0-9a-f]{64})(?:;|$)`).exec(cookie);
  return match?.[1] === verificationLinkDigest(token);
}

export function registerVerifyEmailRoutes(
  app: FastifyInstance,
  kit: InteractionKit,
  deps: { onEmailVerified?: EmailVerifiedHook; logger: { info: (o: object, m: string) => void } },
) {
  const { db, config } = kit;
  const home = config.publicUrl;
  const secure = home.startsWith('https:') ? '; Secure' : '';

  /** The page's words in the reader's language (the link's secret stays off the switch: none here). */
  const wordsFor = (req: FastifyRequest) => translator(idpPages, languageOf(req));

  const verified = (reply: FastifyReply, message: 'verified.message' | 'verified.already') => {
    const t = wordsFor(reply.request);
    return sendPage(
      reply,
      messagePage({
        title: t('verified.title'),
        message: t(message),
        linkHref: `${home}/dashboard`,
        linkText: t('verified.link'),
        homeUrl: home,
        page: { lang: t.language },
      }),
    );
  };

  app.get<{ Querystring: { token?: string } }>(
    '/oidc/verify-email',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const token = String(req.query.token ?? '');
      const userId = await consumeVerificationToken(db, token, deps.onEmailVerified);
      if (userId) {
        deps.logger.info({ userId }, 'email verified');
        reply.header(
          'set-cookie',
          `${USED_COOKIE}=${verificationLinkDigest(token)}; Path=${USED_COOKIE_PATH}; Max-Age=${USED_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
        );
        return verified(reply, 'verified.message');
      }
      // The same browser opening the link it used (a reload, Back): done already, not expired.
      if (usedHere(req, token) && (await verificationLinkUsed(db, token))) {
        return verified(reply, 'verified.already');
      }
      const t = wordsFor(req);
      return sendPage(
        reply,
        messagePage({
          title: t('linkExpired.title'),
          message: t('verify.invalid'),
          linkHref: `${home}/dashboard/account/security`,
          linkText: t('verify.accountLink'),
          homeUrl: home,
          isError: true,
          page: { lang: t.language },
        }),
        400,
      );
    },
  );

  const tooMany = (reply: FastifyReply) => {
    const t = wordsFor(reply.request);
    return sendPage(
      reply,
      messagePage({
        title: t('tooManyEmails.title'),
        message: t('tooManyEmails.message'),
        homeUrl: home,
        isError: true,
        page: { lang: t.language },
      }),
      429,
    );
  };

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/resend-verification',
    {
      config: {
        ...access.public,
        rateLimit: { ...RESENDS_PER_IP, key: 'ip', refuse: (reply) => tooMany(reply) },
      },
      schema: { hide: true },
    },
    async (req, reply) => {
      const interaction = await kit.details(req, reply);
      if (!interaction) return kit.gone(req, reply);
      const email = normalizeEmail(formField(req.body, 'email')).slice(0, 320);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return kit.expired(reply);
      // The same answer whatever the address: a link is sent only to an unverified account's own.
      await resendVerificationEmail(db, config, email);
      return sendPage(
        reply,
        checkEmailPage({
          email,
          loginHref: `${kit.base(interaction.uid)}/login`,
          homeUrl: home,
          resendAction: `${kit.base(interaction.uid)}/resend-verification`,
          sent: true,
          page: { lang: languageOf(req) },
        }),
      );
    },
  );
}
