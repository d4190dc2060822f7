import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { access } from '../platform/http.ts';

/**
 * The files the provider's pages load from our own origin (the CSP stays `script-src 'self'`):
 * the app's font for every page, the passkey sign-in's two scripts, the script that posts
 * Pria's own sign-out form (signingOutPage) and the recovery codes' Copy and Print. Read once at start.
 */
const require = createRequire(import.meta.url);
/** A file inside an installed package, found from its main entry (not every package exports package.json). */
const packageFile = (pkg: string, file: string) => {
  let dir = path.dirname(require.resolve(pkg));
  while (!dir.endsWith(path.join('node_modules', pkg)) && dir !== path.dirname(dir)) dir = path.dirname(dir);
  return readFileSync(path.join(dir, file));
};

const assets: Record<string, { body: Buffer; type: string; maxAge: number }> = {
  // The app's font, self-hosted as the app does (@fontsource-variable/inter).
  'inter-latin.woff2': {
    body: packageFile('@fontsource-variable/inter', 'files/inter-latin-wght-normal.woff2'),
    type: 'font/woff2',
    maxAge: 86_400,
  },
  'webauthn.js': {
    body: packageFile('@simplewebauthn/browser', 'dist/bundle/index.umd.min.js'),
    type: 'text/javascript; charset=utf-8',
    maxAge: 3600,
  },
  'sign-out.js': {
    body: readFileSync(new URL('./assets/sign-out.js', import.meta.url)),
    type: 'text/javascript; charset=utf-8',
    maxAge: 3600,
  },
  'recovery-codes.js': {
    body: readFileSync(new URL('./assets/recovery-codes.js', import.meta.url)),
    type: 'text/javascript; charset=utf-8',
    maxAge: 3600,
  },
  'passkey-sign-in.js': {
    body: readFileSync(new URL('./assets/passkey-sign-in.js', import.meta.url)),
    type: 'text/javascript; charset=utf-8',
    maxAge: 3600,
  },
};

export function registerAssetRoutes(app: FastifyInstance) {
  for (const [name, a] of Object.entries(assets)) {
    app.get(`/oidc/assets/${name}`, { config: access.public, schema: { hide: true } }, (_req, reply) =>
      reply.headers({ 'content-type': a.type, 'cache-control': `public, max-age=${a.maxAge}` }).send(a.body),
    );
  }
}
