import { isStaffRole } from '@pria/contracts/permissions';
import { getAuthConfig } from './user-manager.ts';

let last: { token: string; payload: Record<string, unknown> } | undefined;

/**
 * Decodes a JWT payload (base64url) without verifying it: the API verifies, the UI only chooses a
 * screen. The last token's payload is kept: the header, the menu and the areas read the same one.
 */
export function decodeJwtPayload(token: string | undefined): Record<string, unknown> {
  if (token && last?.token === token) return last.payload;
  const payload = decode(token);
  if (token) last = { token, payload };
  return payload;
}

function decode(token: string | undefined): Record<string, unknown> {
  const part = token?.split('.')[1];
  if (!part) return {};
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads a claim by dot path, e.g. 'realm_access.roles' for Keycloak or 'roles' for ours. */
function readPath(payload: Record<string, unknown>, path: string): unknown {
  let current: unknown = payload;
  for (const key of path.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function toStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

export function rolesFromAccessToken(accessToken: string | undefined): string[] {
  return toStringList(readPath(decodeJwtPayload(accessToken), getAuthConfig().rolesClaim));
}

export function permissionsFromAccessToken(accessToken: string | undefined): string[] {
  return toStringList(readPath(decodeJwtPayload(accessToken), getAuthConfig().permissionsClaim));
}

/**
 * Staff (support, finance, admin) enter the admin portal: a staff role, or any permission at all
 * (an external issuer may name its roles otherwise; customers carry no permissions).
 */
export function isAdminToken(accessToken: string | undefined): boolean {
  return (
    rolesFromAccessToken(accessToken).some(isStaffRole) || permissionsFromAccessToken(accessToken).length > 0
  );
}

/** Where a signed-in person belongs: staff to the admin portal, everyone else to the dashboard. */
export function homePathFor(accessToken: string | undefined): '/admin' | '/dashboard' {
  return isAdminToken(accessToken) ? '/admin' : '/dashboard';
}
