/**
 * React's API served by Preact (ADR 89): the app and its libraries (Mantine, React Router, TanStack
 * Query, Lingui, react-oidc-context) import `react` and `react-dom` as written, and the bundler
 * hands them Preact's compatibility layer: ~11 KB gzip instead of React's ~68 KB, on every page.
 * Used by the browser's build, the prerender's (so the HTML is hydrated by the renderer that wrote
 * it) and the unit tests that render markup (vitest.config.ts).
 */
import { fileURLToPath } from 'node:url';

export const reactOnPreact = [
  // Preact's layer plus React 19.2's <Activity>, which it does not have (see that file).
  { find: /^react$/, replacement: fileURLToPath(new URL('../src/app/preact/react.ts', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];
