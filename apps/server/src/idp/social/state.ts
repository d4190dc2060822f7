import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The social sign-in's short-lived browser state (which interaction, the upstream's state,
 * nonce and PKCE verifier; later the account signed in), kept in one HttpOnly cookie signed
 * with the provider's cookie keys. Signed, not encrypted: it only ever holds values the
 * browser's own sign-in needs, and no one can forge or alter it without a key.
 */
export const SOCIAL_COOKIE = 'pria_social';
export const SOCIAL_STATE_TTL_SECONDS = 10 * 60;

export type SocialProviderName = 'google' | 'facebook';

/** Between the redirect to the upstream and its callback. */
export interface PendingSocialSignIn {
  stage: 'pending';
  uid: string;
  provider: SocialProviderName;
  state: string;
  nonce: string;
  verifier: string;
  exp: number;
}

/** After the callback: who signed in, waiting for the interaction page to finish the login. */
export interface CompletedSocialSignIn {
  stage: 'done';
  uid: string;
  provider: SocialProviderName;
  accountId: string;
  exp: number;
}

export type SocialState = PendingSocialSignIn | CompletedSocialSignIn;

const mac = (key: string, payload: string) =>
  createHmac('sha256', key).update(`pria-social.${payload}`).digest('base64url');

export function sealState(keys: string[], state: SocialState): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  const [key] = keys;
  if (!key) throw new Error('no cookie key');
  return `${payload}.${mac(key, payload)}`;
}

/** The state when the signature (any current key) holds and it has not expired; else null. */
export function openState(keys: string[], value: string | undefined, nowMs = Date.now()): SocialState | null {
  if (!value || value.length > 4096) return null;
  const [payload, sig] = value.split('.');
  if (!payload || !sig) return null;
  const given = Buffer.from(sig);
  const valid = keys.some((k) => {
    const expected = Buffer.from(mac(k, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SocialState;
    return typeof state.exp === 'number' && state.exp * 1000 > nowMs ? state : null;
  } catch {
    return null;
  }
}

export function stateCookie(value: string, opts: { secure: boolean; maxAge: number }): string {
  return [
    `${SOCIAL_COOKIE}=${value}`,
    'Path=/oidc',
    `Max-Age=${opts.maxAge}`,
    'HttpOnly',
    // Lax: sent on the upstream's top-level redirect back to the callback.
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}
