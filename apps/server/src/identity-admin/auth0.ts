import type { Config } from '../config.ts';
import type { Logger } from '../platform/logger.ts';
import {
  type IdentityAdmin,
  IdentityAdminError,
  isSocialSubject,
  type MfaEnrolment,
  type MfaType,
} from './port.ts';

/**
 * The IdentityAdmin port over Auth0's Management API v2, for a tenant that is the API's issuer
 * (the token's `sub` is the Auth0 user_id). It authenticates with client credentials (a
 * machine-to-machine application; scopes in the README) and caches the token until shortly
 * before it expires.
 *
 * NOTE: deleting a user's sessions and refresh tokens (DELETE /users/{id}/sessions and
 * /refresh-tokens) exists only on Auth0 Enterprise plans: revokeSessions always forgets the
 * "remember this browser" MFA cookie and tries both, logging (not failing) when the tenant
 * answers 403/404 for them. Issued access tokens stay valid until they expire (Auth0's API
 * token lifetime), as with the built-in provider.
 */
export type Auth0Settings = NonNullable<Config['auth0']>;

interface Auth0User {
  user_id: string;
  email?: string;
  email_verified?: boolean;
  identities?: { connection: string; provider: string; isSocial?: boolean }[];
}

interface AuthenticationMethod {
  id: string;
  type: string;
  confirmed?: boolean;
}

/** Auth0 authentication-method types that are second factors, as the spec's MFA types. */
const mfaTypes: Record<string, MfaType> = {
  totp: 'authenticator',
  'push-notification': 'authenticator',
  guardian: 'authenticator',
  'webauthn-roaming': 'authenticator',
  'webauthn-platform': 'authenticator',
  phone: 'sms',
  email: 'email',
};

export class Auth0ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(method: string, path: string, status: number, body: unknown) {
    const detail = typeof body === 'object' && body && 'message' in body ? `: ${String(body.message)}` : '';
    super(`Auth0 ${method} ${path} answered ${status}${detail}`);
    this.status = status;
    this.body = body;
  }
}

export function createAuth0IdentityAdmin(
  settings: Auth0Settings,
  opts: { logger?: Logger; fetch?: typeof fetch } = {},
): IdentityAdmin {
  const http = opts.fetch ?? fetch;
  const api = `${settings.baseUrl}/api/v2`;
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const res = await http(`${settings.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        audience: `${settings.baseUrl}/api/v2/`,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) throw new Auth0ApiError('POST', '/oauth/token', res.status, body);
    // Renew a minute early (or at half-life for short tokens) so a call never carries a stale one.
    const ttl = (body.expires_in ?? 3600) * 1000;
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(ttl - 60_000, ttl / 2) };
    return token.value;
  }

  /** One Management API call; retries once on 401 (token revoked) and on 429 (rate limit). */
  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    for (let attempt = 0; ; attempt++) {
      const res = await http(`${api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let data: unknown = null;
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = text;
      }
      if (res.ok) return { status: res.status, data: data as T };
      if (attempt === 0 && res.status === 401) {
        token = null;
        continue;
      }
      if (attempt === 0 && res.status === 429) {
        const wait = Math.min(Number(res.headers.get('retry-after') ?? 1), 5) * 1000;
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      throw new Auth0ApiError(method, path.replace(/\/users\/[^/?]+/, '/users/{id}'), res.status, data);
    }
  }

  const user = (id: string) => `/users/${encodeURIComponent(id)}`;

  async function getUser(subject: string): Promise<Auth0User> {
    try {
      return (await call<Auth0User>('GET', `${user(subject)}?fields=user_id,email,email_verified,identities`))
        .data;
    } catch (err) {
      if (err instanceof Auth0ApiError && err.status === 404)
        throw new IdentityAdminError('NOT_FOUND', 'No such identity');
      throw err;
    }
  }

  async function mfaStatus(subject: string): Promise<MfaEnrolment[]> {
    let methods: AuthenticationMethod[];
    try {
      ({ data: methods } = await call<AuthenticationMethod[]>(
        'GET',
        `${user(subject)}/authentication-methods`,
      ));
    } catch (err) {
      if (err instanceof Auth0ApiError && err.status === 404) return [];
      throw err;
    }
    const seen = new Set<MfaType>();
    for (const m of methods ?? []) {
      const type = mfaTypes[m.type];
      if (type && m.confirmed !== false) seen.add(type);
    }
    return [...seen].map((type) => ({ status: 'confirmed', type }));
  }

  return {
    async changePassword(subject, newPassword) {
      const found = await getUser(subject);
      // Passwords live in a database connection; Auth0 needs its name to update one.
      const connection = found.identities?.find((i) => i.provider === 'auth0')?.connection;
      if (!connection) throw new IdentityAdminError('NOT_FOUND', 'This identity has no password');
      try {
        await call('PATCH', user(subject), { password: newPassword, connection });
      } catch (err) {
        if (err instanceof Auth0ApiError && err.status === 400 && /password/i.test(err.message)) {
          // Auth0's message names the rule the password breaks (PasswordStrengthError and kin).
          const body = err.body as { message?: string } | null;
          throw new IdentityAdminError('WEAK_PASSWORD', body?.message ?? 'Password is too weak');
        }
        if (err instanceof Auth0ApiError && err.status === 404)
          throw new IdentityAdminError('NOT_FOUND', 'No such identity');
        throw err;
      }
    },

    async createMfaEnrollmentTicket(subject) {
      const { data } = await call<{ ticket_url?: string }>('POST', '/guardian/enrollments/ticket', {
        user_id: subject,
        send_mail: false,
      });
      if (!data?.ticket_url) throw new Error('Auth0 returned no enrolment ticket URL');
      return data.ticket_url;
    },

    getMfaStatus: mfaStatus,

    async disableMfa(subject) {
      // NOTE: read, then delete: Auth0 does not say whether the DELETE removed anything. Two
      // calls at once may both answer true; the built-in provider decides under a row lock.
      const wasOn = (await mfaStatus(subject)).length > 0;
      // Only the second factors (OTP, SMS, email, push); passkeys and the password stay.
      try {
        await call('DELETE', `${user(subject)}/authenticators`);
      } catch (err) {
        if (!(err instanceof Auth0ApiError && err.status === 404)) throw err;
      }
      return wasOn;
    },

    async sendVerificationEmail(subject) {
      const found = await getUser(subject);
      if (found.email_verified) return 'already-verified';
      await call('POST', '/jobs/verification-email', { user_id: subject });
      return 'sent';
    },

    async deleteUser(subject) {
      try {
        await call('DELETE', user(subject));
      } catch (err) {
        if (!(err instanceof Auth0ApiError && err.status === 404)) throw err;
      }
    },

    async sendPasswordReset(subject) {
      const found = await getUser(subject);
      if (!found.email || !found.identities?.some((i) => i.provider === 'auth0'))
        throw new IdentityAdminError('NOT_FOUND', 'This identity has no password to reset');
      // Auth0 answers with a single-use link (ticket); we email it ourselves, with our words.
      const { data } = await call<{ ticket?: string }>('POST', '/tickets/password-change', {
        user_id: subject,
        ttl_sec: 1800,
        mark_email_as_verified: false,
        includeEmailInRedirect: false,
      });
      if (!data?.ticket) throw new Error('Auth0 returned no password-change ticket');
      return { via: 'link', email: found.email, url: data.ticket };
    },

    async revokeSessions(subject) {
      await call('POST', `${user(subject)}/multifactor/actions/invalidate-remember-browser`);
      for (const what of ['sessions', 'refresh-tokens']) {
        try {
          await call('DELETE', `${user(subject)}/${what}`);
        } catch (err) {
          if (err instanceof Auth0ApiError && (err.status === 403 || err.status === 404)) {
            opts.logger?.warn(
              { status: err.status, what },
              'Auth0 would not delete the user sessions/refresh tokens (Enterprise-only endpoint?)',
            );
            continue;
          }
          throw err;
        }
      }
    },

    // The spec's rule; covers Auth0's google-oauth2|… and facebook|… user ids.
    isSocial: isSocialSubject,
  };
}
