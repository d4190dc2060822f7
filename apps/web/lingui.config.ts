/**
 * Lingui (ADR 71, ADR 73): messages are written in the code in English (the source locale) with the
 * macros, extracted into PO catalogs (one per area and language), and compiled by @lingui/vite-plugin when the
 * app imports a catalog (src/app/i18n/i18n.ts). `npm run i18n:check` holds the catalogs to the code.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// Staff pages stay English (issue 42): nothing there is a message.
const staffOnly = ['**/node_modules/**', '<rootDir>/src/features/admin/**', '<rootDir>/src/sw/**'];

/** What only the signed-in customer area imports (src/app/areas/customer-area.tsx and its screens). */
const customerArea = [
  '<rootDir>/src/app/areas/customer-area.tsx',
  '<rootDir>/src/app/layout/customer-*.tsx',
  '<rootDir>/src/app/layout/user-menu.tsx',
  ...[
    'account',
    'activity',
    'cards',
    'checkout',
    'customer',
    'dashboard',
    'delete-account',
    'geography',
    'notifications',
    'onboarding',
    'plans',
    'privacy',
    'profile',
    'progress',
    'pwa',
    'security',
    'subscription',
    'support',
  ].map((feature) => `<rootDir>/src/features/${feature}/**`),
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  // No fallback: a Spanish message missing from its catalog fails the check and the build.
  fallbackLocales: false,
  // Two catalogs per language (ADR 73, addendum): `public` (the public site and the app pieces every
  // page needs) is in the entry; `customer` (the signed-in customer area) is loaded with that area
  // (src/app/i18n/i18n.ts `loadArea`), so the landing page does not carry the customer pages' words.
  // A message used in both areas is in both catalogs, with the same id.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: ['<rootDir>/src'],
      exclude: [...staffOnly, ...customerArea],
    },
    {
      path: '<rootDir>/src/locales/{locale}/customer',
      include: customerArea,
      exclude: staffOnly,
    },
  ],
  // Where each message is used, without line numbers (they would churn the catalogs on every edit).
  format: formatter({ lineNumbers: false }),
});
