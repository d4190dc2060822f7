/**
 * Dependency rules, checked by `npm run lint` (ARCHITECTURE.md, "Module graph", says why).
 * A rule names the direction that is forbidden; everything else is allowed.
 * The billing folders' own order (no cycle between them) is checked by a second cruise, of
 * billing's code without its tests: `.dependency-cruiser.billing-folders.cjs` (ADR 58).
 */
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.ssr|\\.tmp)/' },
    // Type-only imports count: a cycle through types still couples the files.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
  },
};
