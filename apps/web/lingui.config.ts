/**
 * Lingui (ADR 71, ADR 73): messages are written in the code in English (the source locale) with the
 * macros, extracted into PO catalogs (one per area and language), and compiled by @lingui/vite-plugin when the
 * app imports a catalog (src/app/i18n/i18n.ts). `npm run i18n:check` holds the catalogs to the code.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import accountCatalog from './build/account-catalog.json' with { type: 'json' };

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
  ]
    .filter((feature) => !accountCatalog.folders.includes(feature))
    .map((feature) => `<rootDir>/src/features/${feature}/**`),
];

/**
 * The account page's later sections (security, notifications, privacy, deleting the account): a
 * catalog of their own, loaded with them (features/account/later-sections.tsx). build/account-catalog.json
 * names their files; .dependency-cruiser.cjs holds that only those sections import them.
 */
const accountSections = {
  folders: accountCatalog.folders.map((folder) => `<rootDir>/src/features/${folder}/**`),
  // Their files the rest of the customer area uses (the consent prompt): in the customer catalog.
  except: accountCatalog.except.map((file) => `<rootDir>/src/features/${file}`),
};

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  // No fallback: a Spanish message missing from its catalog fails the check and the build.
  fallbackLocales: false,
  // Three catalogs per language (ADR 73, addendum; ADR 86): `public` (the public site and the app
  // pieces every page needs) is in the entry; `customer` (the signed-in customer area) is loaded with
  // that area (src/app/i18n/i18n.ts `loadArea`), so the landing page does not carry the customer
  // pages' words; `account` (the account page's later sections) with those sections.
  // A message used in two areas is in both catalogs, with the same id.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: ['<rootDir>/src'],
      exclude: [...staffOnly, ...customerArea, ...accountSections.folders],
    },
    {
      path: '<rootDir>/src/locales/{locale}/customer',
      include: [...customerArea, ...accountSections.except],
      exclude: staffOnly,
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: accountSections.folders,
      exclude: [...staffOnly, ...accountSections.except],
    },
  ],
  // Where each message is used, without line numbers (they would churn the catalogs on every edit).
  format: formatter({ lineNumbers: false }),
});
