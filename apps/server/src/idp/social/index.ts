import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config.ts';
import { readCookie } from '../../platform/cookies.ts';
import type { Db } from '../../platform/db.ts';
import { access } from '../../platform/http.ts';
import type { Logger } from '../../platform/logger.ts';
import { beginSecondStep, type InteractionKit } from '../interaction-mfa.ts';
import { getMfaMethod } from '../mfa.ts';
import { languageOf } from '../page-language.ts';
import { sendPage } from '../pages.ts';
import { recordEvent } from '../users.ts';
import { resolveSocialAccount, socialMessages } from './accounts.ts';
import {
  openState,
  SOCIAL_COOKIE,
  SOCIAL_STATE_TTL_SECONDS,
  type SocialProviderName,
  sealState,
  stateCookie,
} from './state.ts';
import type { Upstream } from './upstream.ts';

export { configuredUpstreams } from './upstream.ts';

/**
 * Social sign-in on the built-in provider's pages ("Continue with Google / Facebook"):
 *
 * 1. GET  /oidc/interaction/:uid/social/:provider  the button: state, nonce and PKCE verifier go
 *    into a signed cookie, the browser goes to the upstream.
 * 2. GET  /oidc/social/:provider/callback          the upstream's redirect (one fixed URI to
 *    register): checks state, exchanges the code, picks the account (accounts.ts).
 * 3. GET  /oidc/interaction/:uid/social/complete   back on the interaction's path (its cookie):
 *    a second factor when the account has one, then the login finishes like a password one.
 */
export const SOCIAL_AMR = ['fed'];

export interface SocialButton {
  label: string;
  href: string;
}

export function socialButtons(upstreams: Upstream[], base: string): SocialButton[] {
  return upstreams.map((u) => ({ label: `Continue with ${u.label}`, href: `${base}/social/${u.name}` }));
}

export async function registerSocialRoutes(
  app: FastifyInstance,
  kit: InteractionKit,
  deps: { config: Config; db: Db; logger: Logger; upstreams: Upstream[]; cookieKeys: string[] },
): Promise<void> {
  const { config, db, logger, upstreams } = deps;
  if (upstreams.length === 0) return;
  const keys = deps.cookieKeys;
  const secure = config.publicUrl.startsWith('https:');
  const byName = new Map(upstreams.map((u) => [u.name, u]));
  const callbackUri = (name: SocialProviderName) => `${config.publicUrl}/oidc/social/${name}/callback`;

  const setState = (reply: FastifyReply, value: string, maxAge = SOCIAL_STATE_TTL_SECONDS) =>
    reply.header('set-cookie', stateCookie(value, { secure, maxAge }));
  const clearState = (reply: FastifyReply) => setState(reply, '', 0);
  const currentState = (req: FastifyRequest) =>
    openState(keys, readCookie(req.headers.cookie, SOCIAL_COOKIE));
  const epoch = () => Math.floor(Date.now() / 1000);
  const refuse = (reply: FastifyReply, uid: string, message: string, status = 400) =>
    sendPage(clearState(reply), kit.loginPage(languageOf(reply.request), uid, message), status);

  app.get<{ Params: { uid: string; provider: string } }>(
    '/oidc/interaction/:uid/social/:provider',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await kit.details(req, reply);
      if (!interaction) return kit.expired(reply);
      const upstream = byName.get(req.params.provider as SocialProviderName);
      if (!upstream) return refuse(reply, interaction.uid, 'This sign-in option is not available.', 404);
      const pending = {
        stage: 'pending' as const,
        uid: interaction.uid,
        provider: upstream.name,
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        exp: epoch() + SOCIAL_STATE_TTL_SECONDS,
      };
      let target: URL;
      try {
        target = await upstream.authorizationUrl({ redirectUri: callbackUri(upstream.name), ...pending });
      } catch (err) {
        logger.error({ err, provider: upstream.name }, 'social sign-in: upstream unavailable');
        return refuse(reply, interaction.uid, socialMessages(upstream.label).failed, 502);
      }
      setState(reply, sealState(keys, pending));
      return reply.code(303).header('cache-control', 'no-store').redirect(target.toString(), 303);
    },
  );

  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>(
    '/oidc/social/:provider/callback',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const upstream = byName.get(req.params.provider as SocialProviderName);
      const pending = currentState(req);
      if (!upstream || pending?.stage !== 'pending' || pending.provider !== upstream.name) {
        return kit.expired(clearState(reply));
      }
      const text = socialMessages(upstream.label);
      const ctx = { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null };
      if (req.query.error) {
        // The user cancelled at the upstream (access_denied) or it refused: back to the sign-in.
        return refuse(reply, pending.uid, `${upstream.label} sign-in was cancelled. Choose how to log in.`);
      }
      let who: Awaited<ReturnType<Upstream['identify']>>;
      try {
        const url = new URL(req.url, config.publicUrl);
        who = await upstream.identify(new URL(`${callbackUri(upstream.name)}${url.search}`), pending);
      } catch (err) {
        logger.warn({ err, provider: upstream.name }, 'social sign-in: code exchange failed');
        return refuse(reply, pending.uid, text.failed);
      }
      const outcome = await resolveSocialAccount(db, config, upstream, who);
      await recordEvent(db, {
        ...ctx,
        userId: outcome.ok ? outcome.accountId : null,
        email: who.email,
        success: outcome.ok,
        reason: outcome.ok ? `social-${upstream.name}-${outcome.how}` : `social-${upstream.name}-refused`,
      });
      if (!outcome.ok) return refuse(reply, pending.uid, outcome.message, 409);
      logger.info({ userId: outcome.accountId, provider: upstream.name, how: outcome.how }, 'social sign-in');
      const done = {
        stage: 'done' as const,
        uid: pending.uid,
        provider: upstream.name,
        accountId: outcome.accountId,
        exp: epoch() + 120,
      };
      setState(reply, sealState(keys, done), 120);
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(`${kit.base(pending.uid)}/social/complete`, 303);
    },
  );

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/social/complete',
    { config: access.public, schema: { hide: true } },
    async (req, reply) => {
      const interaction = await kit.details(req, reply);
      if (!interaction) return kit.expired(clearState(reply));
      const done = currentState(req);
      clearState(reply);
      if (done?.stage !== 'done' || done.uid !== interaction.uid) return kit.expired(reply);
      const method = await getMfaMethod(db, done.accountId);
      if (method)
        return beginSecondStep(kit, req, reply, { uid: interaction.uid, userId: done.accountId, method });
      return kit.finish(req, reply, interaction, {
        login: { accountId: done.accountId, amr: SOCIAL_AMR, remember: true },
      });
    },
  );
}
