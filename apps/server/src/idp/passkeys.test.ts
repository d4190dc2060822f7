import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedInUser } from '../test/customers.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { CookieJar, oidcLogin } from '../test/oidc-login.ts';
import { softAuthenticator } from '../test/soft-authenticator.ts';

/**
 * Passkeys (issue 18): added through the account API, used on the sign-in page's ceremony, and
 * refused when the response is for another origin or RP id, replays a challenge or moves the
 * counter back. A passkey sign-in's tokens say multi-factor (amr).
 */
let t: TestApp;
let ann: Api;
const email = 'passkey-ann@example.com';
let rp: { origin: string; rpId: string };

beforeAll(async () => {
  t = await startTestApp();
  ann = await signedInUser(t, email);
  rp = { origin: new URL(t.url).origin, rpId: new URL(t.url).hostname };
});
afterAll(() => t?.stop());

async function addPasskey(api: Api, key: ReturnType<typeof softAuthenticator>, name = 'Laptop') {
  const options = await api.post('/api/v1/account/passkeys/options');
  expect(options.status).toBe(200);
  return api.post('/api/v1/account/passkeys', { name, response: key.register(options.body.data) });
}

/** The provider's sign-in page, reached as a browser does (authorize, then the interaction). */
async function signInPage(): Promise<string> {
  const jar = new CookieJar();
  let url = `${t.url}/oidc/auth?${new URLSearchParams({
    client_id: 'pria-web',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${t.url}/auth/callback`,
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
    resource: `${t.url}/api`,
  })}`;
  for (let hop = 0; hop < 5; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    if (res.status < 300 || res.status >= 400) return res.text();
    url = new URL(res.headers.get('location') ?? '', url).toString();
  }
  throw new Error('no sign-in page');
}

const signInWith = (key: ReturnType<typeof softAuthenticator>, lie = {}) =>
  oidcLogin({ baseUrl: t.url, email: '', password: '', passkey: (o) => key.authenticate(o, lie) });

describe('passkeys', () => {
  it('the sign-in page offers one through script files of our own origin, never inline', async () => {
    const page = await signInPage();
    expect(page).toContain('Sign in with a passkey');
    expect(page).toContain('autocomplete="username webauthn"');
    expect(page).not.toMatch(/<script(?![^>]*\ssrc="\/oidc\/assets\/)/i);
    for (const file of ['webauthn.js', 'passkey-sign-in.js']) {
      const res = await fetch(`${t.url}/oidc/assets/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    }
    expect(await (await fetch(`${t.url}/oidc/assets/webauthn.js`)).text()).toContain('SimpleWebAuthnBrowser');
  });

  it('every provider page carries the app’s brand: its logo, and Inter served from our origin', async () => {
    const page = await signInPage();
    expect(page).toMatch(/<a class="brand"[^>]*aria-label="Pria home"><svg[^>]*aria-hidden="true"/);
    expect(page).toContain('src:url(/oidc/assets/inter-latin.woff2)');
    const font = await fetch(`${t.url}/oidc/assets/inter-latin.woff2`);
    expect(font.status).toBe(200);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOF2');
  });

  it('adds a passkey (emailed once), lists it, and signs in with it as multi-factor', async () => {
    const key = softAuthenticator(rp);
    const options = await ann.post('/api/v1/account/passkeys/options');
    expect(options.body.data.rp).toEqual({ name: 'Pria', id: rp.rpId });
    expect(options.body.data.authenticatorSelection.residentKey).toBe('required');
    const added = await ann.post('/api/v1/account/passkeys', {
      name: '  Work laptop ',
      response: key.register(options.body.data),
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: 'Work laptop', lastUsedAt: null, synced: false });

    // The same response again: its challenge is used up.
    const replay = await ann.post('/api/v1/account/passkeys', {
      name: 'Again',
      response: key.register(options.body.data),
    });
    expect(replay.status).toBe(400);

    const notices = await t.db
      .selectFrom('message_outbox')
      .select('subject')
      .where('recipient', '=', email)
      .where('subject', '=', 'A passkey was added to your Pria account')
      .execute();
    expect(notices).toHaveLength(1);
    const row = await t.db
      .selectFrom('idp_passkeys')
      .selectAll()
      .where('credential_id', '=', key.credentialId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.public_key).length).toBeGreaterThan(60);
    expect(row.transports).toEqual(['internal']);

    const tokens = await signInWith(key);
    const claims = decodeJwt(tokens.access_token);
    const user = await t.db
      .selectFrom('idp_users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(claims.sub).toBe(user.id);
    const id = decodeJwt(tokens.id_token ?? '');
    expect(id.amr).toEqual(['hwk', 'user', 'mfa']);

    const list = await ann.get('/api/v1/account/passkeys');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].lastUsedAt).not.toBeNull();
  });

  it('refuses another origin, another RP id, a counter that goes back and an unknown passkey', async () => {
    const bob = await signedInUser(t, 'passkey-bob@example.com');
    const key = softAuthenticator(rp);
    // Registration made for another site is refused and stores nothing.
    const options = await bob.post('/api/v1/account/passkeys/options');
    const foreign = await bob.post('/api/v1/account/passkeys', {
      name: 'Phish',
      response: key.register(options.body.data, { rpId: 'evil.example' }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('That passkey could not be added. Try again.');
    expect((await bob.get('/api/v1/account/passkeys')).body.data).toEqual([]);

    expect((await addPasskey(bob, key)).status).toBe(201);
    await expect(signInWith(key, { origin: 'https://evil.example' })).rejects.toThrow(
      /could not sign you in/,
    );
    await expect(signInWith(key, { rpId: 'evil.example' })).rejects.toThrow(/could not sign you in/);
    await signInWith(key, { counter: 5 });
    await expect(signInWith(key, { counter: 5 })).rejects.toThrow(/could not sign you in/);
    await expect(signInWith(key, { counter: 3 })).rejects.toThrow(/could not sign you in/);
    await signInWith(key, { counter: 6 });
    await expect(signInWith(softAuthenticator(rp))).rejects.toThrow(/not registered with Pria/);
  });

  it('renames and removes only the caller’s own passkeys; bad input is a clear 400, never a 500', async () => {
    const cat = await signedInUser(t, 'passkey-cat@example.com');
    const key = softAuthenticator(rp);
    const mine = (await addPasskey(cat, key, 'Phone')).body.data.id as string;

    expect((await ann.patch(`/api/v1/account/passkeys/${mine}`, { name: 'Stolen' })).status).toBe(404);
    expect((await ann.delete(`/api/v1/account/passkeys/${mine}`)).status).toBe(404);
    expect((await cat.patch(`/api/v1/account/passkeys/${mine}`, { name: '' })).status).toBe(400);
    expect((await cat.patch(`/api/v1/account/passkeys/${mine}`, { name: 'x'.repeat(65) })).status).toBe(400);
    expect((await cat.patch('/api/v1/account/passkeys/not-a-uuid', { name: 'A' })).status).toBe(400);
    expect((await cat.post('/api/v1/account/passkeys', { name: 'A', response: 'junk' })).status).toBe(400);
    expect(
      (
        await cat.post('/api/v1/account/passkeys', {
          name: 'A',
          response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
        })
      ).status,
    ).toBe(400);
    expect((await cat.patch(`/api/v1/account/passkeys/${mine}`, { name: 'My phone' })).status).toBe(200);
    expect((await cat.get('/api/v1/account/passkeys')).body.data[0].name).toBe('My phone');

    const removed = await cat.delete(`/api/v1/account/passkeys/${mine}`);
    expect(removed.status).toBe(200);
    expect((await cat.get('/api/v1/account/passkeys')).body.data).toEqual([]);
    await expect(signInWith(key)).rejects.toThrow(/not registered with Pria/);
    const removedNotices = await t.db
      .selectFrom('message_outbox')
      .select('subject')
      .where('recipient', '=', 'passkey-cat@example.com')
      .where('subject', '=', 'A passkey was removed from your Pria account')
      .execute();
    expect(removedNotices).toHaveLength(1);

    // The sign-in ceremony answers malformed input with words, never a 500.
    const page = await fetch(`${t.url}/oidc/interaction/nope/passkey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":1}',
    });
    expect(page.status).toBe(400);
    expect(((await page.json()) as { message: string }).message).toMatch(/expired/);
  });
});
