/**
 * What GET /config.json tells the SPA about the identity provider. Checked by hand rather than with
 * zod: this runs in the entry chunk, and zod there would cost every first visit ~50 KB of gzip.
 */
export interface AuthConfig {
  authority: string;
  clientId: string;
  audience: string;
  scope: string;
  rolesClaim: string;
  permissionsClaim: string;
  /**
   * How a card typed in the browser reaches the processor: its hosted fields (Microform) or
   * encrypted to its key; `unknown` from a server that does not say (ask it: cards/queries.ts).
   */
  cardEntry: 'microform' | 'encrypted' | 'unknown';
}

function parseAuthConfig(json: unknown): AuthConfig {
  const o = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const text = (key: keyof AuthConfig, fallback?: string): string => {
    const value = o[key] ?? fallback;
    if (typeof value !== 'string' || value.length === 0) throw new Error(`config.json: ${key} is missing`);
    return value;
  };
  return {
    authority: text('authority'),
    clientId: text('clientId'),
    audience: text('audience'),
    scope: text('scope'),
    rolesClaim: text('rolesClaim', 'roles'),
    permissionsClaim: text('permissionsClaim', 'permissions'),
    cardEntry: o.cardEntry === 'microform' || o.cardEntry === 'encrypted' ? o.cardEntry : 'unknown',
  };
}

/** Used only when the server cannot be reached (e.g. `vite preview` without the API), so the public site still renders. */
function fallbackConfig(): AuthConfig {
  return {
    authority: `${window.location.origin}/oidc`,
    clientId: 'pria-web',
    audience: `${window.location.origin}/api`,
    scope: 'openid profile email offline_access',
    rolesClaim: 'roles',
    permissionsClaim: 'permissions',
    cardEntry: 'unknown',
  };
}

let loaded: Promise<AuthConfig> | undefined;

/** The settings, fetched once per page load (start-up and card forms share the answer). */
export function loadAuthConfig(): Promise<AuthConfig> {
  loaded ??= fetchAuthConfig();
  return loaded;
}

async function fetchAuthConfig(): Promise<AuthConfig> {
  try {
    const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`config.json answered ${response.status}`);
    return parseAuthConfig(await response.json());
  } catch (error) {
    console.warn('Could not load /config.json; sign-in will not work until the server is reachable.', error);
    return fallbackConfig();
  }
}
