import type { Permission } from '@pria/contracts';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import { unauthorized } from './errors.ts';

/** Who is calling, as the access token says. */
export interface Principal {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  roles: string[];
  permissions: Set<string>;
  /** Authentication methods (e.g. ['pwd', 'otp']) when the issuer reports them. */
  amr: string[];
  /** Seconds since epoch of the sign-in that produced the token, when known. */
  authTime: number | null;
  /** When the token expires (ms since epoch), when it says. */
  expiresAt?: number | null;
  /**
   * When the token was issued (ms since epoch): the built-in provider's `iat_ms`, else the start
   * of `iat`'s second; null when the token says neither. Compared with the subject's "valid
   * after" instant (access-valid-after.ts).
   */
  issuedAtMs: number | null;
  /**
   * The built-in provider's revocation generation of the sign-in the token descends from
   * (`gen`, ADR 51): refused once below its subject's. Absent from other issuers' tokens.
   */
  generation?: number | null;
  /**
   * The built-in provider's session the token descends from (`sid`, the session's public uid;
   * ADR 64): Account → Security marks it "This device", and its tokens are refused once that
   * session is signed out on its own. Absent from other issuers' tokens.
   */
  sessionId?: string | null;
}

/** `iat_ms` when it agrees with `iat` (same second), else `iat` read as the start of its second. */
function issuedAtMs(payload: JWTPayload): number | null {
  const iat = typeof payload.iat === 'number' ? payload.iat : null;
  const ms = payload.iat_ms;
  if (iat !== null && typeof ms === 'number' && Math.floor(ms / 1000) === iat) return ms;
  return iat === null ? null : iat * 1000;
}

export function hasPermission(p: Principal, permission: Permission): boolean {
  return p.permissions.has(permission);
}

/** Reads a dot path ('realm_access.roles') or a namespaced URL claim ('https://x/roles'). */
function claimAt(payload: JWTPayload, claimPath: string): unknown {
  if (claimPath in payload) return payload[claimPath];
  let node: unknown = payload;
  for (const part of claimPath.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const stringList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x) => typeof x === 'string') : typeof v === 'string' ? v.split(' ') : [];

export type TokenVerifier = (token: string) => Promise<Principal>;

/**
 * Verifies bearer tokens against the issuer's published keys (discovered from
 * /.well-known/openid-configuration), so any OIDC issuer can replace the built-in one.
 */
export function createTokenVerifier(oidc: Config['oidc']): TokenVerifier {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  async function keys() {
    if (jwks) return jwks;
    const res = await fetch(`${oidc.issuer}/.well-known/openid-configuration`);
    if (!res.ok) throw new Error(`OIDC discovery failed: ${res.status}`);
    const discovery = (await res.json()) as { jwks_uri: string };
    jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    return jwks;
  }

  // Verified tokens, until they expire (at most a few minutes): a signature check per request
  // is the largest CPU cost of a cheap API call. Bounded; the oldest entries go first.
  // Keyed by the token's last characters (its signature's): a lookup hashes those instead of the
  // whole token (hundreds of characters, a new string on every request); a hit counts only for
  // the very same token, so two tokens that end alike only take each other's place.
  const verified = new Map<string, { token: string; principal: Principal; until: number }>();
  const MAX_CACHED = 10_000;
  const keyOf = (token: string) => token.slice(-32);

  return async (token) => {
    const key = keyOf(token);
    const hit = verified.get(key);
    if (hit && hit.token === token) {
      if (hit.until > Date.now()) return hit.principal;
      verified.delete(key);
    }
    const principal = await verify(token);
    verified.delete(key);
    if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value as string);
    const exp = principal.expiresAt ?? Date.now();
    verified.set(key, { token, principal, until: Math.min(exp, Date.now() + 5 * 60_000) });
    return principal;
  };

  async function verify(token: string): Promise<Principal> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await keys(), {
        // Config drops a trailing slash; some issuers (Auth0: 'https://tenant/') keep it in `iss`.
        issuer: [oidc.issuer, `${oidc.issuer}/`],
        audience: oidc.audience,
        algorithms: ['RS256', 'PS256', 'ES256'],
      }));
    } catch {
      throw unauthorized();
    }
    if (!payload.sub) throw unauthorized();
    return {
      issuer: oidc.issuer,
      subject: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : null,
      emailVerified: payload.email_verified === true,
      roles: stringList(claimAt(payload, oidc.rolesClaim)),
      permissions: new Set(stringList(claimAt(payload, oidc.permissionsClaim))),
      amr: stringList(payload.amr),
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : null,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
      issuedAtMs: issuedAtMs(payload),
      // Only our own provider's claim means anything: another issuer's `gen` is not ours.
      generation: oidc.builtIn && Number.isSafeInteger(payload.gen) ? (payload.gen as number) : null,
      sessionId: oidc.builtIn && typeof payload.sid === 'string' ? payload.sid : null,
    };
  }
}
