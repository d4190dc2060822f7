/**
 * Lingui (ADR 71, ADR 73): messages are written in the code in English (the source locale) with the
 * macros, extracted into one PO catalog per language, and compiled by @lingui/vite-plugin when the
 * app imports a catalog (src/app/i18n/i18n.ts). `npm run i18n:check` holds the catalogs to the code.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  // No fallback: a Spanish message missing from its catalog fails the check and the build.
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      // Staff pages stay English (issue 42): nothing there is a message.
      exclude: ['**/node_modules/**', '<rootDir>/src/features/admin/**', '<rootDir>/src/sw/**'],
    },
  ],
  // Where each message is used, without line numbers (they would churn the catalogs on every edit).
  format: formatter({ lineNumbers: false }),
});
