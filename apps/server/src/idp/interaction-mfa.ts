import type { Language } from '@pria/contracts';
import { formatMessage, translator } from '@pria/contracts/i18n/format';
import { mfaPages } from '@pria/contracts/i18n/mfa-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db.ts';
import { access } from '../platform/http.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import { destinations, type MfaMethod } from './mfa.ts';
import {
  findOpenChallenge,
  resendSignInCode,
  startSignInChallenge,
  verifySignInChallenge,
  verifySignInRecovery,
} from './mfa-challenge.ts';
import { codePage, recoveryCodeSignInPage } from './mfa-pages.ts';
import { idpMessageIn, languageOf } from './page-language.ts';
import { isStaffSignIn, sendPage } from './pages.ts';
import { messages } from './users.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What the second step needs from the interaction routes in index.ts. */
export interface InteractionKit {
  config: Config;
  db: Db;
  /** The key TOTP secrets are encrypted with (idp/keys.ts). */
  mfaKey: Buffer;
  base: (uid: string) => string;
  details: (
    req: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) => Promise<Interaction | null>;
  finish: (
    req: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    result: InteractionResults,
  ) => Promise<unknown>;
  /** Like finish, for a script that navigates itself: the URL to go to (cookies set on reply). */
  resultUrl: (
    req: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    result: InteractionResults,
  ) => Promise<string>;
  expired: (reply: FastifyReply) => unknown;
  /** A page opened again after its interaction ended (Back): on to the app when signed in, else `expired`. */
  gone: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** The sign-in page again, with why; the staff one (`staff`) when the admin portal asked for it. */
  loginPage: (lang: Language, uid: string, error: string, staff?: boolean) => string;
}

/** RFC 8176 values: a password, then a one-time code, makes multiple factors. */
export const MFA_AMR = ['pwd', 'mfa', 'otp'];
/** In English, written from the catalog (the pages show them in the reader's language, ADR 74). */
export const mfaMessages = {
  wrongCode: formatMessage(mfaPages, 'en', 'wrongCode'),
  usedCode: formatMessage(mfaPages, 'en', 'usedCode'),
  wrongRecoveryCode: formatMessage(mfaPages, 'en', 'wrongRecoveryCode'),
  restart: formatMessage(mfaPages, 'en', 'restart'),
  tooManyCodes: formatMessage(mfaPages, 'en', 'tooManyCodes'),
} as const;

const attempt = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  userAgent: req.headers['user-agent'] ?? null,
});
type Form = Record<string, string | string[] | undefined>;

/**
 * Called by the password step when the user has MFA: opens the challenge (sending the code by
 * SMS or email) and redirects to the code page. Answers a page itself when it cannot.
 */
export async function beginSecondStep(
  kit: InteractionKit,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { uid: string; userId: string; method: MfaMethod; staff?: boolean },
) {
  const { staff = false, ...challenge } = opts;
  const started = await startSignInChallenge(kit.db, kit.config, { ...challenge, ctx: attempt(req) });
  if (!started.ok) {
    const message = started.reason === 'locked' ? messages.locked : mfaMessages.tooManyCodes;
    return sendPage(reply, kit.loginPage(languageOf(reply.request), opts.uid, message, staff), 429);
  }
  return reply
    .code(303)
    .header('cache-control', 'no-store')
    .redirect(`${kit.base(opts.uid)}/mfa`, 303);
}

export function registerSignInMfaRoutes(app: FastifyInstance, kit: InteractionKit, notify: SecurityNotifier) {
  const { config, db } = kit;

  async function page(
    reply: FastifyReply,
    interaction: Interaction,
    error: string | null,
    status = 200,
    notice: string | null = null,
  ) {
    const uid = interaction.uid;
    const challenge = await findOpenChallenge(db, uid);
    if (!challenge) {
      return sendPage(
        reply,
        kit.loginPage(languageOf(reply.request), uid, mfaMessages.restart, isStaffSignIn(interaction.params)),
        400,
      );
    }
    const lang = isStaffSignIn(interaction.params) ? 'en' : languageOf(reply.request);
    const t = translator(mfaPages, lang);
    let sub = t('signIn.fromApp');
    if (challenge.method !== 'authenticator') {
      const dest = await destinations(db, config, challenge.user_id);
      const to = challenge.method === 'sms' && dest?.phoneMasked ? dest.phoneMasked : dest?.emailMasked;
      sub = to ? t('signIn.sent', { to }) : t('signIn.sentToYou');
    }
    return sendPage(
      reply,
      codePage({
        action: `${kit.base(uid)}/mfa`,
        resendAction: challenge.method === 'authenticator' ? undefined : `${kit.base(uid)}/mfa/resend`,
        restartHref: `${kit.base(uid)}/login`,
        recoveryHref: `${kit.base(uid)}/mfa/recovery`,
        hidden: {},
        title: t('signIn.title'),
        sub,
        button: t('signIn.verify'),
        error: idpMessageIn(lang, error),
        notice: idpMessageIn(lang, notice),
        homeUrl: config.publicUrl,
        page: { lang },
      }),
      status,
    );
  }

  const route = { config: access.public, schema: { hide: true } } as const;

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid/mfa', route, async (req, reply) => {
    const interaction = await kit.details(req, reply);
    if (!interaction) return kit.gone(req, reply);
    return page(reply, interaction, null);
  });

  app.post<{ Params: { uid: string } }>('/oidc/interaction/:uid/mfa', route, async (req, reply) => {
    const interaction = await kit.details(req, reply);
    if (!interaction) return kit.expired(reply);
    const code = (req.body as Form | undefined)?.code;
    const result = await verifySignInChallenge(
      db,
      kit.mfaKey,
      interaction.uid,
      typeof code === 'string' ? code.slice(0, 20) : '',
      attempt(req),
    );
    if (result.ok) {
      return kit.finish(req, reply, interaction, {
        login: { accountId: result.userId, amr: MFA_AMR, remember: true },
      });
    }
    if (result.reason === 'wrong') return page(reply, interaction, mfaMessages.wrongCode, 401);
    if (result.reason === 'used') return page(reply, interaction, mfaMessages.usedCode, 401);
    const message = result.reason === 'locked' ? messages.locked : mfaMessages.restart;
    return sendPage(
      reply,
      kit.loginPage(languageOf(reply.request), interaction.uid, message, isStaffSignIn(interaction.params)),
      429,
    );
  });

  const recoveryPage = (reply: FastifyReply, uid: string, error: string | null, status = 200) => {
    const lang = languageOf(reply.request);
    return sendPage(
      reply,
      recoveryCodeSignInPage({
        action: `${kit.base(uid)}/mfa/recovery`,
        backHref: `${kit.base(uid)}/mfa`,
        error: idpMessageIn(lang, error),
        homeUrl: config.publicUrl,
        page: { lang },
      }),
      status,
    );
  };

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid/mfa/recovery', route, async (req, reply) => {
    const interaction = await kit.details(req, reply);
    if (!interaction) return kit.gone(req, reply);
    if (!(await findOpenChallenge(db, interaction.uid)))
      return sendPage(
        reply,
        kit.loginPage(
          languageOf(reply.request),
          interaction.uid,
          mfaMessages.restart,
          isStaffSignIn(interaction.params),
        ),
        400,
      );
    return recoveryPage(reply, interaction.uid, null);
  });

  app.post<{ Params: { uid: string } }>('/oidc/interaction/:uid/mfa/recovery', route, async (req, reply) => {
    const interaction = await kit.details(req, reply);
    if (!interaction) return kit.expired(reply);
    const code = (req.body as Form | undefined)?.code;
    const result = await verifySignInRecovery(
      db,
      interaction.uid,
      typeof code === 'string' ? code.slice(0, 40) : '',
      attempt(req),
      notify,
    );
    if (result.ok) {
      return kit.finish(req, reply, interaction, {
        login: { accountId: result.userId, amr: MFA_AMR, remember: true },
      });
    }
    if (result.reason === 'wrong')
      return recoveryPage(reply, interaction.uid, mfaMessages.wrongRecoveryCode, 401);
    const message = result.reason === 'locked' ? messages.locked : mfaMessages.restart;
    return sendPage(
      reply,
      kit.loginPage(languageOf(reply.request), interaction.uid, message, isStaffSignIn(interaction.params)),
      429,
    );
  });

  app.post<{ Params: { uid: string } }>('/oidc/interaction/:uid/mfa/resend', route, async (req, reply) => {
    const interaction = await kit.details(req, reply);
    if (!interaction) return kit.expired(reply);
    const sent = await resendSignInCode(db, config, interaction.uid, attempt(req));
    if (!sent.ok) return page(reply, interaction, mfaMessages.tooManyCodes, 429);
    return page(reply, interaction, null, 200, formatMessage(mfaPages, 'en', 'signIn.resent'));
  });
}
