import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** What a production start of the built-in provider needs at least. */
const production = {
  NODE_ENV: 'production',
  OIDC_COOKIE_KEYS: 'k'.repeat(40),
  PRIA_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  METRICS_TOKEN: 'm'.repeat(32),
};

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
      ...production,
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
    expect(loadConfig(production).devOutbox).toBe(false);
  });

  it('refuses production without the key-encryption key, naming the variable', () => {
    const { PRIA_KEY_ENCRYPTION_KEY: _, ...withoutKek } = production;
    expect(() => loadConfig(withoutKek)).toThrow(ConfigError);
    expect(() => loadConfig(withoutKek)).toThrow(/PRIA_KEY_ENCRYPTION_KEY: required in production/);
    // An external issuer keeps no keys of ours: not needed there.
    expect(() =>
      loadConfig({ ...withoutKek, OIDC_ISSUER: 'https://tenant.example.com', OIDC_AUDIENCE: 'https://api' }),
    ).not.toThrow();
  });

  it('reads the key-encryption keys: 32 bytes in base64, the previous one only beside a new one', () => {
    const key = Buffer.alloc(32, 7);
    const other = Buffer.alloc(32, 9);
    const c = loadConfig({
      PRIA_KEY_ENCRYPTION_KEY: key.toString('base64'),
      PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: other.toString('base64url'),
    });
    expect(c.keyEncryption.key?.equals(key)).toBe(true);
    expect(c.keyEncryption.previous?.equals(other)).toBe(true);
    expect(loadConfig({}).keyEncryption).toEqual({ key: undefined, previous: undefined });
    for (const bad of ['short', Buffer.alloc(16).toString('base64'), `${key.toString('base64')}x`]) {
      expect(() => loadConfig({ PRIA_KEY_ENCRYPTION_KEY: bad })).toThrow(
        /PRIA_KEY_ENCRYPTION_KEY: 32 random bytes/,
      );
    }
    expect(() => loadConfig({ PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: key.toString('base64') })).toThrow(
      /PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: set only with another/,
    );
    expect(() =>
      loadConfig({
        PRIA_KEY_ENCRYPTION_KEY: key.toString('base64'),
        PRIA_KEY_ENCRYPTION_KEY_PREVIOUS: key.toString('base64'),
      }),
    ).toThrow(/PRIA_KEY_ENCRYPTION_KEY_PREVIOUS/);
  });

  it('refuses production with /metrics unprotected: a token, or a listener of its own', () => {
    const { METRICS_TOKEN: _, ...open } = production;
    expect(() => loadConfig(open)).toThrow(/METRICS_TOKEN: required in production, unless METRICS_PORT/);
    expect(loadConfig({ ...open, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig(production).metricsToken).toBe(production.METRICS_TOKEN);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ/);
    // Everything production lacks is named at once.
    const said = (() => {
      try {
        loadConfig({ NODE_ENV: 'production' });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(said).toMatch(/OIDC_COOKIE_KEYS[\s\S]*PRIA_KEY_ENCRYPTION_KEY[\s\S]*METRICS_TOKEN/);
  });

  it("allows CORS from PUBLIC_URL's origin and the configured ones only", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.pria.example/' }).corsOrigins).toEqual([
      'https://app.pria.example',
    ]);
    const c = loadConfig({
      PUBLIC_URL: 'https://app.pria.example',
      CORS_ORIGINS: 'https://partner.example, http://localhost:5173,https://app.pria.example',
    });
    expect(c.corsOrigins).toEqual([
      'https://app.pria.example',
      'https://partner.example',
      'http://localhost:5173',
    ]);
    for (const bad of ['partner.example', 'https://partner.example/path', '*']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS: comma-separated origins/);
    }
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
