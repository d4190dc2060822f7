import * as client from 'openid-client';
import type { Config } from '../../config.ts';
import type { SocialProviderName } from './state.ts';

/**
 * The upstream providers of social sign-in, through openid-client: Google by OpenID Connect
 * (discovery, code flow with PKCE, state and nonce, the ID token's verified email), Facebook by
 * OAuth 2 (code flow with state, then the Graph API's /me).
 */
export interface UpstreamIdentity {
  /** The upstream's stable user id (Google `sub`, Facebook app-scoped `id`). */
  subject: string;
  email: string | null;
  /** Whether the upstream vouches that the user owns the email. */
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
}

export interface Upstream {
  name: SocialProviderName;
  label: string;
  /** The prefix of the Pria account id (Auth0's naming, so ids read the same everywhere). */
  accountPrefix: string;
  authorizationUrl(p: { redirectUri: string; state: string; nonce: string; verifier: string }): Promise<URL>;
  /** Exchanges the code in `callbackUrl` and reads who signed in. Throws when anything is off. */
  identify(
    callbackUrl: URL,
    p: { state: string; nonce: string; verifier: string },
  ): Promise<UpstreamIdentity>;
}

const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';
const FACEBOOK_DIALOG = 'https://www.facebook.com/v21.0/dialog/oauth';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function google(settings: NonNullable<Config['social']['google']>, env: Config['env']): Upstream {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretPost(settings.clientSecret),
        // Plain HTTP only for a local stand-in outside production.
        settings.issuer.startsWith('http:') && env !== 'production'
          ? { execute: [client.allowInsecureRequests] }
          : undefined,
      )
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };
  return {
    name: 'google',
    label: 'Google',
    accountPrefix: 'google-oauth2',
    async authorizationUrl({ redirectUri, state, nonce, verifier }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
    },
    async identify(callbackUrl, { state, nonce, verifier }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        expectedState: state,
        expectedNonce: nonce,
        pkceCodeVerifier: verifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the ID token has no subject');
      return {
        subject: claims.sub,
        email: str(claims.email)?.toLowerCase() ?? null,
        emailVerified: claims.email_verified === true,
        givenName: str(claims.given_name),
        familyName: str(claims.family_name),
      };
    },
  };
}

/** Facebook's OAuth 2 login; `endpoints` only for tests (a local stand-in over plain HTTP). */
export function facebook(
  settings: NonNullable<Config['social']['facebook']>,
  endpoints: { dialog: string; graph: string } = { dialog: FACEBOOK_DIALOG, graph: FACEBOOK_GRAPH },
): Upstream {
  const configuration = new client.Configuration(
    {
      issuer: 'https://www.facebook.com',
      authorization_endpoint: endpoints.dialog,
      token_endpoint: `${endpoints.graph}/oauth/access_token`,
    },
    settings.clientId,
    undefined,
    client.ClientSecretPost(settings.clientSecret),
  );
  if (endpoints.graph.startsWith('http:')) client.allowInsecureRequests(configuration);
  return {
    name: 'facebook',
    label: 'Facebook',
    accountPrefix: 'facebook',
    async authorizationUrl({ redirectUri, state }) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'email public_profile',
        response_type: 'code',
        state,
      });
    },
    async identify(callbackUrl, { state }) {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: state,
        idTokenExpected: false,
      });
      const res = await client.fetchProtectedResource(
        configuration,
        tokens.access_token,
        new URL(`${endpoints.graph}/me?fields=id,email,first_name,last_name`),
        'GET',
      );
      if (!res.ok) throw new Error(`Facebook /me answered ${res.status}`);
      const me = (await res.json()) as Record<string, unknown>;
      const id = str(me.id);
      if (!id) throw new Error('Facebook returned no user id');
      return {
        subject: id,
        email: str(me.email)?.toLowerCase() ?? null,
        // Facebook does not say whether it checked the address: never enough to link accounts.
        emailVerified: false,
        givenName: str(me.first_name),
        familyName: str(me.last_name),
      };
    },
  };
}

/** The configured upstreams, in button order. */
export function configuredUpstreams(config: Config): Upstream[] {
  const list: Upstream[] = [];
  if (config.social.google) list.push(google(config.social.google, config.env));
  if (config.social.facebook) list.push(facebook(config.social.facebook));
  return list;
}
