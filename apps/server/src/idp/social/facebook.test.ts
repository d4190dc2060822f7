import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facebook } from './upstream.ts';

/** Facebook's OAuth 2 login (code for token, then Graph /me) against a local stand-in. */
describe('Facebook upstream', () => {
  let server: http.Server;
  let graph: string;
  const seen: { path: string; form?: URLSearchParams; auth?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      seen.push({ path: url.pathname, form, auth: req.headers.authorization });
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && url.pathname === '/v21.0/oauth/access_token') {
        const ok =
          form.get('client_id') === 'fb-app' &&
          form.get('client_secret') === 'fb-secret' &&
          form.get('code') === 'the-code' &&
          form.get('redirect_uri') === 'http://pria.test/oidc/social/facebook/callback';
        return ok
          ? json(200, { access_token: 'fb-token', token_type: 'bearer', expires_in: 5000 })
          : json(400, { error: { message: 'Invalid verification code format.', type: 'OAuthException' } });
      }
      if (url.pathname === '/v21.0/me') {
        if (req.headers.authorization !== 'Bearer fb-token') return json(401, { error: {} });
        return json(200, { id: '10229', email: 'Fiona@Example.com', first_name: 'Fiona', last_name: 'Lee' });
      }
      return json(404, {});
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    graph = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('builds the dialog URL and reads the user from the Graph API, never as a verified email', async () => {
    const fb = facebook(
      { clientId: 'fb-app', clientSecret: 'fb-secret' },
      { dialog: `${graph}/dialog/oauth`, graph },
    );
    const url = await fb.authorizationUrl({
      redirectUri: 'http://pria.test/oidc/social/facebook/callback',
      state: 'st',
      nonce: 'n',
      verifier: 'v',
    });
    expect(url.searchParams.get('client_id')).toBe('fb-app');
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('state')).toBe('st');

    const who = await fb.identify(
      new URL('http://pria.test/oidc/social/facebook/callback?code=the-code&state=st'),
      { state: 'st', nonce: 'n', verifier: 'v' },
    );
    expect(who).toEqual({
      subject: '10229',
      email: 'fiona@example.com',
      emailVerified: false,
      givenName: 'Fiona',
      familyName: 'Lee',
    });
    expect(fb.accountPrefix).toBe('facebook');
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    const fb = facebook(
      { clientId: 'fb-app', clientSecret: 'fb-secret' },
      { dialog: `${graph}/dialog/oauth`, graph },
    );
    await expect(
      fb.identify(new URL('http://pria.test/oidc/social/facebook/callback?code=the-code&state=other'), {
        state: 'st',
        nonce: 'n',
        verifier: 'v',
      }),
    ).rejects.toThrow();
  });
});
