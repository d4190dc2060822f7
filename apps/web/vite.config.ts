import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.ts';
import { mantineStableIds } from './build/mantine-stable-ids.ts';
import { minifyPlainScripts } from './build/minify-plain-scripts.ts';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';
import { reactOnPreact } from './build/react-on-preact.ts';
import { scrollAreaRefs } from './build/scroll-area-refs.ts';

const apiTarget = 'http://localhost:3000';
// '/gateway': the payment processors' pages served by the API (simulator sessions, 3-D Secure step-up).
const proxied = ['/api', '/oidc', '/config.json', '/dev', '/healthz', '/gateway'];

export default defineConfig({
  plugins: [
    // Lingui's macros compiled by its native transform (no Babel step), and its PO catalogs compiled
    // when imported; a missing Spanish message or a message that is not valid ICU fails the build (ADR 73).
    lingui({
      configPath: fileURLToPath(new URL('./lingui.config.ts', import.meta.url)),
      macroTransform: true,
      failOnMissing: true,
      failOnCompileError: true,
    }),
    react(),
    mantineStableIds(),
    scrollAreaRefs(),
    firstScreenChunks(),
    pwa(),
    minifyPlainScripts(),
    precompress(),
  ],
  // React's API served by Preact (ADR 89).
  resolve: { alias: reactOnPreact },
  // Every library in the prerender's bundle, so its `react` is Preact too (Node would load React).
  ssr: { noExternal: true },
  // The year the prerendered HTML shows in the footer (public-footer.tsx).
  define: { __BUILD_YEAR__: String(new Date().getFullYear()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // NOTE: no module preloads for dynamic imports: Vite's helper adds one <link> per dependency
    // of a lazy chunk in one go (~40 for a customer screen), 25-35 ms of a phone's main thread in a
    // single task at 1x; the browser fetches those imports itself once the chunk arrives. The
    // preloads index.html lists for the entry stay. Their stylesheets still load with the chunk.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
  preview: {
    port: 4173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
