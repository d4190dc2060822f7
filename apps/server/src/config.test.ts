import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.oidc.issuer).toBe('http://localhost:3000/oidc');
    expect(c.oidc.builtIn).toBe(true);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('.data')).toBe(true);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('follows PORT and PUBLIC_URL into the issuer, and accepts an external issuer', () => {
    expect(loadConfig({ PORT: '4100' }).oidc.issuer).toBe('http://localhost:4100/oidc');
    const ext = loadConfig({ OIDC_ISSUER: 'https://tenant.example.com/', OIDC_AUDIENCE: 'https://api.pria' });
    expect(ext.oidc.issuer).toBe('https://tenant.example.com');
    expect(ext.oidc.builtIn).toBe(false);
    expect(ext.oidc.audience).toBe('https://api.pria');
  });

  it('reads web push keys as a pair, a subject, and the push services it may post to', () => {
    const none = loadConfig({});
    expect(none.webPush).toEqual({
      vapid: undefined,
      subject: 'mailto:support@pria.example',
      allowedHosts: expect.arrayContaining(['fcm.googleapis.com', '.push.apple.com']),
      allowLoopback: true,
    });
    const publicKey = `B${'a'.repeat(86)}`;
    const privateKey = 'p'.repeat(43);
    const c = loadConfig({
      WEB_PUSH_VAPID_PUBLIC_KEY: publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: privateKey,
      WEB_PUSH_SUBJECT: 'https://pria.example/contact',
      WEB_PUSH_ALLOWED_HOSTS: 'push.example.com, .push.example.net',
      NODE_ENV: 'production',
      OIDC_COOKIE_KEYS: 'k'.repeat(40),
    });
    expect(c.webPush).toEqual({
      vapid: { publicKey, privateKey },
      subject: 'https://pria.example/contact',
      allowedHosts: ['push.example.com', '.push.example.net'],
      allowLoopback: false,
    });
    expect(() => loadConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: publicKey })).toThrow(/WEB_PUSH_VAPID_PRIVATE_KEY/);
    expect(() =>
      loadConfig({ WEB_PUSH_VAPID_PRIVATE_KEY: 'short', WEB_PUSH_VAPID_PUBLIC_KEY: publicKey }),
    ).toThrow(/WEB_PUSH_VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'ops@pria.example' })).toThrow(/WEB_PUSH_SUBJECT/);
  });

  it('requires cookie keys for the built-in provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_COOKIE_KEYS/);
    expect(loadConfig({ NODE_ENV: 'production', OIDC_COOKIE_KEYS: 'k'.repeat(40) }).devOutbox).toBe(false);
  });

  it('reads Auth0 management and social sign-in settings, all of a group or none', () => {
    const none = loadConfig({});
    expect(none.auth0).toBeUndefined();
    expect(none.social).toEqual({ google: undefined, facebook: undefined });
    const c = loadConfig({
      AUTH0_DOMAIN: 'pria.us.auth0.com',
      AUTH0_MANAGEMENT_CLIENT_ID: 'id',
      AUTH0_MANAGEMENT_CLIENT_SECRET: 'secret',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
    });
    expect(c.auth0).toEqual({ baseUrl: 'https://pria.us.auth0.com', clientId: 'id', clientSecret: 'secret' });
    expect(c.social.google).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'g',
      clientSecret: 'gs',
    });
    expect(c.social.facebook).toBeUndefined();
    expect(() => loadConfig({ AUTH0_DOMAIN: 'pria.us.auth0.com' })).toThrow(/AUTH0_MANAGEMENT_CLIENT_SECRET/);
    expect(() => loadConfig({ FACEBOOK_CLIENT_ID: 'f' })).toThrow(/FACEBOOK_CLIENT_SECRET/);
  });
});
