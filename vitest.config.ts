import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Integration tests share one embedded PostgreSQL server (one database per test file).
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
