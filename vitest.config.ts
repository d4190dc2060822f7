import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './apps/web/build/react-on-preact.ts';

export default defineConfig({
  // The web app's Lingui macros and catalogs, for its tests (a file without a macro is not touched).
  plugins: [lingui({ configPath: 'apps/web/lingui.config.ts', macroTransform: true })],
  // The web app's markup rendered by what renders it in the browser and the prerender (ADR 89).
  resolve: { alias: reactOnPreact },
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Integration tests share one embedded PostgreSQL server (one database per test file).
    pool: 'forks',
    // A worker runs its files one after another in one process, its modules imported once (ADR 63):
    // each file's own process spent 1.6 s importing the server, 327 s of a 494 s run. Every file
    // makes its own database, app and pools, and nothing in the suite mocks a module.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
