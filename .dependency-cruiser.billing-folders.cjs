/**
 * The money engine's folders import each other in one direction only (ARCHITECTURE.md, "Money
 * flow"; ADR 58). Checked by `npm run lint:deps` in a cruise of its own, of billing's code without
 * its tests and fixtures: those drive the engine from the top (a pay-in test ticks the schedule),
 * so with them every folder would reach every other. The rules of `.dependency-cruiser.cjs` (no
 * cycle between files, type imports included) hold for all of it, tests included.
 */
const base = require('./.dependency-cruiser.cjs');

const billing = '^apps/server/src/modules/billing';

module.exports = {
  forbidden: [
    {
      name: 'billing-folders-acyclic',
      severity: 'error',
      comment:
        'No import cycle between the billing folders: a lower folder never needs a higher one. Move ' +
        'the shared definition down (a root file), or make the need a port wired by index.ts.',
      scope: 'folder',
      from: { path: `${billing}/[^/]+$` },
      to: { path: `${billing}/[^/]+$`, circular: true },
    },
    {
      name: 'billing-root-files-below-folders',
      severity: 'error',
      comment:
        "billing's root files are what every folder shares (deps and ports, calendar, references, pause " +
        'rule, log and money-event writers): they import no folder. Only index.ts, the face, does.',
      from: { path: `${billing}/[^/]+\\.ts$`, pathNot: `${billing}/index\\.ts$` },
      to: { path: `${billing}/[^/]+/` },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: [base.options.exclude.path, '\\.(test|fixture)\\.ts$'] },
  },
};
