import { afterLogoutPath, type Language, permissionsForRoles } from '@pria/contracts';
import { translator } from '@pria/contracts/i18n/format';
import { idpPages } from '@pria/contracts/i18n/idp-pages';
import Provider, {
  type Configuration,
  errors,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '../config.ts';
import { readRevocation } from '../platform/access-valid-after.ts';
import type { Db } from '../platform/db.ts';
import { requestLanguage } from '../platform/language.ts';
import type { Logger } from '../platform/logger.ts';
import type { SecurityNotifier } from '../platform/security-notices.ts';
import { chainGeneration, createPostgresAdapter } from './adapter.ts';
import type { IdpKeys } from './keys.ts';
import { esc, layout, logoutPage, messagePage, signingOutPage } from './pages.ts';
import { findUserById } from './users.ts';

/**
 * The end-session request comes from the app this session signed in to, with an ID token of the
 * same account (validated by the library before this is asked: signature, issuer, audience):
 * the person pressed Logout in Pria, so the provider does not ask again (issue 40: "Sign out of
 * Pria? Sign out / Stay signed in" left them signed in when they went Back). OpenID Connect
 * RP-Initiated Logout lets the provider skip the question exactly then; any other request (no
 * hint, another account's, a client this session never used) still asks.
 */
/** The language of a page the provider renders itself (ADR 74): cookie, else Accept-Language; Vary says so. */
function pageOf(ctx: KoaContextWithOIDC): { lang: Language } {
  ctx.vary('Accept-Language');
  ctx.vary('Cookie');
  return { lang: requestLanguage(ctx.req.headers) };
}

function askedByThisSession(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
  const session = ctx.oidc.session;
  const client = ctx.oidc.client;
  if (!hint?.payload?.sub || !session?.accountId || !client) return false;
  return hint.payload.sub === session.accountId && Boolean(session.authorizations?.[client.clientId]);
}

export const ACCESS_TOKEN_TTL = 600;
const DAY = 24 * 3600;

/** The signed-in-user claims published in ID tokens and at userinfo. */
async function accountClaims(db: Db, id: string) {
  const user = await findUserById(db, id);
  if (!user || user.disabled) return undefined;
  const name = [user.given_name, user.family_name].filter(Boolean).join(' ') || undefined;
  return {
    user,
    claims: {
      sub: user.id,
      email: user.email,
      email_verified: user.email_verified,
      ...(name ? { name } : {}),
      ...(user.given_name ? { given_name: user.given_name } : {}),
      ...(user.family_name ? { family_name: user.family_name } : {}),
    },
  };
}

/** Adds the requestable `create` prompt (OIDC prompt=create) in front of the default policy. */
function policy() {
  const base = interactionPolicy.base();
  base.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  return base;
}

export async function createProvider(deps: {
  config: Config;
  db: Db;
  logger: Logger;
  keys: Pick<IdpKeys, 'jwks' | 'cookieKeys'>;
  /** Told of a sign-in from a new device (ADR 68). */
  notifySecurity?: SecurityNotifier;
}): Promise<Provider> {
  const { config, db, logger } = deps;
  const { jwks, cookieKeys } = deps.keys;
  const home = config.publicUrl;
  // Browsers may call the provider's endpoints (the token endpoint above all) only from the web
  // app's origin and those configured (issue 39): the library's default reflects any Origin.
  const corsOrigins = new Set(config.corsOrigins);
  const audience = config.oidc.audience;
  // NOTE: on an https deployment the session cookies are always Secure. Left to the library,
  // Secure follows the request's scheme, so a proxy that does not send X-Forwarded-Proto (or
  // TRUST_PROXY left off) would silently hand out session cookies without it; with this, such a
  // request fails instead ("Cannot send secure cookie over unencrypted connection").
  const secureCookies = home.startsWith('https:') ? { secure: true } : {};

  const configuration: Configuration = {
    adapter: createPostgresAdapter(db, deps.notifySecurity),
    // biome-ignore lint/suspicious/noExplicitAny: jose's JWK and oidc-provider's JWK types differ only nominally
    jwks: jwks as any,
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', ...secureCookies },
      short: { httpOnly: true, sameSite: 'lax', ...secureCookies },
    },
    clients: [
      {
        client_id: config.oidc.clientId,
        client_name: 'Pria',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${home}/auth/callback`],
        // The landing, and the landing that says "You are signed out." after the app's own Logout.
        post_logout_redirect_uris: [`${home}/`, `${home}${afterLogoutPath}`],
      },
    ],
    clockTolerance: 5,
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: {
      acr: null,
      amr: null,
      auth_time: null,
      sid: null,
      iss: null,
      // amr rides with openid so ID tokens carry it without a claims request.
      openid: ['sub', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // screen_hint=signup opens the sign-up page; notice=signed_out says why the app sent someone
    // here (their session ended on another device: issue 29); portal=staff is the admin portal's
    // sign-in, whose page is the staff one (issue 40's walk). Only known values mean anything.
    extraParams: ['screen_hint', 'notice', 'portal'],
    pkce: { required: () => true },
    responseTypes: ['code'],
    interactions: {
      policy: policy(),
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const page = pageOf(ctx);
          ctx.type = 'html';
          ctx.body = askedByThisSession(ctx)
            ? signingOutPage(form, home, page)
            : logoutPage(form, home, page);
        },
        postLogoutSuccessSource: (ctx) => {
          const page = pageOf(ctx);
          const t = translator(idpPages, page.lang);
          ctx.type = 'html';
          ctx.body = messagePage({
            title: t('signedOut.title'),
            message: t('signedOut.message'),
            linkHref: `${home}/`,
            linkText: t('goHome'),
            homeUrl: home,
            page,
          });
        },
      },
    },
    // The SPA is first-party: it always gets a refresh token (rotated on every use). Without
    // offline_access (dropped by the library unless prompt=consent) it ends with the session.
    issueRefreshToken: (_ctx, client) =>
      client.clientId === config.oidc.clientId && client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    async extraTokenClaims(ctx: KoaContextWithOIDC, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      // The issue time in milliseconds, taken before the account is read: a revocation (issue 30)
      // made after this instant ends the token, and one made before it was seen by the read.
      // `iat` alone (seconds) could not tell a token from a revocation in the same second.
      const issuedAtMs = Date.now();
      // The generation of the chain the token comes from (the code or refresh token this request
      // read, ADR 51), never the one current now: a refresh that read its token before a
      // revocation mints a token the API refuses, however late the mint.
      const generation = chainGeneration(ctx, accountId) ?? (await readRevocation(db, accountId)).generation;
      const found = await accountClaims(db, accountId);
      if (!found) return undefined;
      const roles = found.user.roles;
      const source = ctx.oidc.entities.AuthorizationCode ?? ctx.oidc.entities.RefreshToken;
      return {
        roles,
        permissions: permissionsForRoles(roles),
        email: found.user.email,
        email_verified: found.user.email_verified,
        ...(source?.amr ? { amr: source.amr } : {}),
        ...(source?.authTime ? { auth_time: source.authTime } : {}),
        iat_ms: issuedAtMs,
        gen: generation,
        // The session the token descends from (its public uid): "This device" in Account →
        // Security, and refused once that session is signed out on its own (ADR 64).
        ...('sessionUid' in token && typeof token.sessionUid === 'string' ? { sid: token.sessionUid } : {}),
      };
    },
    async findAccount(_ctx, sub) {
      const found = await accountClaims(db, sub);
      if (!found) return undefined;
      return { accountId: sub, claims: () => found.claims };
    },
    async renderError(ctx, out, error) {
      const status = Math.max(ctx.status, 400);
      if (status >= 500) logger.error({ err: error }, 'identity provider error');
      // The protocol's own description (error_description) stays as the library words it.
      const page = pageOf(ctx);
      const t = translator(idpPages, page.lang);
      ctx.type = 'html';
      ctx.body = layout(
        t('error.title'),
        `<h1>${t.html('error.heading')}</h1>
<div class="alert" role="alert">${esc(out.error_description ?? out.error ?? t('error.fallback'))}</div>
<a class="button" href="${esc(`${home}/`)}">${t.html('goHome')}</a>`,
        { homeUrl: home, page },
      );
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * DAY,
      Grant: 30 * DAY,
      RefreshToken: (ctx, token, client) => {
        // A rotated token keeps the family's remaining lifetime (14 days from the sign-in).
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        if (rotated && client.clientAuthMethod === 'none' && !token.isSenderConstrained())
          return rotated.remainingTTL;
        return 14 * DAY;
      },
    },
    enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // Koa reads only X-Forwarded-Proto/Host through this; client IPs come from Fastify's req.ip.
  provider.proxy = config.trustProxy !== false;
  provider.on('server_error', (_ctx, err) => logger.error({ err }, 'identity provider server error'));
  // The library answers preflights and its open endpoints (discovery, keys) for any Origin, and
  // reflects it on errors: no CORS header leaves for an origin that is not allowed.
  provider.use(async (ctx, next) => {
    try {
      await next();
    } finally {
      const origin = ctx.get('Origin');
      if (origin && !corsOrigins.has(origin)) {
        for (const name of Object.keys(ctx.response.headers)) {
          if (name.toLowerCase().startsWith('access-control-')) ctx.remove(name);
        }
      }
    }
  });
  return provider;
}
