import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

/**
 * A second, minimal OpenID Connect issuer for tests, in-process on a free port (node:http):
 * discovery, JWKS, and an authorization-code flow (PKCE, state, nonce, client secret) that
 * signs in whoever the test names with `signInAs` (no login page: the test is the user).
 *
 * It stands in for an external issuer the API trusts (Auth0, Keycloak: tests sign access
 * tokens with `sign`, the API checks them through discovery + JWKS like any issuer's) and for
 * an upstream provider of the built-in one's social sign-in (Google).
 */
export interface UpstreamUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface LocalOidcProvider {
  /** The issuer identifier exactly as tokens carry it (e.g. with Auth0's trailing slash). */
  issuer: string;
  /** Where the server listens ('http://127.0.0.1:port'). */
  origin: string;
  /** Signs a JWT with the published key; `iss`, `iat`, `exp` (5 min) unless given in claims. */
  sign(claims: JWTPayload, opts?: { expiresIn?: string | number; typ?: string }): Promise<string>;
  /** Signs with a key that is not published (a forged token). */
  signWithStrangerKey(claims: JWTPayload): Promise<string>;
  /** The next /authorize signs this user in. */
  signInAs(user: UpstreamUser): void;
  /** Registers a confidential client for the code flow. */
  addClient(client: { clientId: string; clientSecret: string; redirectUris: string[] }): void;
  /** Every request seen (method and path), for assertions. */
  requests: string[];
  close(): Promise<void>;
}

export interface LocalOidcOptions {
  /** Path of the issuer under the origin: '' (default), or e.g. '/realms/pria'. */
  issuerPath?: string;
  /** Publish the issuer with a trailing slash, as Auth0 does ('https://tenant.auth0.com/'). */
  trailingSlash?: boolean;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  scope: string;
  user: UpstreamUser;
  expiresAt: number;
}

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, jwk };
}

export async function startLocalOidcProvider(opts: LocalOidcOptions = {}): Promise<LocalOidcProvider> {
  const key = await newKey(randomUUID());
  // Same kid as the real key: the verifier must check the signature, not just look the kid up.
  const stranger = await newKey(key.jwk.kid as string);
  const clients = new Map<string, { clientSecret: string; redirectUris: string[] }>();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, UpstreamUser>();
  const requests: string[] = [];
  let nextUser: UpstreamUser | null = null;
  const base = (opts.issuerPath ?? '').replace(/\/$/, '');

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${base}${opts.trailingSlash ? '/' : ''}`;
  const at = (p: string) => `${origin}${base}${p}`;

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res
      .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      .end(JSON.stringify(body));

  async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
  }

  async function sign(claims: JWTPayload, o: { expiresIn?: string | number; typ?: string } = {}) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.jwk.kid as string, typ: o.typ ?? 'JWT' })
      .setIssuer(claims.iss ?? issuer)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp ?? o.expiresIn ?? '5m')
      .sign(key.privateKey);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    requests.push(`${req.method} ${url.pathname}`);
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname;

    if (req.method === 'GET' && path === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: at('/authorize'),
        token_endpoint: at('/token'),
        userinfo_endpoint: at('/userinfo'),
        jwks_uri: at('/jwks'),
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (req.method === 'GET' && path === '/jwks') return json(res, 200, { keys: [key.jwk] });

    if (req.method === 'GET' && path === '/authorize') {
      const q = url.searchParams;
      const client = clients.get(q.get('client_id') ?? '');
      const redirectUri = q.get('redirect_uri') ?? '';
      if (!client?.redirectUris.includes(redirectUri)) {
        return res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown client or redirect_uri');
      }
      const back = new URL(redirectUri);
      const state = q.get('state');
      if (state) back.searchParams.set('state', state);
      if (q.get('response_type') !== 'code' || !nextUser) {
        back.searchParams.set('error', nextUser ? 'unsupported_response_type' : 'access_denied');
      } else {
        const code = randomBytes(16).toString('base64url');
        codes.set(code, {
          clientId: q.get('client_id') as string,
          redirectUri,
          codeChallenge: q.get('code_challenge_method') === 'S256' ? q.get('code_challenge') : null,
          nonce: q.get('nonce'),
          scope: q.get('scope') ?? '',
          user: nextUser,
          expiresAt: Date.now() + 60_000,
        });
        back.searchParams.set('code', code);
        back.searchParams.set('iss', issuer);
      }
      return res.writeHead(302, { location: back.toString() }).end();
    }

    if (req.method === 'POST' && path === '/token') {
      const form = await readForm(req);
      let clientId = form.get('client_id') ?? '';
      let secret = form.get('client_secret') ?? '';
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      if (basic) {
        const [id, s] = Buffer.from(basic, 'base64').toString().split(':');
        clientId = decodeURIComponent(id ?? '');
        secret = decodeURIComponent(s ?? '');
      }
      const client = clients.get(clientId);
      if (!client || client.clientSecret !== secret) return json(res, 401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code);
      if (
        form.get('grant_type') !== 'authorization_code' ||
        !pending ||
        pending.expiresAt < Date.now() ||
        pending.clientId !== clientId ||
        pending.redirectUri !== form.get('redirect_uri')
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      if (pending.codeChallenge) {
        const verifier = form.get('code_verifier') ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (computed !== pending.codeChallenge) return json(res, 400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, pending.user);
      const idToken = await sign({
        ...pending.user,
        aud: clientId,
        ...(pending.nonce ? { nonce: pending.nonce } : {}),
      });
      return json(res, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: pending.scope,
        ...(pending.scope.split(' ').includes('openid') ? { id_token: idToken } : {}),
      });
    }

    if (req.method === 'GET' && path === '/userinfo') {
      const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
      const user = accessTokens.get(token);
      if (!user) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, user);
    }

    return json(res, 404, { error: 'not_found' });
  }

  return {
    issuer,
    origin,
    sign,
    async signWithStrangerKey(claims) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: stranger.jwk.kid as string })
        .setIssuer(claims.iss ?? issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(stranger.privateKey);
    },
    signInAs(user) {
      nextUser = user;
    },
    addClient(client) {
      clients.set(client.clientId, { clientSecret: client.clientSecret, redirectUris: client.redirectUris });
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
