import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, suiteChromium } from './e2e/fixtures/chromium.ts';
import { e2e } from './e2e/fixtures/env.ts';

/**
 * End-to-end tests drive the system Chromium (never a downloaded browser) against the real
 * app: built web bundle, API, built-in OIDC provider and an embedded PostgreSQL in a fresh
 * data directory. `npm run test:e2e` runs two of these side by side, one shard each, on ports of
 * their own (e2e/run-shards.ts, ADR 56).
 */
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
/** Scans this server's tables and log for card data: after every other spec this run ran. */
const cardDataScan = /customer\/zz-no-card-data\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // One per server: two runs side by side must not clear each other's results.
  outputDir: `.tmp/test-results-${e2e.port}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: e2e.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker (ADR 28) stays out of every spec but the PWA ones (e2e/pwa/, which allow
    // it): a worker installed by one page would otherwise precache in the background while a test
    // runs, and a test's page would be answered by whichever version it had cached.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions(suiteChromium),
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: cardDataScan, teardown: 'card-data-scan' },
    // The chromium project's teardown: Playwright runs it after that project's last test, in
    // every shard (a teardown is not split between shards), whether those tests passed or not.
    { name: 'card-data-scan', use: chromium, testMatch: cardDataScan },
  ],
  webServer: {
    command: 'node e2e/fixtures/serve.ts',
    url: `${e2e.baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
