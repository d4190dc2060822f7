import formbody from '@fastify/formbody';
import type { Language } from '@pria/contracts';
import { translator } from '@pria/contracts/i18n/format';
import { idpPages } from '@pria/contracts/i18n/idp-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Config } from '../config.ts';
import { readRevocation } from '../platform/access-valid-after.ts';
import type { Db } from '../platform/db.ts';
import { access } from '../platform/http.ts';
import type { Logger } from '../platform/logger.ts';
import { emailOnlyNotifier, type SecurityNotifier } from '../platform/security-notices.ts';
import { RESULT_GENERATION, sweepExpiredPayloads } from './adapter.ts';
import { registerAssetRoutes } from './assets.routes.ts';
import { beginSecondStep, type InteractionKit, registerSignInMfaRoutes } from './interaction-mfa.ts';
import type { IdpKeys } from './keys.ts';
import { getMfaMethod } from './mfa.ts';
import { registerMfaEnrolmentRoutes } from './mfa-enrolment.routes.ts';
import { idpMessageIn, languageOf, registerLanguageSwitch } from './page-language.ts';
import {
  checkEmailPage,
  formField,
  isStaffSignIn,
  loginPage,
  messagePage,
  sendPage,
  signupPage,
  staffInvitePage,
} from './pages.ts';
import { registerPasskeyRoutes } from './passkeys.routes.ts';
import { createProvider } from './provider.ts';
import { FORGOT_PATH, registerRecoveryRoutes, resetConfirmation } from './recovery.routes.ts';
import { sweepRecoveryRequests } from './recovery.ts';
import { RESULT_DEVICE, signInNote } from './session-devices.ts';
import { sweepSignInLocks } from './sign-in-locks.ts';
import { type SignUpResult, signUp } from './sign-up.ts';
import { configuredUpstreams, registerSocialRoutes, socialButtons } from './social/index.ts';
import type { Upstream } from './social/upstream.ts';
import { acceptStaffInvite, inviteIsValid } from './staff-invitations.ts';
import {
  authenticate,
  type EmailVerifiedHook,
  IdpUserError,
  messages,
  normalizeEmail,
  PASSWORD_MAX,
  passwordProblem,
} from './users.ts';
import { registerVerifyEmailRoutes } from './verify-email.routes.ts';

export { type IdpKeys, loadIdpKeys, resealStoredKeys } from './keys.ts';
export {
  createMfaEnrolmentTicket,
  disableMfa,
  getMfaMethod,
} from './mfa.ts';
export { sendResetLinkTo } from './recovery.ts';
export { issueRecoveryCodes, recoveryCodesLeft } from './recovery-codes.ts';
export { endSession, listLiveSessions, listRecentSignIns } from './session-devices.ts';
export {
  listStaff,
  StaffRuleError,
  setStaffDisabled,
  setStaffRole,
  staffStanding,
} from './staff.ts';
export {
  InvitationError,
  inviteStaff,
  resendStaffInvitation,
  revokeStaffInvitation,
} from './staff-invitations.ts';

export {
  checkCurrentPassword,
  createUser,
  deleteUser,
  findUserById,
  IdpUserError,
  revokeUserSessions,
  sendVerificationEmail,
  setPassword,
} from './users.ts';

export interface IdpDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** The provider's secrets, opened with the key-encryption key (loadIdpKeys, ADR 52). */
  keys: IdpKeys;
  /** Where security events go (password reset, MFA turned on); default: a plain email. */
  notifySecurity?: SecurityNotifier;
  /**
   * An address was verified through its link: the composition root marks the customer verified
   * at once (money notices go only to verified addresses; the session's token says so later).
   */
  onEmailVerified?: EmailVerifiedHook;
}

/** Paths under /oidc served by Fastify (our pages); everything else goes to oidc-provider. */
const ownPaths =
  /^\/oidc\/(interaction\/|(verify-email|forgot-password|reset-password|staff-invite|language)(\?|$)|mfa\/|social\/|assets\/)/;

/** Mounts the built-in OpenID Connect provider under /oidc. */
export async function registerIdentityProvider(app: FastifyInstance, deps: IdpDeps): Promise<void> {
  const { config, db, logger } = deps;
  const { keys } = deps;
  const notify = deps.notifySecurity ?? emailOnlyNotifier(config.publicUrl, config.oidc.issuer);
  const provider = await createProvider({ ...deps, notifySecurity: notify });
  const callback = provider.callback();

  // oidc-provider is a Koa app: hand it the raw request before Fastify parses the body.
  app.addHook('onRequest', (req, reply, done) => {
    const url = req.raw.url ?? '';
    const mine = url === '/oidc' || url.startsWith('/oidc/') || url.startsWith('/oidc?');
    if (!mine || ownPaths.test(url)) {
      done();
      return;
    }
    reply.hijack();
    const raw = req.raw as typeof req.raw & { originalUrl?: string };
    raw.originalUrl = url;
    raw.url = url.slice('/oidc'.length) || '/';
    Promise.resolve(callback(raw, reply.raw)).catch((err: unknown) => {
      logger.error({ err }, 'identity provider request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
    });
    done();
  });

  const sweep = setInterval(
    () => {
      sweepExpiredPayloads(db).catch((err: unknown) => logger.warn({ err }, 'oidc payload sweep failed'));
      sweepRecoveryRequests(db).catch((err: unknown) =>
        logger.warn({ err }, 'recovery request sweep failed'),
      );
      sweepSignInLocks(db).catch((err: unknown) => logger.warn({ err }, 'sign-in lock sweep failed'));
    },
    15 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    const upstreams = configuredUpstreams(config);
    const kit = registerInteractionRoutes(
      scope,
      provider,
      { ...deps, notifySecurity: notify },
      upstreams,
      keys.mfaKey,
    );
    await registerSocialRoutes(scope, kit, { ...deps, upstreams, cookieKeys: keys.cookieKeys });
    registerAssetRoutes(scope);
    registerPasskeyRoutes(scope, kit, deps, notify);
    registerMfaEnrolmentRoutes(scope, { ...deps, notifySecurity: notify, mfaKey: keys.mfaKey });
    registerRecoveryRoutes(scope, deps, notify);
    registerStaffInviteRoutes(scope, deps);
    registerVerifyEmailRoutes(scope, kit, deps);
    registerLanguageSwitch(scope, config.publicUrl);
  });
  logger.info({ issuer: config.oidc.issuer }, 'built-in identity provider mounted at /oidc');
}

/** The staff invitation link (idp/staff.ts): GET shows the password form, POST sets it once. */
function registerStaffInviteRoutes(app: FastifyInstance, deps: IdpDeps) {
  const { config, db, logger } = deps;
  const home = config.publicUrl;
  const action = '/oidc/staff-invite';
  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      messagePage({
        title: 'Link expired',
        message:
          'This invitation link is invalid, expired or was already used. Ask an administrator for a new one.',
        linkHref: `${home}/`,
        linkText: 'Go to Pria',
        homeUrl: home,
        isError: true,
      }),
      400,
    );
  // An admin sent the invitation again while this one was being used (issue 39).
  const replaced = (reply: FastifyReply) =>
    sendPage(
      reply,
      messagePage({
        title: 'Link replaced',
        message:
          'A newer invitation link was sent to your email address, so this one no longer works. Open the latest invitation email to set your password.',
        linkHref: `${home}/`,
        linkText: 'Go to Pria',
        homeUrl: home,
        isError: true,
      }),
      409,
    );
  app.get<{ Querystring: { token?: string } }>(
    action,
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const token = String(req.query.token ?? '');
      if (!(await inviteIsValid(db, token))) return expired(reply);
      return sendPage(reply, staffInvitePage({ action, token, homeUrl: home }));
    },
  );
  app.post(action, { config: access.public, schema: { hide: true } }, async (req, reply) => {
    const token = formField(req.body, 'token');
    const password = formField(req.body, 'password');
    if (password !== formField(req.body, 'confirmPassword')) {
      return sendPage(
        reply,
        staffInvitePage({ action, token, homeUrl: home, error: messages.passwordsMustMatch }),
        400,
      );
    }
    const result = await acceptStaffInvite(db, token, password);
    if (!result.ok) {
      if (result.reason === 'invalid') return expired(reply);
      if (result.reason === 'replaced') return replaced(reply);
      return sendPage(reply, staffInvitePage({ action, token, homeUrl: home, error: result.message }), 400);
    }
    logger.info('staff invitation accepted');
    return sendPage(
      reply,
      messagePage({
        title: 'Password set',
        message: 'Your staff account is ready. Log in with your email and this password.',
        linkHref: `${home}/login`,
        linkText: 'Log in',
        homeUrl: home,
      }),
    );
  });
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

function registerInteractionRoutes(
  app: FastifyInstance,
  provider: Provider,
  deps: IdpDeps,
  upstreams: Upstream[],
  mfaKey: Buffer,
): InteractionKit {
  const { config, db, logger } = deps;
  const home = config.publicUrl;

  const expired = (reply: FastifyReply) => {
    const lang = languageOf(reply.request);
    const t = translator(idpPages, lang);
    return sendPage(
      reply,
      messagePage({
        title: t('expired.title'),
        message: t('expired.message'),
        linkHref: `${home}/login`,
        linkText: t('login.submit'),
        homeUrl: home,
        isError: true,
        page: { lang },
      }),
      400,
    );
  };

  /**
   * A sign-in page opened again after its interaction ended — Back from the app after signing in
   * (issue 40): someone the provider knows as signed in goes on to the app instead of reading
   * "Session expired"; anyone else gets that page and starts again.
   */
  async function gone(req: FastifyRequest, reply: FastifyReply) {
    if (await signedIn(req, reply)) {
      return reply.code(303).header('cache-control', 'no-store').redirect(`${home}/dashboard`, 303);
    }
    return expired(reply);
  }

  /** Whether this browser holds a live sign-in session of the provider (its session cookie). */
  async function signedIn(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      const session = await provider.Session.get(provider.createContext(req.raw, reply.raw));
      return Boolean(session.accountId);
    } catch {
      return false;
    }
  }

  async function details(
    req: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ): Promise<Interaction | null> {
    try {
      const interaction = await provider.interactionDetails(req.raw, reply.raw);
      return interaction.uid === req.params.uid ? interaction : null;
    } catch {
      return null;
    }
  }

  const base = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}`;
  const wantsSignup = (i: Interaction) => i.prompt.name === 'create' || i.params.screen_hint === 'signup';
  /** Why the app sent someone to sign in, from a fixed list (never the parameter's own text). */
  const noticeOf = (i: Interaction) =>
    i.params.notice === 'signed_out' ? messages.signedOutElsewhere : null;

  async function resultUrl(
    req: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    result: InteractionResults,
  ) {
    if (interaction.prompt.name === 'create') result.create = {};
    const accountId = result.login?.accountId;
    if (accountId) {
      // The sign-in's chain begins under the generation read here (ADR 51): a revocation that
      // lands after this read ends it; one that landed while this request checked the
      // credentials (they may have been the old password) sends the person back to sign in.
      const startedAt = Date.now() - reply.elapsedTime;
      const revocation = await readRevocation(db, accountId);
      if (revocation.validAfterMs >= startedAt) return base(interaction.uid);
      result[RESULT_GENERATION] = revocation.generation;
      // The browser and address that completed the sign-in, for Account → Security (ADR 64),
      // recorded when the provider saves the session this result logs in.
      result[RESULT_DEVICE] = signInNote({
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
    }
    return provider.interactionResult(req.raw, reply.raw, result, { mergeWithLastSubmission: true });
  }

  async function finish(
    req: FastifyRequest,
    reply: FastifyReply,
    interaction: Interaction,
    result: InteractionResults,
  ) {
    const redirectTo = await resultUrl(req, reply, interaction, result);
    return reply.code(303).header('cache-control', 'no-store').redirect(redirectTo, 303);
  }

  /** First-party client: consent is granted without asking. */
  async function autoConsent(req: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { prompt, params, session } = interaction;
    const accountId = session?.accountId;
    if (!accountId) return expired(reply);
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: String(params.client_id) });
    const d = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (d.missingOIDCScope) grant.addOIDCScope(d.missingOIDCScope.join(' '));
    if (d.missingOIDCClaims) grant.addOIDCClaims(d.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(d.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return finish(req, reply, interaction, { consent: { grantId } });
  }

  /**
   * The sign-in page in the reader's language (the staff one stays English); its switch comes
   * back to the interaction's own page. Refusals arrive in English and are shown translated.
   */
  const loginView = (
    uid: string,
    lang: Language,
    email = '',
    error: string | null = null,
    notice: string | null = null,
    staff = false,
  ) =>
    loginPage({
      action: `${base(uid)}/login`,
      signupHref: `${base(uid)}/signup`,
      forgotHref: FORGOT_PATH,
      email,
      error: staff ? error : idpMessageIn(lang, error),
      notice: staff ? notice : idpMessageIn(lang, notice),
      homeUrl: home,
      social: staff ? undefined : socialButtons(upstreams, base(uid)),
      staff,
      passkey: { options: `${base(uid)}/passkey/options`, verify: `${base(uid)}/passkey` },
      page: { lang, here: `${base(uid)}/login` },
    });

  const signupView = (uid: string, lang: Language, extra: Partial<Parameters<typeof signupPage>[0]> = {}) =>
    signupPage({
      action: `${base(uid)}/signup`,
      loginHref: `${base(uid)}/login`,
      homeUrl: home,
      ...extra,
      page: { lang, here: `${base(uid)}/signup` },
    });

  const kit: InteractionKit = {
    config,
    db,
    mfaKey,
    base,
    details,
    finish,
    resultUrl,
    expired,
    gone,
    loginPage: (lang, uid, error, staff = false) => loginView(uid, lang, '', error, null, staff),
  };
  registerSignInMfaRoutes(
    app,
    kit,
    deps.notifySecurity ?? emailOnlyNotifier(config.publicUrl, config.oidc.issuer),
  );

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await details(req, reply);
      if (!interaction) return gone(req, reply);
      if (interaction.prompt.name === 'consent') return autoConsent(req, reply, interaction);
      const lang = languageOf(req);
      if (wantsSignup(interaction)) return sendPage(reply, signupView(interaction.uid, lang));
      const hint = String(interaction.params.login_hint ?? '');
      const notice = resetConfirmation(req, reply) ?? noticeOf(interaction);
      return sendPage(
        reply,
        loginView(interaction.uid, lang, hint, null, notice, isStaffSignIn(interaction.params)),
      );
    },
  );

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/login',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await details(req, reply);
      if (!interaction) return gone(req, reply);
      return sendPage(
        reply,
        loginView(interaction.uid, languageOf(req), '', null, null, isStaffSignIn(interaction.params)),
      );
    },
  );

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/signup',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await details(req, reply);
      if (!interaction) return gone(req, reply);
      return sendPage(reply, signupView(interaction.uid, languageOf(req)));
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/login',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await details(req, reply);
      if (!interaction) return expired(reply);
      const email = formField(req.body, 'email').slice(0, 320);
      const password = formField(req.body, 'password').slice(0, PASSWORD_MAX * 4);
      const staff = isStaffSignIn(interaction.params);
      const lang = languageOf(req);
      if (!email || !password) {
        return sendPage(
          reply,
          loginView(interaction.uid, lang, email, messages.wrongCredentials, null, staff),
          400,
        );
      }
      const result = await authenticate(db, email, password, {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      if (!result.ok) {
        const message = result.reason === 'locked' ? messages.locked : messages.wrongCredentials;
        return sendPage(
          reply,
          loginView(interaction.uid, lang, email, message, null, staff),
          result.reason === 'locked' ? 429 : 401,
        );
      }
      const method = await getMfaMethod(db, result.userId);
      if (method)
        return beginSecondStep(kit, req, reply, {
          uid: interaction.uid,
          userId: result.userId,
          method,
          staff,
        });
      return finish(req, reply, interaction, {
        login: { accountId: result.userId, amr: ['pwd'], remember: true },
      });
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/signup',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await details(req, reply);
      if (!interaction) return expired(reply);
      const email = normalizeEmail(formField(req.body, 'email')).slice(0, 320);
      const password = formField(req.body, 'password');
      const confirmPassword = formField(req.body, 'confirmPassword');
      const terms = formField(req.body, 'terms') !== '';
      const lang = languageOf(req);
      const t = translator(idpPages, lang);
      const fieldErrors: Record<string, string> = {};
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fieldErrors.email = messages.invalidEmail;
      const weak = passwordProblem(password, [email]);
      if (weak) fieldErrors.password = weak;
      if (password !== confirmPassword) fieldErrors.confirmPassword = messages.passwordsMustMatch;
      if (!terms) fieldErrors.terms = messages.termsRequired;
      const again = (error: string | null, status: number) => {
        const shown = Object.fromEntries(
          Object.entries(fieldErrors).map(([field, message]) => [field, idpMessageIn(lang, message)]),
        );
        return sendPage(
          reply,
          signupView(interaction.uid, lang, {
            email,
            terms,
            fieldErrors: shown,
            error: idpMessageIn(lang, error),
          }),
          status,
        );
      };
      if (Object.keys(fieldErrors).length) return again(t('signup.correct'), 400);

      let result: SignUpResult;
      try {
        result = await signUp(db, config, {
          email,
          password,
          ip: req.ip ?? null,
          userAgent: req.headers['user-agent'] ?? null,
          language: lang,
        });
      } catch (err) {
        if (!(err instanceof IdpUserError)) throw err;
        if (err.code === 'WEAK_PASSWORD') fieldErrors.password = err.message;
        else fieldErrors.email = err.message;
        return again(err.message, 400);
      }
      if (result.outcome === 'too-many-from-ip') {
        return again(t('signup.tooMany'), 429);
      }
      if (result.outcome === 'created') logger.info({ userId: result.userId }, 'account created');
      // A new address and a taken one see the same page (the taken one's owner got an email).
      return sendPage(
        reply,
        checkEmailPage({
          email,
          loginHref: `${base(interaction.uid)}/login`,
          homeUrl: home,
          resendAction: `${base(interaction.uid)}/resend-verification`,
          page: { lang },
        }),
      );
    },
  );
  return kit;
}
