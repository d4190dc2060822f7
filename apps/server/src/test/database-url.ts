import type { RoleLogin } from '../platform/db-roles.ts';

/** The same database reached as another of the test server's roles. */
export function databaseUrlAs(url: string, role: RoleLogin): string {
  const u = new URL(url);
  u.username = role.name;
  u.password = role.password;
  return u.toString();
}

/** Another database on the same server, as the same role. */
export function databaseUrlOf(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
