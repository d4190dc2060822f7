import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from './auth-config.ts';
import { readStoredUser } from './stored-user.ts';

const config = { authority: 'https://pria.test/oidc', clientId: 'pria-web' } as AuthConfig;
const key = 'oidc.user:https://pria.test/oidc:pria-web';
const now = Date.UTC(2026, 11, 5, 12, 0, 0);
const inSeconds = (s: number) => now / 1000 + s;

let storage: Map<string, string>;
function stubStorage(throws = false) {
  storage = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => {
        if (throws) throw new Error('SecurityError');
        return storage.get(k) ?? null;
      },
    },
  });
}

describe('the session stored on this browser, read without the OIDC client', () => {
  beforeEach(() => stubStorage());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is the stored user, with the fields the app reads and a live `expired`', () => {
    vi.useFakeTimers({ now });
    storage.set(
      key,
      JSON.stringify({
        access_token: 'a.b.c',
        id_token: 'i.d.t',
        refresh_token: 'r',
        profile: { sub: 'u1', name: 'Ana Díaz' },
        expires_at: inSeconds(300),
      }),
    );
    const user = readStoredUser(config, 60, now);
    expect(user?.access_token).toBe('a.b.c');
    expect(user?.id_token).toBe('i.d.t');
    expect(user?.refresh_token).toBe('r');
    expect(user?.profile).toEqual({ sub: 'u1', name: 'Ana Díaz' });
    expect(user?.expired).toBe(false);
    vi.setSystemTime(now + 301_000);
    expect(user?.expired).toBe(true);
  });

  it('is read under this provider and client only', () => {
    storage.set(
      'oidc.user:https://other.test/oidc:pria-web',
      JSON.stringify({ access_token: 'x', expires_at: inSeconds(300) }),
    );
    expect(readStoredUser(config, 60, now)).toBeNull();
  });

  it('is none when its token ends within the time asked for (a screen: a minute) or has ended', () => {
    storage.set(key, JSON.stringify({ access_token: 'a.b.c', expires_at: inSeconds(59) }));
    expect(readStoredUser(config, 60, now)).toBeNull();
    expect(readStoredUser(config, 0, now)?.access_token).toBe('a.b.c');
    storage.set(key, JSON.stringify({ access_token: 'a.b.c', expires_at: inSeconds(-10) }));
    expect(readStoredUser(config, 0, now)).toBeNull();
  });

  it('is none when what is stored is not a user: no token, no expiry, not JSON, or storage refused', () => {
    for (const text of [
      JSON.stringify({ expires_at: inSeconds(300) }),
      JSON.stringify({ access_token: '', expires_at: inSeconds(300) }),
      JSON.stringify({ access_token: 'a.b.c' }),
      JSON.stringify({ access_token: 'a.b.c', expires_at: String(inSeconds(300)) }),
      'null',
      '{not json',
    ]) {
      storage.set(key, text);
      expect(readStoredUser(config, 60, now), text).toBeNull();
    }
    stubStorage(true);
    expect(readStoredUser(config, 60, now)).toBeNull();
  });
});
