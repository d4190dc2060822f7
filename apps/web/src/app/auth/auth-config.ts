import { z } from 'zod';

/** What GET /config.json tells the SPA about the identity provider. */
const authConfigSchema = z.object({
  authority: z.string().min(1),
  clientId: z.string().min(1),
  audience: z.string().min(1),
  scope: z.string().min(1),
  rolesClaim: z.string().min(1).default('roles'),
  permissionsClaim: z.string().min(1).default('permissions'),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Used only when the server cannot be reached (e.g. `vite preview` without the API), so the public site still renders. */
function fallbackConfig(): AuthConfig {
  return {
    authority: `${window.location.origin}/oidc`,
    clientId: 'pria-web',
    audience: `${window.location.origin}/api`,
    scope: 'openid profile email offline_access',
    rolesClaim: 'roles',
    permissionsClaim: 'permissions',
  };
}

export async function loadAuthConfig(): Promise<AuthConfig> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    return authConfigSchema.parse(await response.json());
  } catch (error) {
    console.warn('Could not load /config.json; sign-in will not work until the server is reachable.', error);
    return fallbackConfig();
  }
}
