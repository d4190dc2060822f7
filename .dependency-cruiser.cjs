/**
 * Dependency rules, checked by `npm run lint` (ARCHITECTURE.md, "Module graph", says why).
 * A rule names the direction that is forbidden; everything else is allowed.
 * The billing folders' own order (no cycle between them) is checked by a second cruise, of
 * billing's code without its tests: `.dependency-cruiser.billing-folders.cjs` (ADR 58).
 */
const accountCatalog = require('./apps/web/build/account-catalog.json');
const literal = (path) => path.replace(/[.]/g, '\\.');
// The files whose words are in the account catalog: its folders, less the `except` files.
const accountOnly = `^apps/web/src/features/(?!(${accountCatalog.except.map(literal).join('|')})$)(${accountCatalog.folders.join('|')})/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere, type-only imports included: a two-way need becomes a port.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'modules-through-index',
      severity: 'error',
      comment: 'A module uses another only through its index.ts, never its internal files.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'lower-layers-below-modules',
      severity: 'error',
      comment: 'platform, gateways, the identity provider and its admin port never import a module.',
      from: { path: '^apps/server/src/(platform|gateways|idp|identity-admin)/' },
      to: { path: '^apps/server/src/(modules|services\\.ts|main\\.ts|cli\\.ts)' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; shared code lives in packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      comment: 'packages/contracts is below both apps.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'account-sections-load-with-their-words',
      severity: 'error',
      comment:
        "The account page's later sections have a catalog of their own, loaded with them (ADR 86): only " +
        'later-sections.tsx (and they themselves) may import their files, else a screen would show their ' +
        'messages before the catalog is in. A file the rest of the customer area uses goes in ' +
        "apps/web/build/account-catalog.json's `except` (its words then stay in the customer catalog).",
      // Tests run outside the app: they may.
      from: {
        pathNot: [accountOnly, '^apps/web/src/features/account/later-sections\\.tsx$', '\\.test\\.tsx?$'],
      },
      to: { path: accountOnly },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.ssr|\\.tmp)/' },
    // Type-only imports count: a cycle through types still couples the files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
  },
};
